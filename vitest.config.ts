import { defineConfig } from 'vitest/config';

// Unit tests run in Node. The API suite runs on embedded PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL points at a server (CI sets it). Playwright specs in e2e/ are not vitest's.
const apiTests = ['api/**/*.api.test.ts'];

/**
 * API tests run real HTTP on a real database, some of them hundreds of requests or argon2 hashes:
 * seconds on a quiet machine, but CI shares its two cores with other work (green with
 * two CPU-bound processes beside it). The bounds catch a hang, not a slow machine; speed goals
 * are benchmarks (bench/), never test timeouts.
 */
const API_TIMEOUTS = { testTimeout: 90_000, hookTimeout: 120_000 };

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
          ...API_TIMEOUTS,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { TEST_DB: 'postgres' },
                ...API_TIMEOUTS,
              },
            },
          ]
        : []),
    ],
  },
});
