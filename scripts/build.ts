// Builds the web app and the server (scripts/build-server.ts). `--if-changed` (what `npm start` uses)
// builds each only when its sources differ from those of its last build: a hash of them is stamped
// into its dist folder after each build. Contents are hashed, not compared by date, so a fresh
// checkout or a copied tree does not rebuild for nothing. With NODE_ENV=production, `--if-changed`
// never builds: a production tree has no build tools (only the production dependencies and the
// builds made elsewhere), so it runs the builds it has or refuses.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Target {
  /** As a sentence begins. */
  name: string;
  /** What the build is made from, relative to the repository root. */
  inputs: string[];
  dist: string;
  /** The file a finished build always has. */
  entry: string;
  command: [string, ...string[]];
}

export const WEB: Target = {
  name: 'The web app',
  inputs: ['apps/web', 'packages/shared', 'package-lock.json', 'tsconfig.base.json'],
  dist: 'apps/web/dist',
  entry: 'index.html',
  command: ['npm', 'run', 'build', '--workspace', 'apps/web'],
};

export const SERVER: Target = {
  name: 'The server',
  inputs: ['apps/server/src', 'packages/shared', 'package-lock.json', 'scripts/build-server.ts'],
  dist: 'apps/server/dist',
  entry: 'main.js',
  command: [process.execPath, 'scripts/build-server.ts'],
};

const NOT_INPUTS = new Set(['node_modules', 'dist']);
const STAMP = '.sources-hash';

export function sourcesHash(root: string, target = WEB): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (!NOT_INPUTS.has(name)) add(path.join(relative, name));
      }
    } else {
      hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
    }
  };
  target.inputs.forEach(add);
  return hash.digest('hex');
}

/** Why the target needs building, or null when its last build is of these very sources. */
export function buildReason(root: string, target = WEB): string | null {
  if (!fs.existsSync(path.join(root, target.dist, target.entry))) return 'no build yet';
  const stamp = path.join(root, target.dist, STAMP);
  if (!fs.existsSync(stamp)) return 'the build does not say what it was built from';
  return fs.readFileSync(stamp, 'utf8').trim() === sourcesHash(root, target) ? null : 'its sources changed';
}

export function stampBuild(root: string, hash: string, target = WEB): void {
  fs.writeFileSync(path.join(root, target.dist, STAMP), `${hash}\n`);
}

/** In production the web build is served as it is: what stops the start, or null when there is one. */
export function productionBuildProblem(root: string, webDist = WEB.dist): string | null {
  const index = path.join(path.resolve(root, webDist), WEB.entry);
  if (fs.existsSync(index)) return null;
  return `NODE_ENV=production: no web app in ${webDist}. Build it where the devDependencies are installed (npm run build) and copy it there; a production start never builds.`;
}

/** In production the server runs its build: what stops the start, or null when there is one. */
export function productionServerProblem(root: string): string | null {
  if (fs.existsSync(path.join(root, SERVER.dist, SERVER.entry))) return null;
  return `NODE_ENV=production: no server build in ${SERVER.dist}. Build it where the devDependencies are installed (npm run build) and copy it there; a production start never builds.`;
}

if (import.meta.main && process.argv.includes('--if-changed') && process.env.NODE_ENV === 'production') {
  const root = path.resolve(import.meta.dirname, '..');
  const problem = productionBuildProblem(root, process.env.WEB_DIST) ?? productionServerProblem(root);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(
    'NODE_ENV=production: running the web app and the server as built (npm start builds only outside production).',
  );
} else if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  for (const target of [WEB, SERVER]) {
    const built = build(root, target, process.argv.includes('--if-changed'));
    if (!built) process.exit(1);
  }
}

/** Builds the target (only when its sources changed, with `ifChanged`); false when the build failed. */
export function build(root: string, target: Target, ifChanged: boolean): boolean {
  const reason = ifChanged ? buildReason(root, target) : 'asked for';
  if (reason === null) {
    console.log(`${target.name} is up to date: not rebuilding.`);
    return true;
  }
  console.log(`Building ${target.name.toLowerCase()} (${reason}).`);
  // Hashed before building: a source edited during the build makes the next start build again.
  const hash = sourcesHash(root, target);
  const [command, ...args] = target.command;
  const built = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) return false;
  stampBuild(root, hash, target);
  return true;
}
