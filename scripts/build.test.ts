import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildReason,
  productionBuildProblem,
  productionServerProblem,
  SERVER,
  sourcesHash,
  stampBuild,
} from './build.ts';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
// Each test works in a repository of its own, made of the few files it needs.
beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-build-'))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('building the web app only when needed', () => {
  /** What a finished build leaves: the app in dist and the stamp of the sources it came from. */
  const build = () => {
    write('apps/web/dist/index.html', '<!doctype html>');
    stampBuild(root, sourcesHash(root));
  };

  beforeEach(() => {
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/vite.config.ts', 'export default {}');
    write('packages/shared/src/errors.ts', 'export const ERRORS = {}');
    write('package-lock.json', '{"lockfileVersion":3}');
  });

  it('builds when there is no build, or one that does not say what it was built from', () => {
    expect(buildReason(root)).toBe('no build yet');
    write('apps/web/dist/index.html', '<!doctype html>');
    expect(buildReason(root)).toBe('the build does not say what it was built from');
  });

  it('does not build again from the same sources, even when their files are newer', () => {
    build();
    expect(buildReason(root)).toBeNull();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(buildReason(root)).toBeNull();
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['the Vite config', 'apps/web/vite.config.ts'],
    ['a shared module', 'packages/shared/src/errors.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a new web file', 'apps/web/src/new-page.tsx'],
  ])('builds again after a change to %s', (_what, file) => {
    build();
    write(file, 'changed');
    expect(buildReason(root)).toBe('its sources changed');
  });

  it('ignores what is not a source: the build itself and installed packages', () => {
    build();
    write('apps/web/dist/assets/app.js', 'built');
    write('apps/web/node_modules/.vite/deps.json', '{}');
    write('packages/shared/node_modules/x/index.js', '');
    expect(buildReason(root)).toBeNull();
  });

  it('in production, serves the build it finds, even one whose sources changed or are absent', () => {
    expect(productionBuildProblem(root)).toMatch(/no web app in apps\/web\/dist/);
    build();
    write('apps/web/src/main.tsx', 'changed');
    fs.rmSync(path.join(root, 'apps/web/src'), { recursive: true });
    expect(productionBuildProblem(root)).toBeNull();
    expect(productionBuildProblem(root, 'elsewhere/dist')).toMatch(/no web app in elsewhere\/dist/);
  });
});

describe('building the server only when needed', () => {
  const build = () => {
    write('apps/server/dist/main.js', 'import("./server-x.js")');
    stampBuild(root, sourcesHash(root, SERVER), SERVER);
  };

  beforeEach(() => {
    write('apps/server/src/server.ts', 'listen()');
    write('apps/web/src/main.tsx', 'render()');
    write('packages/shared/src/errors.ts', 'export const ERRORS = {}');
    write('package-lock.json', '{"lockfileVersion":3}');
    write('scripts/build-server.ts', 'bundle()');
  });

  it("builds when there is none, and again after its own sources change, not the web app's", () => {
    expect(buildReason(root, SERVER)).toBe('no build yet');
    build();
    expect(buildReason(root, SERVER)).toBeNull();
    write('apps/web/src/main.tsx', 'changed');
    expect(buildReason(root, SERVER)).toBeNull();
    for (const file of [
      'apps/server/src/server.ts',
      'packages/shared/src/errors.ts',
      'scripts/build-server.ts',
    ]) {
      build();
      write(file, 'changed');
      expect(buildReason(root, SERVER), file).toBe('its sources changed');
    }
  });

  it('in production, refuses to start without a server build and runs the one it finds', () => {
    expect(productionServerProblem(root)).toMatch(/no server build in apps\/server\/dist/);
    build();
    expect(productionServerProblem(root)).toBeNull();
  });
});
