import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only the pieces a bar chart uses; loaded with the report, never with the list or the shell.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const COLOR = '#1677ff';

/** One question's distribution as horizontal bars (options or points, counted); updated in place. */
export function QuestionChart(props: {
  labels: string[];
  values: number[];
  series: string;
  /** What the picture shows, read out instead of the canvas. */
  ariaLabel: string;
  testId: string;
}) {
  const { labels, values, series } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 200 },
        plugins: { tooltip: { enabled: true } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { grid: { display: false } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = labels;
    current.data.datasets = [{ label: series, data: values, backgroundColor: COLOR, maxBarThickness: 22 }];
    current.update();
  }, [labels, values, series]);

  // Tall enough for every bar to keep its label.
  const height = Math.max(120, labels.length * 32 + 40);
  return (
    <div style={{ position: 'relative', height }} data-testid={props.testId}>
      <canvas ref={canvas} role="img" aria-label={props.ariaLabel} />
    </div>
  );
}
