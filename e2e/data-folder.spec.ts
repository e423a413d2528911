import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { createPendingAccount } from './fixtures/accounts.ts';
import {
  freePort,
  killGroup,
  npmRun,
  productEnv,
  reachable,
  type Running,
  serverPid,
  startProduct,
} from './fixtures/processes.ts';

// The embedded database has one opener at a time. Commands run beside the server hand
// their work to it, a second server is refused in one line, a lock left by a killed process is
// taken over, backups are taken while the server runs, and a damaged folder says so in one line.
// These run the product as a newcomer does (npm start, npm run …), each on its own data folder.

const newFolder = (name: string) => join(mkdtempSync(join(tmpdir(), `marketplace-${name}-`)), 'data');
const DEMO_CUSTOMER = { email: 'customer1@demo.example.com', password: 'DemoPass123' };
const ADMIN = { username: 'owner-25', password: 'Owner-Passw0rd-25' };

async function signIn(port: number, account: { email: string; password: string }): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginMethod: 'email', ...account }),
  });
  return res.status;
}

async function adminSignIn(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return res.status;
}

/** SIGTERM to npm's own pid, as a supervisor that started `npm start` sends it: nothing stays behind. */
async function stopAsSupervisor(server: Running, port: number): Promise<void> {
  const npmPid = server.child.pid as number;
  const node = serverPid(npmPid);
  expect(node, 'the server process under npm').not.toBeNull();
  process.kill(npmPid, 'SIGTERM');
  await server.exited;
  await expect.poll(() => reachable(port), { timeout: 12_000 }).toBe('stopped');
  await expect
    .poll(() => serverPid(npmPid), { timeout: 12_000, message: 'the server outlived npm (an orphan)' })
    .toBeNull();
  expect(server.output()).toContain('"msg":"stopped"');
}

const oneLine = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('>'))
    .join('\n');

test.describe('the data folder', () => {
  test.describe.configure({ timeout: 360_000 }); // several starts of the product, on a machine shared with other work
  let running: Running | undefined;
  test.afterEach(() => killGroup(running));

  test("a newcomer's sequence: start, demo and admin:create while it runs, a second start refused, stop, start again", async () => {
    const dataDir = newFolder('newcomer');
    const port = await freePort();
    const env = productEnv(dataDir, port);
    running = await startProduct(env);
    expect(running.output()).toContain('npm run demo');

    const demo = await npmRun(['run', 'demo'], env);
    expect(demo.code, demo.output).toBe(0);
    expect(demo.output).toMatch(/Loaded demo data: \d+ accounts/);
    expect(demo.output).toContain('The running server has them now.');
    expect(await signIn(port, DEMO_CUSTOMER)).toBe(200); // at once, on the running server

    const admin = await npmRun(
      ['run', 'admin:create', '--', '--username', ADMIN.username, '--password', ADMIN.password],
      env,
    );
    expect(admin.code, admin.output).toBe(0);
    expect(admin.output).toContain(`Administrator "${ADMIN.username}" created on the running server`);
    expect(await adminSignIn(port)).toBe(200);
    const again = await npmRun(
      ['run', 'admin:create', '--', '--username', ADMIN.username, '--password', ADMIN.password],
      env,
    );
    expect(again.code).toBe(1);
    expect(oneLine(again.output)).toBe(
      `Cannot create the administrator: An administrator named ${ADMIN.username} already exists`,
    );

    // A second server on the same folder, on the same port and on another: one line, nothing touched.
    const holder = `${dataDir} is in use by the server, pid ${serverPid(running.child.pid as number)}, port ${port}`;
    for (const secondPort of [port, await freePort()]) {
      const second = await npmRun(['start'], productEnv(dataDir, secondPort));
      expect(second.code).toBe(1);
      expect(oneLine(second.output)).toBe(
        `Cannot start: ${holder}: stop it first (Ctrl+C in its terminal, or kill ${serverPid(running.child.pid as number)}), or use another DATA_DIR.`,
      );
    }
    expect(await signIn(port, DEMO_CUSTOMER)).toBe(200); // the first server unharmed

    await stopAsSupervisor(running, port);
    running = await startProduct(env);
    expect(running.output()).not.toContain('The database has no accounts yet');
    expect(await signIn(port, DEMO_CUSTOMER)).toBe(200);
    expect(await adminSignIn(port)).toBe(200);
    await stopAsSupervisor(running, port);
  });

  test('a server whose npm is killed stops; a lock left by a killed server is taken over; a damaged folder says so in one line', async () => {
    const dataDir = newFolder('killed');
    const port = await freePort();
    const env = productEnv(dataDir, port);
    running = await startProduct(env);
    expect((await npmRun(['run', 'demo'], env)).code).toBe(0);
    // A supervisor that kills npm itself with SIGKILL: the server, left without its parent, stops.
    const npmPid = running.child.pid as number;
    const orphan = serverPid(npmPid) as number;
    process.kill(npmPid, 'SIGKILL');
    await running.exited;
    await expect.poll(() => reachable(port), { timeout: 15_000 }).toBe('stopped');
    await expect.poll(() => serverPid(npmPid), { timeout: 15_000 }).toBeNull();
    expect(orphan).toBeGreaterThan(0);

    running = await startProduct(env);
    process.kill(serverPid(running.child.pid as number) as number, 'SIGKILL'); // a crash: no clean-up ran
    await running.exited;
    expect(readdirSync(dataDir)).toContain('in-use.lock'); // left behind

    running = await startProduct(env);
    expect(await signIn(port, DEMO_CUSTOMER)).toBe(200);
    await stopAsSupervisor(running, port);

    // Damage the database's control file: the start says what to do, in one line, without a stack.
    writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    const damaged = await npmRun(['start'], env);
    expect(damaged.code).toBe(1);
    const printed = oneLine(damaged.output);
    expect(printed).toMatch(/^Cannot open the database in .*pglite \(.*\)\. .*npm run restore FILE/);
    expect(printed).not.toMatch(/\n\s+at |function\(|RuntimeError: Aborted\(\)\n/);
    expect(await reachable(port)).toBe('stopped');
  });

  test('backup while writes go on, restore into a new folder, start on it: every acknowledged write is there', async () => {
    const dataDir = newFolder('backup');
    const port = await freePort();
    const env = productEnv(dataDir, port);
    running = await startProduct(env);
    expect((await npmRun(['run', 'demo'], env)).code).toBe(0);

    const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) acknowledged.push((await createPendingAccount(api)).email);
    })();
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    const beforeBackup = [...acknowledged];
    const file = join(mkdtempSync(join(tmpdir(), 'marketplace-backup-file-')), 'snapshot.tar.gz');
    const backup = await npmRun(['run', 'backup', '--', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written: ${file}`);
    writing = false;
    await writer;
    await api.dispose();
    await stopAsSupervisor(running, port);

    // Never over a database: the server's own folder is refused.
    const over = await npmRun(['run', 'restore', '--', file], env);
    expect(over.code).toBe(1);
    expect(oneLine(over.output)).toContain(`${dataDir} is not empty: restore into a new folder`);

    const restoredDir = newFolder('restored');
    const restored = await npmRun(['run', 'restore', '--', file], productEnv(restoredDir, port));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`Restored ${file} into ${restoredDir}`);

    running = await startProduct(productEnv(restoredDir, port));
    expect(await signIn(port, DEMO_CUSTOMER)).toBe(200);
    // An account that exists but has not paid answers 403 with the right password (401: no such account).
    for (const email of beforeBackup)
      expect({ email, status: await signIn(port, { email, password: 'Passw0rd-e2e' }) }).toEqual({
        email,
        status: 403,
      });
    await stopAsSupervisor(running, port);
  });

  test('the server keeps a daily snapshot in DATA_DIR/backups, the newest BACKUP_KEEP of them', async () => {
    const dataDir = newFolder('daily');
    const backups = join(dataDir, 'backups');
    const port = await freePort();
    // Two snapshots from earlier days (their contents do not matter here): the oldest goes.
    mkdirSync(backups, { recursive: true });
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const [name, days] of [
      ['pglite-20261101T000000Z.tar.gz', 3],
      ['pglite-20261102T000000Z.tar.gz', 2],
    ] as const) {
      writeFileSync(join(backups, name), 'old');
      utimesSync(join(backups, name), dayAgo(days), dayAgo(days));
    }
    running = await startProduct(productEnv(dataDir, port, { BACKUP_KEEP: '2' }));
    await expect
      .poll(() => readdirSync(backups), { timeout: 20_000 })
      .toEqual(['pglite-20261102T000000Z.tar.gz', expect.stringMatching(/^pglite-\d{8}T\d{6}Z\.tar\.gz$/)]);
    await stopAsSupervisor(running, port);
  });
});
