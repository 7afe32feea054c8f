// Builds the web app. `--if-changed` (what `npm start` uses) builds only when its sources differ from
// those of the last build: a hash of them is stamped into apps/web/dist after each build. Contents are
// hashed, not compared by date, so a fresh checkout or a copied tree does not rebuild for nothing.
// With NODE_ENV=production, `--if-changed` never builds: a production tree has no build tools (only the
// production dependencies and the web app built elsewhere), so it serves the build it has or refuses.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the built web app is made from, relative to the repository root. */
export const BUILD_INPUTS = ['apps/web', 'packages/shared', 'package-lock.json', 'tsconfig.base.json'];
const NOT_INPUTS = new Set(['node_modules', 'dist']);
const STAMP = 'apps/web/dist/.sources-hash';

export function sourcesHash(root: string): string {
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
  BUILD_INPUTS.forEach(add);
  return hash.digest('hex');
}

/** Why the web app needs building, or null when the last build is of these very sources. */
export function buildReason(root: string): string | null {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return 'no build yet';
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(stamp)) return 'the build does not say what it was built from';
  return fs.readFileSync(stamp, 'utf8').trim() === sourcesHash(root) ? null : 'its sources changed';
}

export function stampBuild(root: string, hash: string): void {
  fs.writeFileSync(path.join(root, STAMP), `${hash}\n`);
}

/** In production the build is served as it is: what stops the start, or null when there is one. */
export function productionBuildProblem(root: string, webDist = 'apps/web/dist'): string | null {
  const index = path.join(path.resolve(root, webDist), 'index.html');
  if (fs.existsSync(index)) return null;
  return `NODE_ENV=production: no web app in ${webDist}. Build it where the devDependencies are installed (npm run build) and copy it there; a production start never builds.`;
}

if (import.meta.main && process.argv.includes('--if-changed') && process.env.NODE_ENV === 'production') {
  const problem = productionBuildProblem(path.resolve(import.meta.dirname, '..'), process.env.WEB_DIST);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(
    'NODE_ENV=production: serving the web app as built (npm start builds only outside production).',
  );
} else if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const reason = process.argv.includes('--if-changed') ? buildReason(root) : 'asked for';
  if (reason === null) {
    console.log('The web app is up to date: not rebuilding.');
  } else {
    console.log(`Building the web app (${reason}).`);
    // Hashed before building: a source edited during the build makes the next start build again.
    const hash = sourcesHash(root);
    const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    stampBuild(root, hash);
  }
}
