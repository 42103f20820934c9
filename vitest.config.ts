import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@/': root,
  'server-only': `${root}tests/setup/server-only-stub.ts`,
};

// Integration tests run route handlers for real against a fresh PostgreSQL
// database per run (TEST_DATABASE_URL's server); the `embedded` project runs
// the same smoke suite against PGlite to prove both database paths.
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/embedded/**'],
          environment: 'node',
          globalSetup: ['tests/setup/postgres.ts'],
          setupFiles: ['tests/setup/env.ts'],
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'embedded',
          include: ['tests/integration/embedded/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/pglite.ts'],
          setupFiles: ['tests/setup/env.ts'],
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
