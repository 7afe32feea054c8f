import { defineConfig } from 'vitest/config';

// Files of the API project that belong to the PostgreSQL run alone: only PostgreSQL has connections a
// database server can cut, row locks taken in an order (SQLite runs one write transaction at a time) and planner statistics.
const POSTGRES_ONLY = [
  'apps/server/test/postgres-connection-loss.test.ts',
  'apps/server/test/postgres-guest-import.test.ts',
  'apps/server/test/postgres-pool-settings.test.ts',
  // These two always use both databases: one run is enough.
  'apps/server/test/move-checksum.test.ts',
  'apps/server/test/move-to-postgres.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The light table's focus ring is checked in its stylesheet; the other CSS stays out of the tests.
          css: { include: [/light-table\.css/] },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // TEST_API_EXCLUDE (comma-separated paths): scripts/test-api.mjs runs those files apart.
          exclude: [
            ...(process.env.TEST_DB === 'postgres' ? [] : POSTGRES_ONLY),
            ...(process.env.TEST_API_EXCLUDE?.split(',').filter(Boolean) ?? []),
          ],
          environment: 'node',
          // Each file gets its own database; files run one after another to keep PostgreSQL runs simple.
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
