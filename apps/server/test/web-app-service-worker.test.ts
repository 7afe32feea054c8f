import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

/**
 * The door station's service worker (vite-plugin-pwa, apps/web/vite.config.ts) sits next to
 * index.html, unhashed: it and its manifest must be revalidated on every load, or a deploy would not
 * reach a station, and a browser registers a worker only from a script served as JavaScript.
 */
describe(`web app: service worker and manifest (${TEST_DB})`, () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    // A stand-in web build, with the files the PWA plugin writes.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-web-pwa-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    const files: Record<string, string> = {
      'index.html':
        '<!doctype html><link rel="manifest" href="./manifest.webmanifest"><title>MeetFlow</title>',
      'assets/index-Bx7f3k2q.js': 'console.log(1);',
      'sw.js': 'importScripts("./workbox-9c191d2f.js");',
      'workbox-9c191d2f.js': 'self.workbox = {};',
      'manifest.webmanifest': '{"name":"MeetFlow","start_url":"./#/station"}',
    };
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(webDist, file), text);
    ctx = await createTestContext({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves sw.js, the Workbox runtime and the manifest with no-cache and their content types', async () => {
    for (const [url, type] of [
      ['/sw.js', /^(application|text)\/javascript/],
      ['/workbox-9c191d2f.js', /^(application|text)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(type);
    }
  });

  it('lets the page register a same-origin worker and load the manifest', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    // No manifest-src: it falls back to default-src 'self'.
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/manifest-src/);
    // The worker's own script answer carries the same policy: it fetches and imports same-origin only.
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(String(worker.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(String(worker.headers['content-security-policy'])).toMatch(/connect-src 'self'/);
  });
});
