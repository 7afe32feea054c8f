import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
const script = `export const greeting = ${JSON.stringify('你好 '.repeat(2000))};\n`;
const shell = `<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** A tiny built web app as the build leaves it: each text file with its .br and .gz siblings. */
function fakeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [file, text] of [
    ['index.html', shell],
    ['assets/app.js', script],
  ] as const) {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  return dist;
}

/** The headers and first chunk of a GET over a connection of its own, which is then dropped. */
function firstChunk(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      response.once('data', (chunk: Buffer) => {
        resolve({ headers: response.headers, chunk: chunk.toString('utf8') });
        request.destroy();
      });
    });
    request.on('error', reject);
    // A compressor holding the events back shows up as a quiet socket.
    request.setTimeout(5000, () => reject(new Error('no data within 5 s')));
  });
}

describe(`compressed delivery (${TEST_DB})`, () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fakeWebDist();
    ctx = await createTestContext({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the built brotli or gzip file by Accept-Encoding, as built, with Vary', async () => {
    const asset = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await asset(CHROMIUM_ENCODINGS);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Exactly the built file: nothing compressed it a second time on the way out.
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/app.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await asset('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the app shell precompressed too, at / and for any other path', async () => {
    for (const url of ['/', '/some/deep/link']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': CHROMIUM_ENCODINGS },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(shell);
    }
  });

  it('compresses an API answer above 1 KB, which decompresses to the envelope', async () => {
    const token = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    for (let n = 0; n < 8; n += 1) await createMeeting(ctx.db, org, { name: `壓縮會議 ${n}` });
    const request = (encoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/meetings?page=1&page_size=8',
        headers: { ...bearer(token), 'accept-encoding': encoding },
      });

    const plain = await request('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await request(CHROMIUM_ENCODINGS);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const envelope = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(envelope).toEqual(plain.json());
    expect(envelope.code).toBe(0);
    expect(envelope.data.items).toHaveLength(8);

    const gzip = await request('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': CHROMIUM_ENCODINGS },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(0);
  });

  it('never compresses the live statistics stream', async () => {
    const token = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    const meeting = await createMeeting(ctx.db, org);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const stream = await firstChunk(
      `http://127.0.0.1:${port}/api/attendance/stream?meeting_id=${meeting.id}`,
      {
        ...bearer(token),
        accept: 'text/event-stream',
        'accept-encoding': CHROMIUM_ENCODINGS,
      },
    );
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    // The first event arrives readable as it is, not held back in a compressor's buffer.
    expect(stream.chunk).toMatch(/^(event|:|retry|data)/m);
  });
});
