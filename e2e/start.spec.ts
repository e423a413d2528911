import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/test.ts';
import { diagnosticPages } from './fixtures/pages.ts';
import { freePort } from './fixtures/processes.ts';

// "A test that starts the app with `npm start` as a user would, on an empty DATA_DIR,
// and gets 200 on `/`." It also stops it as an operator would (SIGTERM) and expects it to shut down.
test('npm start serves the product on an empty data folder and stops cleanly', async () => {
  test.setTimeout(120_000);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'marketplace-start-')), 'nested', 'data');
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      DIAGNOSTICS: '',
    },
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
    const landing = await home.text();
    expect(landing).toContain('Built for Ghana');
    // Sandbox payments where real ones are expected: every page says so.
    expect(landing).toContain('<strong>TEST MODE</strong>: payments are simulated and no real money moves.');
    expect(
      await (await fetch(`http://127.0.0.1:${port}/terms`, { headers: { 'accept-encoding': 'br' } })).text(),
    ).toContain('TEST MODE');
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
    // npm's own pid, as a supervisor that started `npm start` sends it: the script's `exec` makes
    // the server npm's child, and npm passes SIGTERM on to it.
    process.kill(child.pid!, 'SIGTERM');
  }
  await exited;
  // What matters is that the server shut down and let go of the port.
  await expect.poll(() => output).toContain('shutting down');
  await expect
    .poll(() =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'still up',
        () => 'stopped',
      ),
    )
    .toBe('stopped');
});

// Without keys, production granted paid time (and affiliate commission) for nothing.
test('npm start in production without Paystack keys refuses to start, and says what to set', async () => {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'marketplace-nokeys-')),
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PAYMENTS: '',
      PAYSTACK_SECRET_KEY: '',
      PAYSTACK_PUBLIC_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).not.toBe(0);
  expect(output).toContain('Cannot start: Missing environment variable PAYSTACK_SECRET_KEY / PAYSTACK_PUBLIC_KEY');
  expect(output).toContain('PAYMENTS=sandbox');
});

// The support numbers shipped are placeholders; where real customers pay, the
// server refuses to start until they are replaced (a TEST MODE server only warns: see the first test).
test('npm start in production with real payments refuses the placeholder support numbers, and says where to set them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-support-'));
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PAYMENTS: '',
      PAYSTACK_SECRET_KEY: 'sk_test_placeholder_check_only',
      PAYSTACK_PUBLIC_KEY: 'pk_test_placeholder_check_only',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain(
    'Cannot start: the support WhatsApp number and phone number in content/support/contact.json are still the placeholder',
  );
  expect(readdirSync(dataDir)).toEqual([]); // refused before it opened anything
});

// A supervisor that stopped reading the log left servers hanging in their exit path for
// hours (a full or closed pipe, retried forever), out of reach of the shutdown watchdog.
for (const mode of ['exit', 'stall'] as const) {
  test(`SIGTERM stops the server within 10 s when its log reader ${mode === 'exit' ? 'has exited' : 'has stalled'}`, async () => {
    test.setTimeout(150_000);
    const port = await freePort();
    const fixture = join(import.meta.dirname, 'fixtures', 'abandon-log-reader.ts');
    const script = spawn(
      process.execPath,
      [fixture, String(port), mkdtempSync(join(tmpdir(), 'marketplace-abandoned-')), mode],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let printed = '';
    script.stdout.on('data', (chunk) => (printed += chunk));
    expect(await new Promise((resolve) => script.once('exit', resolve))).toBe(0);
    const group = Number(printed.trim());
    // The script sent SIGTERM to the group as it left; the stalled reader ignores it and stays.
    const serverRunning = () => spawnSync('pgrep', ['-g', String(group), '-f', 'api/src/server.ts']).status === 0;
    try {
      await expect
        .poll(serverRunning, { timeout: 10_000, intervals: [100], message: 'the server still runs 10 s after SIGTERM' })
        .toBe(false);
      expect(
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => 'still up',
          () => 'stopped',
        ),
      ).toBe('stopped');
    } finally {
      spawnSync('pkill', ['-KILL', '-g', String(group)]); // the stalled reader, and a hung server if the test failed
    }
  });
}
