import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../.env.example');
/** A setting line of .env.example, commented out (the default) or not: `# PORT=3000`, `PORT=3000`. */
const SETTING = /^(?:#\s?)?([A-Z][A-Z0-9_]*)=(.*)$/;
/** Listed for compose.yaml, which reads them from .env itself; the server does not. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'TLS_DIR'];

/** The variables loadConfig's schema looks up: an environment that records every name asked of it. */
function variablesTheServerReads(): string[] {
  const read = new Set<string>();
  const environment = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) read.add(name);
      return undefined;
    },
  });
  loadConfig(environment);
  return [...read].sort();
}

function exampleSettings(): { name: string; line: string }[] {
  return fs
    .readFileSync(EXAMPLE, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = SETTING.exec(line);
      return match ? [{ name: match[1]!, line: `${match[1]}=${match[2]}` }] : [];
    });
}

describe('.env.example', () => {
  it('lists every variable the configuration reads, and only those, once each', () => {
    const listed = exampleSettings().map((setting) => setting.name);
    expect(new Set(listed).size, 'a variable listed twice').toBe(listed.length);
    expect(listed.slice(-COMPOSE_ONLY.length), 'the compose-only ones last').toEqual(COMPOSE_ONLY);
    listed.splice(-COMPOSE_ONLY.length);
    const read = variablesTheServerReads();
    expect(read.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual(read);
  });

  it('gives each setting a comment line above it', () => {
    const lines = fs.readFileSync(EXAMPLE, 'utf8').split('\n');
    const isComment = (line = '') => /^#\s+\S/.test(line) && !SETTING.test(line);
    const bare = lines.filter((line, i) => SETTING.test(line) && !isComment(lines[i - 1]));
    expect(bare).toEqual([]);
  });

  it('shows values the server accepts, read alike by Node, compose and a shell (set -a; . ./.env)', () => {
    const example = exampleSettings()
      .filter((setting) => !setting.line.endsWith('='))
      .map((setting) => setting.line)
      .join('\n');
    const environment = parseEnv(example);
    expect(environment.MAIL_FROM).toBe('MeetFlow <no-reply@localhost>');
    expect(() => loadConfig({ ...environment, NODE_ENV: 'test' })).not.toThrow();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-env-')), '.env');
    fs.writeFileSync(file, `${example}\n`);
    const script = 'set -a && . "$0" && node -e "process.stdout.write(JSON.stringify(process.env))"';
    const fromShell = JSON.parse(execFileSync('bash', ['-c', script, file], { encoding: 'utf8' })) as object;
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(fromShell).toMatchObject(environment);
  });
});

describe('.env', () => {
  const serverPackage = path.resolve(import.meta.dirname, '../package.json');
  const FLAG = '--env-file-if-exists=../../.env';

  it('is read by every npm script an operator runs (in apps/server, ../../.env is the root one)', () => {
    const { scripts } = JSON.parse(fs.readFileSync(serverPackage, 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const [name, command] of Object.entries(scripts)) {
      expect(command, `script ${name}`).toMatch(new RegExp(`\\bnode ${FLAG.replaceAll('.', '\\.')} `));
    }
  });

  it('gives its settings to the command line, and the environment wins over it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-dotenv-'));
    try {
      const fromFile = path.join(dir, 'from-file');
      const fromEnvironment = path.join(dir, 'from-environment');
      fs.writeFileSync(
        path.join(dir, '.env'),
        `DATA_DIR=${fromFile}\nMAIL_FROM="MeetFlow <no-reply@x.org>"\n`,
      );
      const migrations = (env: NodeJS.ProcessEnv) =>
        execFileSync(
          process.execPath,
          [FLAG.replace('../../.env', path.join(dir, '.env')), 'src/cli/admin.ts', 'migrations'],
          { cwd: path.dirname(serverPackage), env, encoding: 'utf8' },
        );
      const { DATA_DIR: _unset, ...environment } = process.env;
      expect(migrations(environment)).toMatch(/^pending\t/m);
      expect(fs.existsSync(path.join(fromFile, 'meetflow.sqlite'))).toBe(true);
      migrations({ ...environment, DATA_DIR: fromEnvironment });
      expect(fs.existsSync(path.join(fromEnvironment, 'meetflow.sqlite'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
