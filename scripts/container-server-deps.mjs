// The image's production tree (Dockerfile, stage "deps"): the server's and the shared package's
// dependencies, without their devDependencies and without the other workspaces.
//
//   node container-server-deps.mjs prepare    # before `npm install --omit=dev`
//   node container-server-deps.mjs verify     # after: every installed version is the lockfile's
//
// `npm ci --omit=dev --workspace apps/server` keeps a server devDependency when another workspace needs it
// at run time (pdfjs-dist for the web app: 74 MB), so the workspaces the server does not need are dropped
// from package.json first and npm installs what is left from the same lockfile. `verify` fails if npm
// chose a version the lockfile does not hold, so the image runs the versions CI tested.
import fs from 'node:fs';

const LOCK = 'package-lock.json';
const ORIGINAL_LOCK = '/tmp/package-lock.original.json';
const SERVER_WORKSPACES = ['packages/shared', 'apps/server'];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

if (process.argv[2] === 'prepare') {
  fs.copyFileSync(LOCK, ORIGINAL_LOCK);
  const root = readJson('package.json');
  root.workspaces = SERVER_WORKSPACES;
  delete root.devDependencies;
  delete root.overrides;
  writeJson('package.json', root);
  for (const workspace of SERVER_WORKSPACES) {
    const manifest = readJson(`${workspace}/package.json`);
    delete manifest.devDependencies;
    writeJson(`${workspace}/package.json`, manifest);
  }
} else if (process.argv[2] === 'verify') {
  const locked = readJson(ORIGINAL_LOCK).packages;
  const installed = Object.entries(readJson('node_modules/.package-lock.json').packages);
  const changed = installed.filter(
    ([where, entry]) => !entry.link && locked[where]?.version !== entry.version,
  );
  if (changed.length > 0) {
    const list = changed.map(
      ([where, entry]) => `${where}: ${entry.version} (lockfile: ${locked[where]?.version})`,
    );
    console.error(`Not the lockfile's versions:\n  ${list.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${installed.length} packages, all at the lockfile's versions`);
} else {
  console.error('usage: node container-server-deps.mjs prepare|verify');
  process.exit(2);
}
