import { readdirSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type Db, embeddedDatabase, openEmbedded, pgliteFolder } from '../db.ts';
import { startJob, type Job } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import { lockDataDir } from './lock.ts';
import { timeBetween, HOUR_MS, DAY_MS } from '../../../contract/dates.ts';

/**
 * Backups of the embedded database (docs/OPERATIONS.md "Backups"). A snapshot is PGlite's own
 * archive of its folder (dumpDataDir, gzip), taken by the process that has the database open:
 * a checkpoint first, then the files read in one synchronous pass, so no statement runs halfway
 * through it. What it holds is what a power cut at that instant would leave, and PostgreSQL's
 * recovery opens that: every transaction committed before the snapshot is in it.
 */

/** The archive of `db`'s folder: every write acknowledged before the call is in it. */
export async function snapshot(db: Db): Promise<Buffer> {
  const pglite = embeddedDatabase(db);
  if (!pglite) throw new Error('snapshots are for the embedded database; use pg_dump for PostgreSQL');
  await db.raw('checkpoint');
  return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
}

/** Writes the file whole or not at all (a reader never sees half an archive). */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, file);
}

export class RestoreRefused extends Error {}

/** An archive is gzip (PGlite's "gzip" dump), starting with its magic bytes. */
const isGzip = (bytes: Buffer) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Fills an empty DATA_DIR from a snapshot and opens it once to check it, under the folder's lock.
 * A folder with anything in it is refused: restoring over a database would mix two of them.
 */
export async function restoreSnapshot(file: string, dataDir: string): Promise<{ users: number }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new RestoreRefused(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}.`);
  }
  if (!isGzip(bytes)) throw new RestoreRefused(`${file} is not a backup made by npm run backup (not a gzip archive).`);
  const present = await readdir(dataDir).catch(() => [] as string[]);
  if (present.length)
    throw new RestoreRefused(
      `${dataDir} is not empty: restore into a new folder (DATA_DIR=./data-restored npm run restore ${file}), then start with that DATA_DIR.`,
    );
  const lock = await lockDataDir(dataDir, 'npm run restore', (err) => {
    throw err;
  });
  try {
    const pglite = await openEmbedded(
      pgliteFolder(dataDir),
      new Blob([new Uint8Array(bytes)], { type: 'application/x-gzip' }),
    );
    try {
      const { rows } = await pglite.query<{ users: number }>('select count(*)::int as users from users');
      return { users: rows[0]?.users ?? 0 };
    } finally {
      await pglite.close();
    }
  } catch (err) {
    // Leave the folder empty again, so that another try starts as the first did.
    await rm(pgliteFolder(dataDir), { recursive: true, force: true });
    throw err;
  } finally {
    await lock.release();
  }
}

export const snapshotsFolder = (dataDir: string) => join(resolve(dataDir), 'backups');
const SNAPSHOT_NAME = /^pglite-\d{8}T\d{6}Z\.tar\.gz$/;

/** pglite-20261127T081400Z.tar.gz: sorts by time as text. */
const snapshotName = (at: Date) =>
  `pglite-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/** The snapshots kept in DATA_DIR/backups, oldest first. */
export function listSnapshots(dataDir: string): string[] {
  try {
    return readdirSync(snapshotsFolder(dataDir))
      .filter((name) => SNAPSHOT_NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The server's daily snapshot into DATA_DIR/backups, keeping the newest `keep`. Checked hourly, so
 * a server that restarts often still takes one a day and one that runs for weeks takes one daily.
 */
export function startDailySnapshots(deps: { db: Db; dataDir: string; keep: number; logger: Logger }): Job {
  const { db, dataDir, keep, logger } = deps;
  const folder = snapshotsFolder(dataDir);
  const run = async () => {
    const kept = listSnapshots(dataDir);
    const newest = kept.at(-1);
    if (newest && timeBetween(statSync(join(folder, newest)).mtime, new Date()) < DAY_MS) return;
    const name = snapshotName(new Date());
    await writeAtomically(join(folder, name), await snapshot(db));
    const all = listSnapshots(dataDir);
    for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(join(folder, old), { force: true });
    logger.info({ snapshot: join(folder, name), kept: Math.min(all.length, keep) }, 'daily backup written');
  };
  return startJob({ name: 'daily backup', everyMs: HOUR_MS, run, logger });
}
