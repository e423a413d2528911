import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { diagnosticPages } from './fixtures/pages.ts';

// Issue #2: "A test that starts the app with `npm start` as a user would, on an empty DATA_DIR,
// and gets 200 on `/`." It also stops it as an operator would (SIGTERM) and expects it to shut down.
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

test('npm start serves the product on an empty data folder and stops cleanly', async () => {
  test.setTimeout(120_000);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'marketplace-start-')), 'nested', 'data');
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', DIAGNOSTICS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  try {
    await expect.poll(() => output, { timeout: 90_000 }).toContain('Listening on');
    expect(output).toContain('npm run demo'); // demo data is offered, not loaded
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Built for Ghana');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    expect(readdirSync(dataDir)).toContain('pglite'); // created the missing parent folders
    // In production the diagnostic pages and the dev mailbox do not exist: the 404 page, not a blank.
    const diagnostic = diagnosticPages();
    expect(diagnostic).toEqual(expect.arrayContaining(['/login-debug', '/payment-test', '/dev-mailbox']));
    for (const path of diagnostic) {
      const page = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(page.status, path).toBe(404);
      expect(await page.text(), path).toContain('Page not found');
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(404);
  } finally {
    // The whole group, as a service manager would: npm's `sh -c` does not pass signals on.
    process.kill(-child.pid!, 'SIGTERM');
  }
  await exited;
  // npm re-raises the signal for itself; what matters is that the server shut down and let go of the port.
  await expect.poll(() => output).toContain('shutting down');
  await expect
    .poll(() => fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'still up', () => 'stopped'))
    .toBe('stopped');
});
