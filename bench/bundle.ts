import { createMeetflowClient, unwrap } from '@meetflow/api-client';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { pdfDocument, pngImage } from '../e2e/support/files.ts';
import { chromiumLaunch } from './lib.ts';

/** KB a page load took over the wire: response bodies as sent (compressed or not) plus their headers. */
export interface Transferred {
  scriptsKb: number;
  totalKb: number;
}

export interface ColdLoads {
  signUp: Transferred;
  login: Transferred;
  pdf: Transferred;
  admin: Transferred;
}

/**
 * Loads `url` in a fresh context (empty cache) and sums what Chromium received for every request
 * until the page is ready and the network is idle: the browser's own accounting of real HTTP
 * answers from the running server, so compression counts exactly as it is negotiated.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  options: BrowserContextOptions = {},
): Promise<Transferred> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const sizes: Promise<{ script: boolean; bytes: number; url: string }>[] = [];
    context.on('requestfinished', (request) => {
      sizes.push(
        (async () => {
          const [sent, response] = await Promise.all([request.sizes(), request.response()]);
          // A module worker's script body is reported on the worker's own target, which Playwright
          // does not read (it says 0): the Content-Length the server sent with it stands in.
          const body = sent.responseBodySize || Number((await response?.headerValue('content-length')) ?? 0);
          return {
            script: request.resourceType() === 'script',
            bytes: body + sent.responseHeadersSize,
            url: request.url(),
          };
        })(),
      );
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    // BENCH_SCRIPTS=1 lists each script a cold load received: what to look at when a budget fails.
    if (process.env.BENCH_SCRIPTS) {
      for (const r of all.filter((x) => x.script).sort((a, b) => b.bytes - a.bytes))
        console.log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
      console.log(`  ${url}\n`);
    }
    const kb = (list: typeof all) => list.reduce((sum, r) => sum + r.bytes, 0) / 1024;
    return { scriptsKb: kb(all.filter((r) => r.script)), totalKb: kb(all) };
  } finally {
    await context.close();
  }
}

async function call<T>(baseUrl: string, token: string | null, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.message} ${JSON.stringify(body.data)}`);
  return body.data;
}

/**
 * A public meeting with a banner and a schedule PDF, set up through the admin API with the typed
 * client (@meetflow/api-client: a body or answer that no longer matches the API fails the typecheck).
 */
export async function publicMeeting(baseUrl: string, admin: { account: string; password: string }) {
  const anonymous = createMeetflowClient({ baseUrl });
  const login = await unwrap(anonymous.POST('/api/login', { body: admin }));
  const token = login.token.access_token;
  const api = createMeetflowClient({ baseUrl, token });
  // Uploads are multipart, which the typed client does not build: plain fetch.
  const upload = (kind: string, name: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return call<{ id: string }>(baseUrl, token, '/files', { method: 'POST', body: form });
  };
  const org = await unwrap(api.POST('/api/organizations', { body: { name: `Bench org ${Date.now()}` } }));
  const banner = await upload('banner', 'banner.png', 'image/png', pngImage(360, 120));
  const schedule = await upload('pdf', 'schedule.pdf', 'application/pdf', pdfDocument());
  const start = Date.UTC(2030, 0, 10);
  return unwrap(
    api.POST('/api/meetings', {
      body: {
        organization_id: org.id,
        name: '基準會議',
        name_cn: '基准会议',
        name_en: 'Bench meeting',
        location: '澳門',
        start_at: start,
        end_at: start + 2 * 86_400_000,
        registration_limit: 0,
        multi_language: false,
        signup_enabled: true,
        meeting_type: 'general',
        banner_file_id: banner.id,
        schedule_file_id: schedule.id,
        guide_file_id: null,
      },
    }),
  );
}

/**
 * Cold loads a browser really makes against the running server: the public sign-up page, the
 * login page, a schedule PDF page (pdf.js and its worker), and the back office of a logged-in
 * user opening it afresh (the meeting list).
 */
export async function measureColdLoads(
  baseUrl: string,
  admin: { account: string; password: string },
): Promise<ColdLoads> {
  const meeting = await publicMeeting(baseUrl, admin);
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const signUp = await coldLoad(browser, `${baseUrl}/#/sign-up/${meeting.public_id}`, (page) =>
      page.getByTestId('public-banner').waitFor(),
    );
    const pdf = await coldLoad(browser, `${baseUrl}/#/schedule/${meeting.public_id}`, (page) =>
      page.locator('[data-testid="pdf-page-1"][data-rendered="true"]').waitFor(),
    );
    const login = await coldLoad(browser, `${baseUrl}/#/login`, (page) =>
      page.getByTestId('login-account').waitFor(),
    );

    // The session lives in local storage: log in once, then open the back office with an empty cache.
    const session = await browser.newContext();
    const page = await session.newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByTestId('login-account').fill(admin.account);
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('sidebar').waitFor();
    const storageState = await session.storageState();
    await session.close();
    const adminLoad = await coldLoad(
      browser,
      `${baseUrl}/#/meeting_management/meeting`,
      (p) => p.getByTestId('sidebar').waitFor(),
      { storageState },
    );
    return { signUp, login, pdf, admin: adminLoad };
  } finally {
    await browser.close();
  }
}
