// @ts-check
/*
 * The layers, checked by `npm run lint:deps` (type imports count: tsPreCompilationDeps).
 * Server: modules → core → db → lib, plugins below modules. Web: features → components → lib.
 * packages/shared imports nothing of ours. Cycles between server modules (folder level) are checked
 * by scripts/check-module-cycles.mjs, which collapses this same graph to one node per module.
 */
const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';
/** Tests beside the code may reach across layers (a lib test building a plugin); cycles still count. */
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      // At run time. Inside a module, a use-case file may take its deps type from the service that
      // assembles it (a type-only loop, erased at build); between modules, type imports count too
      // (scripts/check-module-cycles.mjs).
      comment:
        'A file never reaches itself through its imports at run time: move the shared code down a layer.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'core-below-modules',
      severity: 'error',
      comment: 'core/ is what every module needs and no module owns: it never imports a module or plugin.',
      from: { path: `${SERVER}/core/`, pathNot: TESTS },
      to: { path: `${SERVER}/(modules|plugins)/` },
    },
    {
      name: 'db-below-core',
      severity: 'error',
      comment: 'db/ (connection, schema, dialects) sits below core/ and the modules.',
      from: { path: `${SERVER}/db/`, pathNot: TESTS },
      to: { path: `${SERVER}/(core|modules|plugins)/` },
    },
    {
      name: 'lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ holds generic tools: it imports none of core/, db/, modules/ or plugins/.',
      from: { path: `${SERVER}/lib/`, pathNot: TESTS },
      to: { path: `${SERVER}/(core|db|modules|plugins)/` },
    },
    {
      name: 'plugins-below-modules',
      severity: 'error',
      comment: 'plugins/ (hooks every route runs) never import a module.',
      from: { path: `${SERVER}/plugins/`, pathNot: TESTS },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'no-foreign-repository',
      severity: 'error',
      comment: "A module uses its own repository only: call the other module's service (or core/).",
      from: { path: `${SERVER}/modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}/modules/[^/]+/[^/]+\\.repository\\.ts$`, pathNot: `${SERVER}/modules/$1/` },
    },
    {
      name: 'web-lib-at-the-bottom',
      severity: 'error',
      comment: 'Web lib/ imports neither components/, features/ nor app/.',
      from: { path: `${WEB}/lib/`, pathNot: TESTS },
      to: { path: `${WEB}/(components|features|app)/` },
    },
    {
      name: 'web-components-below-features',
      severity: 'error',
      comment: 'Web components/ import lib/ only: never a feature or app/.',
      from: { path: `${WEB}/components/`, pathNot: TESTS },
      to: { path: `${WEB}/(features|app)/` },
    },
    {
      name: 'web-feature-stays-home',
      severity: 'error',
      comment: 'A feature imports lib/, components/ and its own files, never another feature or app/.',
      from: { path: `${WEB}/features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}/(features|app)/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/shared is the contract: it imports no app and no other package of ours.',
      from: { path: '^packages/shared/', pathNot: TESTS },
      to: { path: '^(apps|packages/(?!shared/))' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|playwright-report|test-results)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: {
      dot: { collapsePattern: '^apps/server/src/modules/[^/]+' },
      archi: { collapsePattern: '^apps/server/src/(modules/[^/]+|[^/]+)' },
    },
  },
};
