import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the pieces these two charts use, so the dashboard's chunk stays small.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface TrendChartProps {
  kind: 'line' | 'bar';
  labels: string[];
  values: number[];
  series: string;
  color: string;
  /** Accessible description of the picture. */
  ariaLabel: string;
  testId?: string;
}

/** One series over time on a canvas; updated in place when the figures change (no flicker). */
export function TrendChart({ kind, labels, values, series, color, ariaLabel, testId }: TrendChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: kind,
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 200 },
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { display: false }, tooltip: { enabled: true } },
        scales: {
          // Offset: a single day or slot sits in the middle, not on the axis.
          x: { offset: true, grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [kind]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = labels;
    current.data.datasets = [
      {
        label: series,
        data: values,
        borderColor: color,
        backgroundColor: kind === 'line' ? `${color}33` : color,
        fill: kind === 'line',
        tension: 0.25,
        pointRadius: values.length > 60 ? 0 : 3,
        borderWidth: 2,
        maxBarThickness: 28,
      },
    ];
    current.update();
  }, [kind, labels, values, series, color]);

  return (
    <div style={{ position: 'relative', height: 280 }} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
    </div>
  );
}
