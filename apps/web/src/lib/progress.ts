import './progress.css';

/*
 * Navigation progress bar: a thin bar along the top that creeps forward while a page's chunk loads
 * and completes when it has arrived. Plain DOM with nprogress's look and pace (it was 2 KB gzip that
 * every first page load fetched).
 */
const SPEED_MS = 200;
const TRICKLE_MS = 150;

let enabled = true;
let running: { host: HTMLElement; bar: HTMLElement; timer: ReturnType<typeof setInterval> } | null = null;
let status = 0;

function place(bar: HTMLElement, n: number) {
  bar.style.transform = `translate3d(${(n - 1) * 100}%, 0, 0)`;
}

export function setProgressEnabled(on: boolean): void {
  enabled = on;
  if (!on) progressDone();
}

export function progressStart(): void {
  if (!enabled || running) return;
  const host = document.createElement('div');
  host.className = 'mf-progress';
  host.setAttribute('aria-hidden', 'true');
  const bar = document.createElement('div');
  bar.className = 'mf-progress-bar';
  bar.appendChild(document.createElement('div')).className = 'mf-progress-peg';
  host.appendChild(bar);
  place(bar, 0);
  document.body.appendChild(host);
  // Laid out at 0 first, so that the first step slides in.
  void bar.offsetWidth;
  status = 0.08;
  place(bar, status);
  const timer = setInterval(() => {
    // Up to 2 % a step, never reaching the end on its own.
    status = Math.min(status + Math.random() * 0.02, 0.994);
    place(bar, status);
  }, TRICKLE_MS);
  running = { host, bar, timer };
}

export function progressDone(): void {
  if (!running) return;
  const { host, bar, timer } = running;
  running = null;
  clearInterval(timer);
  place(bar, 1);
  setTimeout(() => {
    host.style.opacity = '0';
    setTimeout(() => host.remove(), SPEED_MS);
  }, SPEED_MS);
}
