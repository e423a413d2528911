import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
      // The lock file itself names its owner.
      expect(refused.message).toBe(`${dataDir} is in use by the server, pid ${child.pid}`);
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

  it('tells its holder when another process has replaced its lock, and then leaves that lock alone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const dataDir = newFolder();
      const lost: Error[] = [];
      const lock = await lockDataDir(dataDir, 'the server', (err) => lost.push(err));
      vi.advanceTimersByTime(5_000);
      expect(lost).toEqual([]); // refreshed, still ours
      const theirs = JSON.stringify({
        id: 'another-holder',
        pid: process.pid + 1,
        host: hostname(),
        opener: 'npm run demo',
        startedAt: '',
      });
      writeFileSync(join(dataDir, 'in-use.lock'), theirs);
      vi.advanceTimersByTime(5_000);
      expect(lost.map((err) => err.message)).toEqual([expect.stringMatching(/^now held by /)]);
      await lock.release();
      expect(readFileSync(join(dataDir, 'in-use.lock'), 'utf8')).toBe(theirs);
    } finally {
      vi.useRealTimers();
    }
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

/**
 * A process that contends for folders on command: each line of its input is a folder and an
 * instant; at that instant it tries to take the folder (and twice more, at once, if refused, as a
 * late contender would), says what happened, and holds what it took until told to check and let go.
 */
function contender(): { child: ChildProcessByStdio<Writable, Readable, null>; said: AsyncIterator<string> } {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       const { readFileSync } = await import('node:fs');
       const { createInterface } = await import('node:readline');
       const say = (what) => console.log(JSON.stringify(what));
       let held = null;
       let lost = false;
       for await (const line of createInterface({ input: process.stdin })) {
         const command = JSON.parse(line);
         if (command.check) {
           let owner = null;
           try {
             owner = JSON.parse(readFileSync(command.check + '/in-use.json', 'utf8'));
           } catch {}
           const keeps = !lost && owner?.pid === process.pid;
           await held?.release();
           held = null;
           say({ keeps });
           continue;
         }
         await new Promise((go) => setTimeout(go, Math.max(0, command.at - Date.now())));
         let took = false;
         for (let tries = 0; tries < 3 && !took; tries++) {
           try {
             held = await lockDataDir(command.dataDir, 'a contender', () => { lost = true; });
             took = true;
           } catch (err) {
             if (err.constructor.name !== 'DataDirInUse') throw err;
           }
         }
         say({ took });
       }`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  return { child, said: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

describe('a stale lock taken over by many processes at once', () => {
  const CONTENDERS = 6;
  const ROUNDS = 30;
  const contenders: ReturnType<typeof contender>[] = [];
  let deadHolderLeft: string;
  beforeAll(async () => {
    // What a holder killed with kill -9 leaves behind, copied into a fresh folder each round.
    deadHolderLeft = newFolder();
    const dead = await holderProcess(deadHolderLeft, 'the server');
    dead.kill('SIGKILL');
    await new Promise((resolve) => dead.once('exit', resolve));
    for (let i = 0; i < CONTENDERS; i++) contenders.push(contender());
  });
  afterAll(() => {
    for (const { child } of contenders) child.kill('SIGKILL');
  });

  const ask = async (who: (typeof contenders)[number], command: object) => {
    who.child.stdin.write(`${JSON.stringify(command)}\n`);
    const { value, done } = await who.said.next();
    if (done) throw new Error(`contender pid ${who.child.pid} ended (its lock taken from under it?) before answering`);
    return JSON.parse(value);
  };

  it(`has exactly one holder, who keeps it, in each of ${ROUNDS} races of ${CONTENDERS} processes`, {
    timeout: 120_000,
  }, async () => {
    const holdersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = newFolder();
      cpSync(deadHolderLeft, dataDir, { recursive: true, preserveTimestamps: true });
      const at = Date.now() + 150;
      const outcomes = await Promise.all(contenders.map((who) => ask(who, { dataDir, at })));
      const winners = contenders.filter((_, i) => outcomes[i].took);
      holdersPerRound.push(winners.length);
      // Every contender has tried (three times) and answered: each winner still holds the lock.
      const kept = await Promise.all(winners.map((who) => ask(who, { check: dataDir })));
      expect(kept, `round ${round + 1}`).toEqual(winners.map(() => ({ keeps: true })));
      expect(readdirSync(dataDir), `round ${round + 1}`).toEqual([]); // let go: nothing left behind
    }
    expect(holdersPerRound).toEqual(Array(ROUNDS).fill(1));
  });
});
