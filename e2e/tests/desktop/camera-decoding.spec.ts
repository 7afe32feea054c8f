import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { openStation } from '../../support/door.ts';
import { fakeCameraArgs, writeFakeCameraVideo } from '../../support/fake-camera.ts';
import { createPublicMeeting, signUpGuestCode } from '../../support/public-meetings.ts';
import { login } from '../../support/session.ts';

/**
 * The door camera reads guests' QR codes with the WebAssembly decoder (barcode-detector's ZXing),
 * served by MeetFlow itself under its CSP. The camera is Chromium's fake one, playing a video of the
 * codes; Chromium opens that file when the page starts the camera, so the test writes it once the
 * guests (and so their codes) exist.
 */
const VIDEO = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `fake-camera-${process.pid}.y4m`);

test.use({
  // The project's launch options (playwright.config.ts), plus the fake camera.
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(VIDEO)] }),
    { scope: 'worker' },
  ],
});

// ~35 MB of raw video: not left behind in the run's data folder.
test.afterAll(() => fs.rmSync(VIDEO, { force: true }));

test('the camera reads guests’ QR codes with the self-hosted WebAssembly decoder', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `Camera ${suffix}` });
  const names = ['Dora Lam', 'Eddie Wong', 'Fiona Sou'];
  const codes = await Promise.all(names.map((name) => signUpGuestCode(request, meeting.public_id, name)));
  writeFakeCameraVideo(VIDEO, codes);

  // Chrome on macOS or Android reads QR codes natively: hide that, so the wasm decoder is what is tested.
  await page.addInitScript(() => {
    delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const wasm: { url: string; status: number; type: string | undefined }[] = [];
  page.on('request', (req) => {
    if (!/^(data|blob):/.test(req.url()) && new URL(req.url()).origin !== origin) elsewhere.push(req.url());
  });
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.wasm')) {
      wasm.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] });
    }
  });
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });

  await login(page, 'en');
  await openStation(page, `Camera ${suffix} (EN)`, 'Camera door');
  expect(wasm, 'the decoder loads only when the camera opens').toEqual([]);

  await page.getByTestId('scan-camera-toggle').click();
  await expect(page.getByTestId('scan-camera')).toBeVisible();

  // Each code the camera reads shows as the latest result until the next one: watch them go by.
  const result = page.getByTestId('scan-result');
  const seen = new Map<string, Set<string>>();
  await expect
    .poll(
      async () => {
        // Tone and name read at once: the next scan may replace the result between two reads.
        const { tone, name } = await result.evaluate((element) => ({
          tone: element.getAttribute('data-tone') ?? 'idle',
          name: (element.querySelector('[data-testid="scan-result-name"]') ?? element).textContent ?? '',
        }));
        if (tone !== 'idle') seen.set(tone, (seen.get(tone) ?? new Set()).add(name.trim()));
        // The console alongside: a decoder that failed to load (CSP, 404) says why there.
        return { read: [...(seen.get('success') ?? [])].sort(), complaints };
      },
      { timeout: 45_000, intervals: [200] },
    )
    .toEqual({ read: [...names].sort(), complaints: [] });
  expect(seen.get('refused'), 'no misread code').toBeUndefined();

  expect(wasm).toHaveLength(1);
  expect(wasm[0]!.url).toMatch(new RegExp(`^${origin}/assets/zxing_reader-[\\w-]+\\.wasm$`));
  expect(wasm[0]!.status).toBe(200);
  // The MIME type lets the browser compile while downloading; with another it falls back and says so.
  expect(wasm[0]!.type).toBe('application/wasm');
  expect(elsewhere, 'nothing is fetched from another origin').toEqual([]);
  expect(complaints, 'no CSP refusal nor wasm error in the console').toEqual([]);
});
