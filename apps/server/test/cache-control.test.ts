import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

describe(`Cache-Control of personal data (${TEST_DB})`, () => {
  let ctx: TestContext;
  let webDist: string;
  let meeting: MeetingFixture;
  beforeAll(async () => {
    // A stand-in web build: an app shell and one hashed asset.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MeetFlow</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Bx7f3k2q.js'), 'console.log(1);');
    ctx = await createTestContext({ WEB_DIST: webDist });
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps tokens out of caches: login, refresh and the visitor’s guest answers say no-store', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { ...ADMIN, captcha_id: await ctx.captcha(), verify_code: CAPTCHA_ANSWER },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/create',
      headers: bearer(login.json().data.token.refresh_token),
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');

    const signed = await signUp(ctx, meeting.publicId, generalBody(1));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('no-store');
    const guest = await guestRequest(ctx, signed.json().data.guest_token, 'GET', '/api/public/guest');
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-store');
  });

  it('answers authenticated data (the user, guest lists with phones) and failures with no-store', async () => {
    const { access_token } = await ctx.login();
    for (const url of [
      '/api/me',
      `/api/meetings/${meeting.id}/guests`,
      '/api/meetings/999999',
      '/api/nope',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(access_token) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A URL the router rejects before any hook runs.
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/meetings/%zz' });
    expect(broken.headers['cache-control']).toBe('no-store');
    expect(broken.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps hashed static assets immutable and revalidates the app shell', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-Bx7f3k2q.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A subresource: what applies to it, not the page's own policy headers.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/index.html']) {
      const shell = await ctx.app.inject({ method: 'GET', url });
      expect(shell.statusCode, url).toBe(200);
      expect(shell.headers['cache-control'], url).toBe('no-cache');
      expect(shell.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(shell.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the build through one wildcard route: the app shell for client routes, envelopes for the API', async () => {
    // One route per built file (about 650 with their compressed twins, each with a HEAD route) cost
    // every start ~10 MB and ~0.1 s; files are now looked up when asked.
    expect(ctx.app.hasRoute({ method: 'GET', url: '/assets/index-Bx7f3k2q.js' })).toBe(false);
    fs.writeFileSync(path.join(webDist, 'assets', 'later-C9d2.js'), 'console.log(2);');
    const later = await ctx.app.inject({ method: 'GET', url: '/assets/later-C9d2.js' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('console.log(2);');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/index-Bx7f3k2q.js' });
    expect(head.statusCode).toBe(200);
    const clientRoute = await ctx.app.inject({ method: 'GET', url: '/meeting_management/guest' });
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.body).toContain('<title>MeetFlow</title>');
    expect(clientRoute.headers['cache-control']).toBe('no-cache');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(Number), data: null });
    const outside = await ctx.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(outside.body).not.toContain('root:');
  });
});
