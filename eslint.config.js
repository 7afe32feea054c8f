// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { sizeRules } from './scripts/size-rules.mjs';

/*
 * Web import boundaries: lib/ and components/ → features/<domain>/ → app/. A feature never imports
 * another feature or app/; lib/ and components/ import neither. Core no-restricted-imports with one
 * regex per folder depth (a glob's `*` stops at `/`, so each file matches one block): `../` one more
 * time than the file is deep leaves its own feature, whatever that feature is called, so a new
 * feature is covered without editing this list. Static imports, re-exports and `import()`.
 */
const WEB = 'apps/web/src';
const MAX_DEPTH = 4;
const up = (n) => `(\\.\\./){${n}}`;
function restrict(message, patterns) {
  return {
    'no-restricted-imports': ['error', { patterns: patterns.map((regex) => ({ regex, message })) }],
    // The same for import(): esquery's regex cannot hold a slash, hence \x2F.
    'no-restricted-syntax': [
      'error',
      ...patterns.map((regex) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  };
}
const webBoundaries = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
  const below = '*/'.repeat(depth);
  return [
    {
      files: [`${WEB}/features/*/${below}*.{ts,tsx}`],
      rules: restrict(
        'A feature imports lib/, components/ and its own files, never another feature or app/: move what both need to lib/ (logic) or components/ (UI).',
        [`^${up(depth + 1)}(?!\\.\\./)[^/]+(/|$)`, `^${up(depth + 2)}(app|features)(/|$)`],
      ),
    },
    {
      files: [`${WEB}/lib/${below}*.{ts,tsx}`, `${WEB}/components/${below}*.{ts,tsx}`],
      rules: restrict('lib/ and components/ sit below the features and app/: they import neither.', [
        `^${up(depth + 1)}(app|features)(/|$)`,
      ]),
    },
  ];
}).flat();

/*
 * Server walls: a module's repository is used by its own module only (others call its service), and
 * what sits below the modules (core/, lib/, db/, plugins/) never imports one.
 */
const SERVER = 'apps/server/src';
const serverBoundaries = [
  {
    files: [`${SERVER}/modules/*/*.ts`],
    rules: restrict(
      "A module uses its own repository only: call the other module's service (or core/) instead.",
      ['^\\.\\./[^/]+/[^/]+\\.repository(\\.ts)?$'],
    ),
  },
  {
    files: [`${SERVER}/{core,lib,db,plugins}/**/*.ts`],
    rules: restrict('core/, lib/, db/ and plugins/ sit below the modules: they never import one.', [
      '(^|/)modules(/|$)',
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      'packages/api-client/src/schema.d.ts',
      '**/dist/**',
      '**/dist-test-*/**', // the server build's test (scripts/build-server.test.ts)
      '**/node_modules/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webBoundaries,
  ...serverBoundaries,
  ...sizeRules(),
  {
    // Command-line tools and scripts report to the terminal on purpose.
    files: ['scripts/**', 'apps/server/src/cli/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
