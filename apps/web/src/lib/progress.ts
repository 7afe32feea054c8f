/*
 * Navigation progress bar. nprogress and its stylesheet load on the first navigation rather than
 * with the entry chunk: a visitor opening one public page never needs them.
 */
type NProgressApi = typeof import('nprogress');

let enabled = true;
let running = false;
let api: NProgressApi | null = null;
let loading: Promise<NProgressApi> | null = null;

function load(): Promise<NProgressApi> {
  loading ??= Promise.all([
    import('nprogress'),
    import('nprogress/nprogress.css'),
    import('./progress.css'),
  ]).then(([mod]) => {
    const nprogress = mod.default;
    nprogress.configure({
      showSpinner: false,
      trickleSpeed: 150,
      // The default template carries role="bar", which is not an ARIA role; the bar is decoration.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    api = nprogress;
    return nprogress;
  });
  return loading;
}

export function setProgressEnabled(on: boolean): void {
  enabled = on;
  if (!on) api?.done(true);
}

export function progressStart(): void {
  if (!enabled) return;
  running = true;
  void load().then((nprogress) => {
    if (running) nprogress.start();
  });
}

export function progressDone(): void {
  running = false;
  api?.done();
}
