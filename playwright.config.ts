import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_USSD } from './e2e/fixtures/ussd.ts';

// Journeys run against the real product started as a user would (`npm start`), on an empty
// embedded database. Workers inherit the data folder chosen by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'marketplace-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker: the journeys share one server, and some move its test clock (POST /api/dev/clock)
  // past a booked slot or towards a renewal, which would surprise a journey running beside them.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The first administrator is created from these on start (e2e/fixtures/admin.ts signs in with them).
      ADMIN_USERNAME: 'e2e-admin',
      ADMIN_PASSWORD: 'Admin-e2e-Passw0rd',
      // The phone menu on, as an operator with a code has it (e2e/ussd-live.spec.ts dials it).
      ...E2E_USSD,
    },
  },
});
