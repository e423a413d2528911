import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, type DataDirLock, inUseMessage, lockDataDir } from './lock.ts';

const lockModule = join(import.meta.dirname, 'lock.ts');
const newFolder = () => join(mkdtempSync(join(tmpdir(), 'marketplace-lock-')), 'data');
const failOnLoss = (err: Error) => {
  throw err;
};

/** Another process holding the folder, as `opener`, until it is killed. */
async function holderProcess(dataDir: string, opener: string) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       await lockDataDir(${JSON.stringify(dataDir)}, ${JSON.stringify(opener)}, () => process.exit(3));
       console.log('holding');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('holding') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe('the data folder lock', () => {
  const locks: DataDirLock[] = [];
  afterEach(async () => {
    for (const lock of locks.splice(0)) await lock.release();
  });

  it('lets one opener in and names it to the next, who touches nothing', async () => {
    const dataDir = newFolder();
    const child = await holderProcess(dataDir, 'the server');
    try {
      const refused = await lockDataDir(dataDir, 'npm run demo', failOnLoss).catch((err) => err);
      expect(refused).toBeInstanceOf(DataDirInUse);
      expect(refused.holder).toMatchObject({ pid: child.pid, opener: 'the server', host: hostname() });
      expect(inUseMessage(refused)).toBe(
        `${dataDir} is in use by the server, pid ${child.pid}: stop it first (Ctrl+C in its terminal, or kill ${child.pid}), or use another DATA_DIR.`,
      );
      expect(readdirSync(dataDir).sort()).toEqual(['in-use.json', 'in-use.lock']); // no database file made
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a holder killed with kill -9, within seconds', async () => {
    const dataDir = newFolder();
    const child = await holderProcess(dataDir, 'npm run demo');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const started = Date.now();
    const lock = await lockDataDir(dataDir, 'the server', failOnLoss);
    locks.push(lock);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not take over a lock whose holder runs, even when its name is missing', async () => {
    const dataDir = newFolder();
    const child = await holderProcess(dataDir, 'the server');
    try {
      writeFileSync(join(dataDir, 'in-use.json'), 'not json');
      const refused = await lockDataDir(dataDir, 'npm run backup', failOnLoss).catch((err) => err);
      expect(refused).toBeInstanceOf(DataDirInUse);
      expect(refused.message).toBe(`${dataDir} is in use by another process`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('frees the folder on release, for the next opener', async () => {
    const dataDir = newFolder();
    const first = await lockDataDir(dataDir, 'npm run demo', failOnLoss);
    await expect(lockDataDir(dataDir, 'the server', failOnLoss)).rejects.toBeInstanceOf(DataDirInUse);
    await first.release();
    expect(readdirSync(dataDir)).toEqual([]);
    locks.push(await lockDataDir(dataDir, 'the server', failOnLoss));
  });

  it('keeps its holder file (with the control token) to the owner, whatever mode a file left there had', async () => {
    const dataDir = newFolder();
    mkdirSync(dataDir, { recursive: true });
    const holderPath = join(dataDir, 'in-use.json');
    writeFileSync(holderPath, '{"pid":1,"opener":"an old server"}');
    chmodSync(holderPath, 0o644);
    const lock = await lockDataDir(dataDir, 'the server', failOnLoss);
    locks.push(lock);
    expect(statSync(holderPath).mode & 0o777).toBe(0o600);
    chmodSync(holderPath, 0o666); // an owner's slip, or a restore that kept another mode
    lock.announce({ address: '127.0.0.1', port: 3000, controlToken: 'a-token-of-this-server' });
    expect(statSync(holderPath).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir).sort()).toEqual(['in-use.json', 'in-use.lock']); // no temporary file left
  });
});
