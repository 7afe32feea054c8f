// Keeps docs/ARCHITECTURE.md true: every folder under the roots below must have a line in the map's
// folder tree, and every folder the tree names must exist. Keeps the server's folder READMEs true too:
// every backticked `name.ts` in them must exist. Prints what to add or remove.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MAP = 'docs/ARCHITECTURE.md';
// The folders whose every sub-folder the map names (one level down).
const ROOTS = [
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web/src',
  'apps/web/src/features',
  'apps/web/src/features/public',
  'packages',
];

/** The folder paths the map's tree names: a line is `<indent><folder>/  <what it holds>`. */
function foldersNamedInMap(text) {
  const tree = text.match(/## Folders[\s\S]*?```\n([\s\S]*?)```/);
  if (!tree) throw new Error(`${MAP} has no folder tree under "## Folders"`);
  const named = [];
  const parents = []; // [indent, path] of the lines above, innermost last
  for (const line of tree[1].split('\n')) {
    const match = line.match(/^( *)(\S+\/)(\s|$)/);
    if (!match) continue;
    const indent = match[1].length;
    while (parents.length > 0 && parents.at(-1)[0] >= indent) parents.pop();
    const full = path.posix.join(parents.at(-1)?.[1] ?? '', match[2].replace(/\/$/, ''));
    parents.push([indent, full]);
    named.push(full);
  }
  return named;
}

/** Folders that hold files git tracks or would track (new, not ignored). */
function foldersInTree() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
  const folders = new Set();
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
      folders.add(dir);
    }
  }
  return folders;
}

const named = foldersNamedInMap(fs.readFileSync(path.join(root, MAP), 'utf8'));
const namedSet = new Set(named);
const existing = foldersInTree();

const missing = [...existing]
  .filter((dir) => ROOTS.includes(path.posix.dirname(dir)))
  .filter((dir) => !namedSet.has(dir))
  .sort();
const gone = named.filter((dir) => !existing.has(dir));

// Folder READMEs whose file names must exist: a bare name in the README's own folder, a path from
// that folder or from one of these bases (`core/port.ts`, `guests/guest-rules.ts`, `test/x.test.ts`).
const README_GLOBS = ['apps/server/src/core/README.md', 'apps/server/src/modules/*/README.md'];
const BASES = ['apps/server/src', 'apps/server/src/modules', 'apps/server', '.'];

function readmesToCheck() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...README_GLOBS], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
}

/** File names a README names (`x.ts`) that do not exist. */
function namedFilesMissing(readme) {
  const dir = path.posix.dirname(readme);
  const text = fs.readFileSync(path.join(root, readme), 'utf8');
  const missing = [];
  for (const [, name] of text.matchAll(/`([\w./-]+\.ts)`/g)) {
    const bases = name.includes('/') ? [dir, ...BASES] : [dir];
    const candidates = bases.map((base) => path.posix.join(base, name));
    if (!candidates.some((file) => fs.existsSync(path.join(root, file)))) missing.push(name);
  }
  return [...new Set(missing)];
}

const readmes = readmesToCheck();
const staleNames = readmes.flatMap((readme) => namedFilesMissing(readme).map((name) => [readme, name]));

for (const dir of missing) console.log(`not in the map: ${dir}/ (add a line for it to ${MAP})`);
for (const dir of gone) console.log(`named in the map but does not exist: ${dir}/`);
for (const [readme, name] of staleNames) console.log(`${readme} names ${name}, which does not exist`);
if (missing.length + gone.length + staleNames.length > 0) process.exit(1);
console.log(
  `${MAP}: ${named.length} folders named, all exist; every folder under ${ROOTS.join(', ')} named. ` +
    `${readmes.length} server READMEs: every file they name exists.`,
);
