import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { DatabaseOpenError, type Db, embeddedDatabase, openEmbedded, pgliteFolder } from '../db.ts';
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

const TAR_BLOCK = 512;

/**
 * The names in a tar archive, or null when it is not a whole one: every header's checksum must
 * add up and every file's bytes must be there (a copy cut short, or another kind of file).
 */
export function tarNames(tar: Buffer): string[] | null {
  const names: string[] = [];
  for (let at = 0; at + TAR_BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + TAR_BLOCK);
    if (header.every((byte) => byte === 0)) return names; // the end-of-archive blocks
    const stored = Number.parseInt(header.toString('latin1', 148, 156).replace(/\0.*$/s, '').trim(), 8);
    let sum = 0;
    for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (stored !== sum || !Number.isSafeInteger(size) || size < 0) return null;
    const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    names.push(prefix ? `${prefix}/${name}` : name);
    at += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    if (at > tar.length) return null;
  }
  return null; // no end-of-archive blocks: cut short
}

const ANOTHER_BACKUP =
  'copy it again from where it was made, or pick another backup (npm run backup writes one; the daily ones are in DATA_DIR/backups)';

/**
 * The tar inside a backup made by npm run backup, or a refusal saying in plain words what is wrong
 * with the file: all checked before anything is written, so a damaged file leaves nothing behind.
 */
export async function readBackup(file: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new RestoreRefused(
        `There is no file ${file}: give the path of a backup (npm run backup writes one; the daily ones are in DATA_DIR/backups).`,
      );
    if (code === 'EISDIR') throw new RestoreRefused(`${file} is a folder: give the path of a backup file in it.`);
    throw new RestoreRefused(
      `Cannot read ${file} (${code ?? 'unknown error'}): check that it exists and is yours to read.`,
    );
  }
  if (!bytes.length)
    throw new RestoreRefused(`${file} is empty (0 bytes), so it cannot be a backup: ${ANOTHER_BACKUP}.`);
  if (!isGzip(bytes))
    throw new RestoreRefused(`${file} is not a backup made by npm run backup (not a gzip archive): ${ANOTHER_BACKUP}.`);
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(bytes);
  } catch {
    throw new RestoreRefused(
      `${file} is damaged: its compressed data is cut short or corrupted (a copy that did not finish?). Nothing was restored: ${ANOTHER_BACKUP}.`,
    );
  }
  const names = tarNames(tar);
  if (!names)
    throw new RestoreRefused(
      `${file} is damaged: the archive inside is cut short or is not a tar. Nothing was restored: ${ANOTHER_BACKUP}.`,
    );
  if (!names.some((name) => name.replace(/^\.?\//, '') === 'PG_VERSION'))
    throw new RestoreRefused(
      `${file} is an archive, but not of a database folder (it holds no PG_VERSION): it is not a backup made by npm run backup; ${ANOTHER_BACKUP}.`,
    );
  return tar;
}

/**
 * Fills an empty DATA_DIR from a snapshot and opens it once to check it, under the folder's lock.
 * A folder with anything in it is refused: restoring over a database would mix two of them. On any
 * failure the folder is left as it was found (removed again if this made it).
 */
export async function restoreSnapshot(file: string, dataDir: string): Promise<{ users: number }> {
  const tar = await readBackup(file);
  const present = await readdir(dataDir).catch(() => [] as string[]);
  if (present.length)
    throw new RestoreRefused(
      `${dataDir} is not empty: restore into a new folder (DATA_DIR=./data-restored npm run restore ${file}), then start with that DATA_DIR.`,
    );
  const madeHere = !existsSync(dataDir);
  const lock = await lockDataDir(dataDir, 'npm run restore', (err) => {
    throw err;
  });
  try {
    // The tar as checked above: PGlite's own gunzip fails outside any promise on a damaged file.
    const pglite = await openEmbedded(
      pgliteFolder(dataDir),
      new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
    ).catch((err) => {
      if (!(err instanceof DatabaseOpenError)) throw err;
      throw new RestoreRefused(
        `${file} holds a database folder that cannot be opened (${err.cause}): it is damaged or from another version. Nothing was restored: ${ANOTHER_BACKUP}.`,
      );
    });
    try {
      const { rows } = await pglite.query<{ users: number }>('select count(*)::int as users from users').catch(() => {
        throw new RestoreRefused(
          `${file} holds a database, but not this marketplace's (it has no accounts table): ${ANOTHER_BACKUP}.`,
        );
      });
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
    if (madeHere && (await readdir(dataDir).catch(() => ['?'])).length === 0) await rmdir(dataDir).catch(() => {});
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
