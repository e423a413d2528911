import { randomBytes } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { addTime, timeBetween } from '../../../contract/dates.ts';

/**
 * One opener of an embedded database folder at a time (docs/OPERATIONS.md "The data folder").
 * PGlite keeps its pages in the process that opened them: a second opener of the same folder
 * writes over the first one's files and leaves a folder neither can open again.
 *
 * The lock is a small file naming its owner, made whole in one step (a hard link of a file
 * written beforehand: it exists complete or not at all), its time refreshed while held. A stale
 * one is replaced only by the one contender that holds the takeover marker of that very owner
 * (created with O_EXCL), and only after it has read again that the owner is still the stale one:
 * so two contenders never both win, and a lock just taken is never replaced as if it were the
 * stale one. Beside it, in-use.json names the holder with the details commands need to hand
 * their work to a running server (features/local-control).
 */

/** The lock itself: a file naming its owner. */
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
/** A marker left by a contender that died in the middle of a takeover (a few system calls) is cleared after this. */
const TAKEOVER_ABANDONED_MS = 30_000;
/** How long a contender looks again while another one is taking a stale lock over. */
const TAKEOVER_WAIT_MS = 2_000;

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

/** What the lock file says: written whole before it is linked in, so never seen in part. */
interface LockOwner {
  /** Random, one per taking: what a takeover compares, never reused as a pid or an inode may be. */
  id: string;
  pid: number;
  host: string;
  opener: string;
  startedAt: string;
}

/** The lock as found: its owner (null for a lock of an older version, a folder), identity and age. */
interface FoundLock {
  id: string;
  owner: LockOwner | null;
  ageMs: number;
}

const ageMs = (path: string): number => {
  try {
    return timeBetween(lstatSync(path).mtime, new Date());
  } catch {
    return 0;
  }
};

function findLock(lockPath: string): FoundLock | null {
  try {
    const stat = lstatSync(lockPath);
    const ageMs = timeBetween(stat.mtime, new Date());
    if (!stat.isFile()) return { id: `old-${stat.ino}`, owner: null, ageMs }; // proper-lockfile's folder
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8').slice(0, 4096));
    const valid = typeof parsed?.id === 'string' && /^[\w-]{1,64}$/.test(parsed.id) && typeof parsed.pid === 'number';
    return valid
      ? { id: parsed.id, owner: parsed as LockOwner, ageMs }
      : { id: `unknown-${stat.ino}`, owner: null, ageMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * A lock left by a process that died on this machine (kill -9, a crash) is stale at once; one not
 * refreshed for STALE_MS is stale whoever holds it (after a power cut its pid may be another's).
 * A lock of an older version names its holder in in-use.json only.
 */
function isStale(found: FoundLock, folder: string): boolean {
  if (found.ageMs >= STALE_MS) return true;
  const holder = found.owner ?? (found.id.startsWith('old-') ? readHolder(folder) : null);
  return !!holder && holder.host === hostname() && !isRunning(holder.pid);
}

/**
 * Replaces the stale lock `stale` with `ours` (a complete file beside it). Only the contender that
 * creates the takeover marker of that very owner may, and only once it has read again that the
 * lock is still that one (not yet replaced by a contender before it, which removes its marker
 * only after): false when someone else took it, or is taking it.
 */
function replaceStale(lockPath: string, ours: string, stale: FoundLock): boolean {
  const marker = `${lockPath}.takeover-${stale.id}`;
  try {
    writeFileSync(marker, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (ageMs(marker) >= TAKEOVER_ABANDONED_MS) rmSync(marker, { force: true }); // its contender died midway
    return false;
  }
  try {
    if (findLock(lockPath)?.id !== stale.id) return false;
    if (stale.id.startsWith('old-')) {
      rmdirSync(lockPath); // a folder: a file linked in after this cannot be removed by it
      linkSync(ours, lockPath);
    } else renameSync(ours, lockPath);
    return true;
  } catch (err) {
    if (['EEXIST', 'ENOENT', 'ENOTEMPTY'].includes((err as NodeJS.ErrnoException).code ?? '')) return false;
    throw err;
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The lock taken for `ours`, or the live lock that holds the folder. */
async function takeLock(lockPath: string, folder: string, ours: LockOwner): Promise<FoundLock | null> {
  const written = `${lockPath}.${ours.id}.new`;
  writeFileSync(written, JSON.stringify(ours), { flag: 'wx', mode: 0o600 });
  try {
    const until = addTime(new Date(), { ms: TAKEOVER_WAIT_MS });
    for (let found: FoundLock | null = null; ; ) {
      try {
        linkSync(written, lockPath); // fails if any lock is there, whole or not
        return null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      found = findLock(lockPath) ?? found; // none: released meanwhile, link again
      if (found && !isStale(found, folder)) return found;
      if (found && replaceStale(lockPath, written, found)) return null;
      // Another contender is taking it over: its lock, fresh, is what we will find next.
      if (new Date() > until && found) return found;
      await new Promise((done) => setTimeout(done, 20));
    }
  } finally {
    rmSync(written, { force: true });
  }
}

/** Who holds the folder: in-use.json when it is the lock owner's, or else what the lock file says. */
function holderOf(found: FoundLock | null, folder: string): Holder | null {
  const named = readHolder(folder);
  if (!found?.owner || named?.pid === found.owner.pid) return named;
  const { pid, host, opener, startedAt } = found.owner;
  return { pid, host, opener, startedAt };
}

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
  const startedAt = new Date().toISOString();
  const ours: LockOwner = {
    id: randomBytes(12).toString('base64url'),
    pid: process.pid,
    host: hostname(),
    opener,
    startedAt,
  };
  const busy = await takeLock(lockPath, folder, ours);
  if (busy) throw new DataDirInUse(dataDir, holderOf(busy, folder));

  const stillOurs = () => findLock(lockPath)?.id === ours.id;
  const refresh = setInterval(() => {
    let found: FoundLock | null;
    try {
      found = findLock(lockPath);
      if (found?.id === ours.id) {
        const now = new Date();
        utimesSync(lockPath, now, now);
        return;
      }
    } catch {
      return; // a passing fault (too many open files): the next refresh tries again
    }
    clearInterval(refresh);
    onLost(new Error(found ? `now held by ${describeHolder(holderOf(found, folder))}` : 'its lock file was removed'));
  }, REFRESH_MS);
  refresh.unref();

  const holder: Holder = { pid: process.pid, host: hostname(), opener, startedAt };
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
      clearInterval(refresh);
      if (!stillOurs()) return; // taken over: the folder, and its holder's name, are another's now
      rmSync(holderPath, { force: true }); // before the lock goes: the next holder's name is never removed
      rmSync(lockPath, { force: true });
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
