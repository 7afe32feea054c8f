import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './server-process.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.js');
const HOOK = path.resolve(import.meta.dirname, 'loaded-modules.ts');

/**
 * What a restart loads before it serves: none of the dependencies that only some requests need
 * (docs/decisions/0071-load-on-first-use.md). They load on first use; one imported at the top of
 * a module again would put its cost back on every start, which no other test would notice.
 */
const LOADED_ON_FIRST_USE = [
  '@node-rs/argon2', // passwords: login, first administrator
  '@zxcvbn-ts/', // password strength: setting a password
  'jose', // access tokens: login, authenticated requests
  'svg-captcha', // captchas (and the font it parses)
  'nodemailer', // sending mail
  'mjml', // rendering mail (in its worker)
  'qrcode',
  'ical-generator',
  'ioredis', // REDIS_URL only
  'file-type', // uploads
  'image-size',
  'yauzl', // imports: reading spreadsheets
  'saxes',
  'csv-parse',
  'chardet',
  'yazl', // exports: XLSX and ZIP
  'request-filtering-agent', // webhook deliveries
  '@cantoo/pdf-lib', // certificates and badges (in their worker)
  'fontkit',
  'pg', // the PostgreSQL driver (and pg-pool, pg-protocol…): DATABASE_URL only
  'ajv', // Fastify's default compilers: every schema is zod's (app.ts)
  '@fastify/ajv-compiler',
  'fast-json-stringify/index.js', // (Fastify's error serializer keeps one small file of it)
];

/** Starts the server on `dataDir` and stops it once it answers; resolves the modules it loaded. */
async function startAndStop(dataDir: string): Promise<string[]> {
  const port = await freePort();
  const file = path.join(dataDir, `loaded-${port}.json`);
  const child = spawn(process.execPath, ['--import', HOOK, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      LOADED_MODULES_FILE: file,
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  await exited;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
}

describe('start-up', () => {
  it('loads the dependencies that only some requests need on first use, not at start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-start-up-'));
    try {
      await startAndStop(dataDir); // the first start creates the database and its administrator
      const loaded = await startAndStop(dataDir);
      expect(loaded.length).toBeGreaterThan(100);
      const packages = LOADED_ON_FIRST_USE.filter((name) =>
        loaded.some((url) => url.includes(`/node_modules/${name}`)),
      );
      expect(packages).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
