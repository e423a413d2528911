import { defineConfig } from 'vitest/config';

// Unit tests run in Node. The API suite runs on embedded PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL points at a server (CI sets it). Playwright specs in e2e/ are not vitest's.
const apiTests = ['api/**/*.api.test.ts'];
// Islands run on preact/compat (site/astro.config.mjs): modules that import 'react' or 'react-dom'
// get the same runtime here as in the browser.
const resolve = { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'api/**/*.test.ts', 'site/src/**/*.test.ts'],
          exclude: apiTests,
        },
      },
      {
        test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'api-postgres', include: apiTests, env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } }]
        : []),
    ],
  },
});
