// Keeps scripts/size-allowlist.json honest (the walls themselves are in size-rules.mjs).
// `--check` (in `npm run lint`) fails when an entry allows more than its file needs or is no longer
// needed, so the list only shrinks; `--write` rewrites it from the code, never raising an entry.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { EXEMPT, LIMITS, readAllowlist } from './size-rules.mjs';

const count = { skipBlankLines: true, skipComments: true };
const LIST = new URL('./size-allowlist.json', import.meta.url);

/** The sizes over the walls, per file, as eslint measures them with the walls alone. */
async function measure(files) {
  const eslint = new ESLint({
    overrideConfig: [
      {
        rules: {
          'max-lines': ['warn', { max: LIMITS.file, ...count }],
          'max-lines-per-function': ['warn', { max: LIMITS.fn, ...count }],
        },
      },
    ],
  });
  const sizes = {};
  for (const result of await eslint.lintFiles(files)) {
    const file = result.filePath.slice(process.cwd().length + 1);
    if (EXEMPT.some((glob) => path.matchesGlob(file, glob))) continue;
    for (const m of result.messages) {
      const n = Number(/\((\d+)\)/.exec(m.message)?.[1]);
      const kind = m.ruleId === 'max-lines' ? 'file' : m.ruleId === 'max-lines-per-function' ? 'fn' : null;
      if (kind && n) sizes[file] = { ...sizes[file], [kind]: Math.max(sizes[file]?.[kind] ?? 0, n) };
    }
  }
  return sizes;
}

const isTest = (file) => /\.test\.tsx?$|(^|\/)test\/|^e2e\//.test(file);
function over(file, size) {
  const out = {};
  const fileLimit = isTest(file) ? LIMITS.testFile : LIMITS.file;
  if ((size?.file ?? 0) > fileLimit) out.file = size.file;
  if (!isTest(file) && (size?.fn ?? 0) > LIMITS.fn) out.fn = size.fn;
  return Object.keys(out).length ? out : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2];
  const list = readAllowlist();
  if (mode === '--write') {
    const sizes = await measure(['.']);
    const next = {};
    for (const [file, size] of Object.entries(sizes).sort()) {
      const o = over(file, size);
      if (!o) continue;
      const old = list[file];
      // Never raise an entry: a listed file that grew is a lint error to fix, not a number to bump.
      next[file] = old
        ? {
            file: Math.min(o.file ?? 0, old.file ?? Infinity) || undefined,
            fn: Math.min(o.fn ?? 0, old.fn ?? Infinity) || undefined,
          }
        : o;
    }
    fs.writeFileSync(LIST, JSON.stringify(next, null, 2) + '\n');
    console.log(`size-allowlist.json: ${Object.keys(next).length} files`);
  } else if (mode === '--check') {
    const files = Object.keys(list).filter((f) => fs.existsSync(f));
    const sizes = files.length ? await measure(files) : {};
    const stale = [];
    for (const [file, limit] of Object.entries(list)) {
      const o = fs.existsSync(file) ? over(file, sizes[file]) : null;
      for (const kind of ['file', 'fn']) {
        if (limit[kind] && (o?.[kind] ?? 0) < limit[kind]) {
          stale.push(`${file}: ${kind} allowed ${limit[kind]}, needs ${o?.[kind] ?? 'no entry'}`);
        }
      }
    }
    if (stale.length) {
      console.error(
        'size-allowlist.json allows more than the code needs; run `node scripts/size-limits.mjs --write`:',
      );
      for (const line of stale) console.error(`  ${line}`);
      process.exit(1);
    }
    console.log(`size walls: ${files.length} files still listed in size-allowlist.json`);
  }
}
