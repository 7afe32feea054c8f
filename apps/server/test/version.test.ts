import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const rootPackage = new URL('../../../package.json', import.meta.url);
const rootVersion = (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version: string }).version;

describe(`the version an instance reports (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers health with the root package.json version', async () => {
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+/);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ code: 0, data: { version: rootVersion } });
  });

  it('names where the source can be had when SOURCE_URL is set, and null when it is not', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.source_url).toBeNull();
    const other = await createTestContext({ SOURCE_URL: 'https://git.example.org/college/meetflow' });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.json().data.source_url).toBe('https://git.example.org/college/meetflow');
    } finally {
      await other.close();
    }
  });

  it('reads the version beside the sources, as in an image whose app folder is the repository root', async () => {
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-version-'));
    try {
      fs.mkdirSync(path.join(app, 'apps/server/src'), { recursive: true });
      fs.copyFileSync(
        new URL('../src/version.ts', import.meta.url),
        path.join(app, 'apps/server/src/version.ts'),
      );
      fs.writeFileSync(
        path.join(app, 'package.json'),
        JSON.stringify({ name: 'meetflow', version: '7.8.9' }),
      );
      const copied = (await import(path.join(app, 'apps/server/src/version.ts'))) as { VERSION: string };
      expect(copied.VERSION).toBe('7.8.9');
      fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'meetflow' }));
      const { readVersion } = copied as unknown as { readVersion: () => string };
      expect(() => readVersion()).toThrow(/no semantic "version"/);
    } finally {
      fs.rmSync(app, { recursive: true, force: true });
    }
  });
});
