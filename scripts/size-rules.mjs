// Size walls: no file over 400 lines (tests 450), no non-test function over 150 lines, counted
// without blank lines and comments (a "why" comment never costs room). The files over a wall today
// are listed in size-allowlist.json with the size they have now: eslint holds each to it, so it may
// shrink, never grow (scripts/size-limits.mjs keeps the list from allowing more than it needs).
import fs from 'node:fs';

export const LIMITS = { file: 400, testFile: 450, fn: 150 };
/** Catalogues (message texts, the schema's types) and frozen migrations are long by nature. */
export const EXEMPT = [
  'apps/server/src/db/migrations/**',
  'apps/server/src/db/schema.ts',
  'apps/server/src/demo/demo-catalogue.ts',
  'packages/shared/src/{errors,field-messages,log-messages}.ts',
  'apps/web/src/**/i18n*.ts',
  'apps/web/src/**/*-i18n.ts',
  'apps/web/src/locales/**',
];
export const TESTS = ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'];
const LIST = new URL('./size-allowlist.json', import.meta.url);

export function readAllowlist() {
  return fs.existsSync(LIST) ? JSON.parse(fs.readFileSync(LIST, 'utf8')) : {};
}

const count = { skipBlankLines: true, skipComments: true };
/** The eslint blocks: the walls for every file, then each listed file held to its size today. */
export function sizeRules() {
  const list = readAllowlist();
  return [
    { rules: { 'max-lines': ['error', { max: LIMITS.file, ...count }] } },
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      ignores: TESTS,
      rules: { 'max-lines-per-function': ['error', { max: LIMITS.fn, ...count }] },
    },
    { files: TESTS, rules: { 'max-lines': ['error', { max: LIMITS.testFile, ...count }] } },
    ...Object.entries(list).map(([file, limit]) => ({
      files: [file],
      rules: {
        ...(limit.file ? { 'max-lines': ['error', { max: limit.file, ...count }] } : {}),
        ...(limit.fn ? { 'max-lines-per-function': ['error', { max: limit.fn, ...count }] } : {}),
      },
    })),
    { files: EXEMPT, rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' } },
  ];
}
