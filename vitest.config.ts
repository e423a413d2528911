import { defineConfig } from 'vitest/config';

// Unit tests run in Node. The API suite runs on embedded PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL points at a server (CI sets it). Playwright specs in e2e/ are not vitest's.
const apiTests = ['api/**/*.api.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'api/**/*.test.ts',
            'site/src/**/*.test.ts',
            'site/integrations/**/*.test.ts',
          ],
          exclude: apiTests,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
