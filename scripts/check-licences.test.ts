import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declaredLicence, licenceVerdict } from './check-licences-rules.mjs';
import { checkLicences, licenceRows, runtimePackagePaths, type Lock } from './check-licences.mjs';

describe('which licences may ship inside an AGPL-3.0-or-later program', () => {
  it('accepts permissive, weak copyleft and GPLv3-family licences', () => {
    for (const licence of ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'MPL-2.0']) {
      expect(licenceVerdict(licence), licence).toEqual({ ok: true });
    }
    for (const licence of [
      'LGPL-2.1-only',
      'LGPL-3.0-only',
      'GPL-2.0-or-later',
      'GPL-3.0-only',
      'AGPL-3.0-only',
    ]) {
      expect(licenceVerdict(licence), licence).toEqual({ ok: true });
    }
  });

  it('refuses GPL-2.0-only, alone or required beside a compatible licence', () => {
    expect(licenceVerdict('GPL-2.0-only')).toMatchObject({ ok: false, reason: 'incompatible' });
    expect(licenceVerdict('MIT AND GPL-2.0-only')).toMatchObject({ ok: false, reason: 'incompatible' });
    expect(licenceVerdict('SSPL-1.0')).toMatchObject({ ok: false, reason: 'incompatible' });
    expect(licenceVerdict('LicenseRef-proprietary')).toMatchObject({ ok: false, reason: 'incompatible' });
  });

  it('accepts a choice when one branch is compatible', () => {
    expect(licenceVerdict('(MIT OR GPL-2.0-only)')).toEqual({ ok: true });
    expect(licenceVerdict('(GPL-2.0-only OR GPL-3.0-or-later)')).toEqual({ ok: true });
  });

  it('accepts the Open Font License for font packages only', () => {
    expect(licenceVerdict('MIT AND OFL-1.1', '@expo-google-fonts/noto-sans-tc')).toEqual({ ok: true });
    expect(licenceVerdict('OFL-1.1', 'some-code-library')).toMatchObject({
      ok: false,
      reason: 'incompatible',
    });
  });

  it('calls a missing licence or one that is not SPDX unknown', () => {
    expect(licenceVerdict(undefined)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(licenceVerdict('SEE LICENSE IN LICENSE.txt')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(licenceVerdict('BSD')).toMatchObject({ ok: false, reason: 'unknown' });
  });
});

describe('the licence a package declares', () => {
  it('reads license, an old { type } object, or the legacy licenses array as a choice', () => {
    expect(declaredLicence({ license: 'MIT' })).toBe('MIT');
    expect(declaredLicence({ license: { type: 'ISC' } })).toBe('ISC');
    expect(declaredLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe(
      'MIT OR Apache-2.0',
    );
    expect(declaredLicence({ licenses: [{ type: 'MIT' }] })).toBe('MIT');
    expect(declaredLicence({ name: 'none' })).toBeUndefined();
  });

  it('maps old spellings to SPDX ids, so GPL-2.0 still means GPL-2.0-only', () => {
    expect(declaredLicence({ license: 'MIT/X11' })).toBe('MIT');
    expect(declaredLicence({ license: 'GPL-2.0' })).toBe('GPL-2.0-only');
    expect(licenceVerdict(declaredLicence({ license: 'GPL-2.0' }))).toMatchObject({ ok: false });
  });
});

/** Workbox's runtime: development dependencies of the web app that its build bundles. */
const WORKBOX = Object.fromEntries(
  ['workbox-window', 'workbox-core', 'workbox-precaching', 'workbox-routing'].map((name) => [
    `node_modules/${name}`,
    { version: '7.0.0', license: 'MIT', dev: true },
  ]),
);

/** A lockfile of a server and a web app, each with a production and a development dependency. */
function sampleLock(extra: Lock['packages'] = {}): Lock {
  return {
    packages: {
      '': { name: 'meetflow' },
      'apps/server': {
        dependencies: { fastify: '^5', '@meetflow/shared': '*' },
        devDependencies: { vitest: '*' },
      },
      'apps/web': { dependencies: { react: '^19' }, devDependencies: { vite: '*' } },
      'packages/shared': { dependencies: { zod: '^4' } },
      'node_modules/@meetflow/shared': { resolved: 'packages/shared', link: true },
      'node_modules/fastify': { version: '5.0.0', license: 'MIT', dependencies: { semver: '^7' } },
      'node_modules/fastify/node_modules/semver': { version: '7.0.0', license: 'ISC' },
      'node_modules/semver': { version: '6.0.0', license: 'ISC' },
      'node_modules/react': {
        version: '19.0.0',
        license: 'MIT',
        peerDependencies: { 'react-native': '*' },
        peerDependenciesMeta: { 'react-native': { optional: true } },
      },
      'node_modules/react-native': { version: '1.0.0', license: 'MIT', dev: true },
      'node_modules/zod': { version: '4.0.0', license: 'MIT' },
      'node_modules/vitest': { version: '5.0.0', license: 'MIT', dev: true },
      'node_modules/vite': { version: '8.0.0', license: 'GPL-2.0-only', dev: true },
      ...WORKBOX,
      ...extra,
    },
  };
}

describe('the packages MeetFlow ships', () => {
  it('follows production dependencies, nested copies first and workspace links, never devDependencies', () => {
    expect(runtimePackagePaths(sampleLock()).sort()).toEqual([
      'node_modules/fastify',
      'node_modules/fastify/node_modules/semver',
      'node_modules/react',
      ...Object.keys(WORKBOX).sort(),
      'node_modules/zod',
    ]);
  });

  it('fails on a production dependency the lockfile lacks', () => {
    const lock = sampleLock();
    delete lock.packages['node_modules/zod'];
    expect(() => runtimePackagePaths(lock)).toThrow(/zod/);
  });

  it('takes a licence read by hand for that version only', () => {
    const withSlick = (version: string) =>
      sampleLock({
        'node_modules/zod': { version: '4.0.0', license: 'MIT', dependencies: { slick: '*' } },
        'node_modules/slick': { version, license: 'MIT (http://mootools.net/license.txt)' },
      });
    const slick = (lock: Lock) => licenceRows(lock).find((row) => row.name === 'slick');
    expect(slick(withSlick('1.12.2'))).toMatchObject({ licence: 'MIT', verdict: { ok: true } });
    expect(slick(withSlick('1.12.3'))).toMatchObject({ verdict: { ok: false, reason: 'unknown' } });
  });
});

describe('the check of a repository', () => {
  let root: string;
  const writeLock = (lock: Lock) =>
    fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-licences-'));
    fs.mkdirSync(path.join(root, 'docs'));
    execFileSync('git', ['init', '-q'], { cwd: root });
    writeLock(sampleLock());
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses an incompatible run-time package and a copied file under an incompatible licence', () => {
    const lock = sampleLock({ 'node_modules/zod': { version: '4.0.0', license: 'GPL-2.0-only' } });
    writeLock(lock);
    fs.writeFileSync(path.join(root, 'copied.js'), '// SPDX-License-Identifier: GPL-2.0-only\nexport {};\n');
    execFileSync('git', ['add', 'copied.js'], { cwd: root });
    const { refused, files } = checkLicences(root, '--write');
    expect(files).toMatchObject([{ file: 'copied.js', licence: 'GPL-2.0-only' }]);
    expect(refused).toMatchObject([{ what: 'zod@4.0.0' }, { what: 'copied.js' }]);
  });

  it('writes the report, then finds it stale once the lockfile changes', () => {
    expect(checkLicences(root, '--check').stale).toBe(true);
    const written = checkLicences(root, '--write');
    expect(written.refused).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'docs/licences.md'), 'utf8')).toMatch(
      /\| zod\s+\| 4\.0\.0\s+\| MIT\s+\|/,
    );
    expect(checkLicences(root, '--check').stale).toBe(false);
    writeLock(sampleLock({ 'node_modules/zod': { version: '4.1.0', license: 'MIT' } }));
    expect(checkLicences(root, '--check').stale).toBe(true);
  });

  it('falls back to the installed package.json when the lockfile has no licence', () => {
    writeLock(sampleLock({ 'node_modules/zod': { version: '4.0.0' } }));
    fs.mkdirSync(path.join(root, 'node_modules/zod'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'node_modules/zod/package.json'),
      JSON.stringify({ licenses: [{ type: 'BSD' }] }),
    );
    expect(checkLicences(root, '--write').refused).toMatchObject([
      { what: 'zod@4.0.0', verdict: { reason: 'unknown' } },
    ]);
  });
});
