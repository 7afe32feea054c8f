import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, buildServer, ENTRIES, fileFinder } from './build-server.ts';

describe('the server build refuses bundled code that finds files from its own place', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const build = (externals: string[], allowed: string[] = []) =>
    bundle({
      root,
      input: { main: 'main.js' },
      outDir: path.join(root, 'dist'),
      externals,
      allowed: allowed.map((file) => path.join(root, file)),
    });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-build-server-'));
    // A package that reads a file next to its code, as svg-captcha reads its font.
    write('node_modules/finder/package.json', '{"name":"finder","main":"index.js"}');
    write(
      'node_modules/finder/index.js',
      "const path = require('node:path');\nexports.font = path.join(__dirname, 'font.ttf');\n",
    );
    write('main.js', "import { font } from 'finder';\nconsole.log(font);\n");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('fails when a bundled package uses __dirname, naming it', async () => {
    await expect(build([])).rejects.toThrow(/node_modules\/finder\/index\.js: __dirname/);
  });

  it('builds once that package is external, or the module is one of ours that was checked', async () => {
    expect(await build(['finder'])).toContain('main.js');
    write('own.js', 'export const here = import.meta.dirname;\n');
    write('main.js', "import { here } from './own.js';\nconsole.log(here);\n");
    await expect(build([])).rejects.toThrow(/own\.js: import\.meta\.dirname/);
    expect(await build([], ['own.js'])).toContain('main.js');
  });

  it('recognises each way of finding files from a module’s own place', () => {
    for (const code of [
      '__dirname',
      '__filename',
      'require.resolve("x")',
      'import.meta.url',
      'import.meta.dirname',
    ]) {
      expect(fileFinder(`f(${code})`), code).not.toBeNull();
    }
    expect(fileFinder('const dirname = path.dirname(file); import.meta.main')).toBeNull();
  });
});

describe('the server build writes ASCII only', () => {
  let root: string;
  beforeAll(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-build-ascii-'))));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const build = (main: string) => {
    fs.writeFileSync(path.join(root, 'main.js'), main);
    return bundle({
      root,
      input: { main: 'main.js' },
      outDir: path.join(root, 'dist'),
      externals: [],
      allowed: [],
    });
  };
  const built = () => fs.readFileSync(path.join(root, 'dist/main.js'), 'utf8');

  it('escapes strings and the licence comments it keeps, so V8 holds each chunk at a byte a character', async () => {
    // As formdata-polyfill's licence comment, whose one "ä" doubled the start chunk's heap.
    await build('/*! MIT License. Jimmy Wärting */\nexport const greeting = "歡迎 Müller";\n');
    expect(built()).toMatch(/Jimmy W\\u00e4rting/);
    expect(built()).toContain('\\u6B61\\u8FCE M\\u00FCller');
    expect(/[\u0080-\u{10ffff}]/u.test(built())).toBe(false);
  });

  it('fails where a character beyond ASCII is left, naming the chunk', async () => {
    // A tagged template's raw text is left as written by the minifier's ASCII output.
    await expect(build('export const raw = String.raw`歡迎`;\n')).rejects.toThrow(
      /main\.js: a character beyond ASCII/,
    );
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the built server', () => {
  // Beside src/ and dist/, at their depth: the bundle finds the repository root from its own place.
  const outDir = path.resolve(import.meta.dirname, `../apps/server/dist-test-${process.pid}`);
  let dataDir: string;

  beforeAll(async () => {
    await buildServer(outDir);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-built-server-'));
  }, 60_000);
  afterAll(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has an entry per thread and process, and the list of what it leaves to node_modules', () => {
    for (const name of Object.keys(ENTRIES))
      expect(fs.existsSync(path.join(outDir, `${name}.js`)), name).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(outDir, 'externals.json'), 'utf8'))).toContain('pino');
  });

  it('starts, scoring ADMIN_PASSWORD in its child process, and answers health', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'Built-server-check-7f3q!',
        CAPTCHA_ENABLED: 'false',
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let running = true;
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        running = false;
        resolve(code);
      }),
    );
    try {
      const health = await Promise.race([
        (async () => {
          while (running) {
            const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
              (r) => r.status,
              () => 0,
            );
            if (status === 200) return status;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return 'stopped';
        })(),
        exited.then((code) => `exited with ${code}: ${stderr.slice(-2000)}`),
      ]);
      expect(health).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
