// Run inside the image (scripts/container-smoke.sh mounts it): every package the server's sources import,
// at start or on first use, every package its bundle leaves external, and every font file text-layout.ts names, is installed in the image's
// production-only node_modules. A run-time import of a devDependency fails here rather than in production
// on the first request that loads it.
//
//   node container-imports.mjs [/app]
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';

const root = process.argv[2] ?? '/app';
const SOURCES = ['apps/server/src', 'packages/shared/src'];
const builtins = new Set(builtinModules);
/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`; not `import type`. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const FONT = /['"](@expo-google-fonts\/[^'"]+\.ttf)['"]/g;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and their helpers (`*.test-support.ts`: generators, fixtures) never load in the server.
    return /\.(ts|js|mjs)$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Node's lookup: node_modules/<name> in the file's folder or any folder above it. */
function installed(name, fromFile) {
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dir === path.dirname(dir)) return false;
  }
}

const missing = [];
let checked = 0;
for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
    checked += 1;
    if (!installed(packageName(specifier), file)) missing.push(`${path.relative(root, file)}: ${specifier}`);
  }
  for (const [, font] of text.matchAll(FONT)) {
    checked += 1;
    try {
      createRequire(file).resolve(font);
    } catch {
      missing.push(`${path.relative(root, file)}: ${font}`);
    }
  }
}
// The packages the server's bundle leaves to node_modules (scripts/build-server.ts writes the list).
const externals = path.join(root, 'apps/server/dist/externals.json');
for (const name of JSON.parse(fs.readFileSync(externals, 'utf8'))) {
  checked += 1;
  if (!installed(name, externals)) missing.push(`apps/server/dist (external): ${name}`);
}
if (missing.length > 0) {
  console.error(`Imported at run time but not installed in the image:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `imports: ${checked} package imports and font files of the server resolve in the production tree`,
);
