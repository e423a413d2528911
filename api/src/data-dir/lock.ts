import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { timeBetween } from '../../../contract/dates.ts';

/**
 * One opener of an embedded database folder at a time (docs/OPERATIONS.md "The data folder").
 * PGlite keeps its pages in the process that opened them: a second opener of the same folder
 * writes over the first one's files and leaves a folder neither can open again. The lock is
 * proper-lockfile's (an atomic mkdir, its mtime refreshed while held); beside it, a small file
 * names the holder so that a second opener can say who has the folder, and hand its work to a
 * running server (features/local-control).
 */

/** The lock itself: a folder, created atomically. */
const LOCK_NAME = 'in-use.lock';
/** Who holds it: readable by the owner only, since it carries the local control token. */
const HOLDER_NAME = 'in-use.json';
/** The holder refreshes the lock's mtime this often. */
const REFRESH_MS = 5_000;
/**
 * A lock not refreshed for this long is stale whoever holds it (a pid reused after a power cut).
 * Long, because PGlite runs on the event loop and a heavy statement can hold the refresh back.
 */
const STALE_MS = 60_000;
/** A lock whose holder has died on this machine is taken over once it is this old (never a fresh one). */
const DEAD_HOLDER_GRACE_MS = 2_000;

export interface Holder {
  pid: number;
  host: string;
  /** What holds the folder, as the person typed it: "the server", "npm run demo". */
  opener: string;
  startedAt: string;
  /** The running server's address, port and local control token (features/local-control), once it listens. */
  address?: string;
  port?: number;
  controlToken?: string;
}

/** The opener name the server takes: commands hand their work to a holder of this name. */
export const SERVER_OPENER = 'the server';

/** The folder is held by another process: `holder` says which (null while it is still writing its name). */
export class DataDirInUse extends Error {
  readonly dataDir: string;
  readonly holder: Holder | null;
  constructor(dataDir: string, holder: Holder | null) {
    super(`${dataDir} is in use by ${describeHolder(holder)}`);
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/** One line for a second opener: who has the folder and what to do. */
export function inUseMessage(err: DataDirInUse): string {
  const holder = err.holder;
  const todo =
    holder?.opener === SERVER_OPENER
      ? `stop it first (Ctrl+C in its terminal, or kill ${holder.pid}), or use another DATA_DIR`
      : 'wait for it to finish, then run this again';
  return `${err.message}: ${todo}.`;
}

export function describeHolder(holder: Holder | null): string {
  if (!holder) return 'another process';
  const where = holder.port ? `, port ${holder.port}` : '';
  const host = holder.host === hostname() ? '' : ` on ${holder.host}`;
  return `${holder.opener}, pid ${holder.pid}${where}${host}`;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Adds what a running server tells other openers (its port, the control token). */
  announce(details: Pick<Holder, 'address' | 'port' | 'controlToken'>): void;
  release(): Promise<void>;
}

export function readHolder(dataDir: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, HOLDER_NAME), 'utf8').slice(0, 4096));
    return typeof parsed?.pid === 'number' && typeof parsed?.opener === 'string' ? (parsed as Holder) : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

const lockAgeMs = (lockPath: string): number | null => {
  try {
    return timeBetween(statSync(lockPath).mtime, new Date());
  } catch {
    return null;
  }
};

/**
 * Takes the folder for this process, or throws DataDirInUse naming the holder. A lock left by a
 * process that died on this machine (kill -9, a crash) is taken over at once; one from a power
 * cut (its pid may now be someone else's) once it has not been refreshed for a minute.
 * `onLost` runs if another process takes the lock away from us (it should stop at once).
 */
export async function lockDataDir(dataDir: string, opener: string, onLost: (err: Error) => void): Promise<DataDirLock> {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true }); // PGlite does not create parent folders either
  const lockPath = join(folder, LOCK_NAME);
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: STALE_MS,
    update: REFRESH_MS,
    onCompromised: onLost,
  };
  const take = () => lockfile.lock(folder, options);
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    // A dead holder's lock may have been refreshed just before it died, or be a new opener's that
    // has not written its name yet: look again once it is old enough to tell.
    let holder = readHolder(folder);
    let age = lockAgeMs(lockPath);
    const deadHere = (h: Holder | null): h is Holder => !!h && h.host === hostname() && !isRunning(h.pid);
    const young = age;
    if (deadHere(holder) && young !== null && young < DEAD_HOLDER_GRACE_MS) {
      await new Promise((done) => setTimeout(done, DEAD_HOLDER_GRACE_MS - young + 100));
      holder = readHolder(folder);
      age = lockAgeMs(lockPath);
    }
    if (!deadHere(holder) || age === null || age < DEAD_HOLDER_GRACE_MS) throw new DataDirInUse(dataDir, holder);
    try {
      rmdirSync(lockPath);
    } catch {
      // another opener took it over first: theirs now
    }
    try {
      release = await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw new DataDirInUse(dataDir, readHolder(folder));
    }
  }
  const holder: Holder = { pid: process.pid, host: hostname(), opener, startedAt: new Date().toISOString() };
  const holderPath = join(folder, HOLDER_NAME);
  const write = () => writeHolder(holderPath, holder);
  write();
  return {
    dataDir,
    announce(details) {
      Object.assign(holder, details);
      write();
    },
    async release() {
      rmSync(holderPath, { force: true }); // before the lock goes: the next holder's name is never removed
      await release();
    },
  };
}

/**
 * Writes the holder's name, readable by the owner only whatever mode a file left there had: a
 * `mode` is applied only when a file is created, so a new file (0600 from its first byte) is
 * written beside it and renamed over it, which also means no reader ever sees half of it.
 */
function writeHolder(holderPath: string, holder: Holder): void {
  const fresh = `${holderPath}.${process.pid}.tmp`;
  rmSync(fresh, { force: true }); // a leftover of a process with this pid before a crash, of any mode
  writeFileSync(fresh, JSON.stringify(holder), { mode: 0o600, flag: 'wx' });
  renameSync(fresh, holderPath);
}

/** A secret only processes that can read the data folder learn: they may hand work to the server. */
export const newControlToken = (): string => randomBytes(32).toString('base64url');
