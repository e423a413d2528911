import { createHash } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { PGliteDialect } from '@harryplusplus/knex-pglite';
import knex, { type Knex } from 'knex';
// The table declarations for knex (typed rows); loaded with Db wherever it is used.
import type {} from './db-tables.ts';
import { type DataDirLock, lockDataDir } from './data-dir/lock.ts';
import { addTime } from '../../contract/dates.ts';
import { markTransaction } from './transaction-mark.ts';

export { inDatabaseTransaction } from './transaction-mark.ts';

export type Db = Knex;
/** What a repo function runs its queries on: the pool, or the transaction its caller holds. */
export type Conn = Db | Knex.Transaction;

/** knex's own PostgreSQL client, to extend (knex exports it only by file). */
const KnexPgClient = createRequire(import.meta.url)('knex/lib/dialects/postgres/index.js') as new (
  config: Knex.Config,
) => Knex.Client & { _query(connection: unknown, obj: KnexQueryObject): Promise<unknown> };

/** What knex's Client.transaction makes: a thenable transaction that knows when it has ended. */
interface KnexTransactionRun extends PromiseLike<unknown> {
  isCompleted(): boolean;
}
type TransactionStarter = (
  container: (trx: unknown) => unknown,
  config: unknown,
  outerTx: unknown,
) => KnexTransactionRun;

/**
 * knex's handle form (`await db.transaction()`) passes its promise's own resolve function as the
 * callback: a native function without a name (a bound function's name starts with "bound").
 */
const isHandleForm = (container: unknown): boolean =>
  typeof container === 'function' &&
  container.name === '' &&
  /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(container));

/**
 * A knex client class whose every transaction (callback form, handle form, nested, in migrations)
 * carries the transaction mark while it is open, so no outside call can run inside it
 * (transaction-mark.ts). knex makes each transaction's client from the same prototype, so nested
 * transactions start here too.
 */
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes any arguments (TypeScript's rule for mixins)
function marking<C extends abstract new (...args: any[]) => object>(Base: C): C {
  abstract class Marking extends Base {
    transaction(container: (trx: unknown) => unknown, config: unknown, outerTx: unknown): KnexTransactionRun {
      const start = (Base.prototype as unknown as { transaction: TransactionStarter }).transaction;
      let settled = false;
      let run: KnexTransactionRun | undefined;
      return markTransaction(
        () => !settled && !run?.isCompleted(),
        isHandleForm(container),
        (enter) => {
          run = start.call(this, (trx) => enter(() => container(trx)), config, outerTx);
          const end = () => {
            settled = true;
          };
          run.then(end, end);
          return run;
        },
      );
    }
  }
  return Marking as unknown as C;
}
/** What knex hands its client to run: the SQL text, its bindings and the builder's options. */
type KnexQueryObject = { sql: string; bindings?: unknown[]; options?: Record<string, unknown> };

/**
 * Distinct SQL texts a process prepares at most: past it, marked queries run as plain ones. The
 * rule is to mark only fixed texts (no list whose length varies), which are far fewer; this keeps a
 * mistake from growing every connection's memory without end.
 */
export const MAX_PREPARED_TEXTS = 500;
/** Each prepared SQL text's statement name (kept here: a transaction's client is a copy of the pool's). */
const statementNames = new Map<string, string>();

/**
 * knex's PostgreSQL client, where a query marked with `prepared()` runs as a named prepared
 * statement (named after its SQL text, on each pooled connection). PostgreSQL then parses and
 * plans it once instead of on every call, which for the hot reads cost more than running them
 * (docs/BENCHMARKS.md).
 */
class PreparingPgClient extends marking(KnexPgClient) {
  _query(connection: unknown, obj: KnexQueryObject) {
    if (obj.options?.prepared) {
      let name = statementNames.get(obj.sql);
      if (!name && statementNames.size < MAX_PREPARED_TEXTS) {
        name = `p_${createHash('sha1').update(obj.sql).digest('hex').slice(0, 24)}`;
        statementNames.set(obj.sql, name);
      }
      obj.options = name ? { name } : {};
    }
    return super._query(connection, obj);
  }
}

/**
 * Marks a query whose SQL text is always the same (values only in bindings, no `whereIn` of a
 * varying list) to be prepared once per connection on PostgreSQL; PGlite runs it as it is.
 */
export const prepared = <Q extends { options(options: Readonly<Record<string, unknown>>): Q }>(query: Q): Q =>
  query.options({ prepared: true });

// knex only borrows an injected PGlite instance, so closing it is ours to do (and letting go of its folder).
const embedded = new WeakMap<Db, PGlite>();
const folderLocks = new WeakMap<Db, DataDirLock>();

export interface DbOptions {
  /** PostgreSQL connection string; without it the database is embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** Who opens the folder, for a second opener's message ("the server", "npm run demo"). */
  opener?: string;
}

/** The folder exists but PGlite cannot open it: `message` is one line saying what to do. */
export class DatabaseOpenError extends Error {}

const defaultOpener = () =>
  process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : `pid ${process.pid}`;

/** Another process took our folder's lock away (it judged it stale): writing on would damage the database. */
function stopOnLostLock(err: Error): void {
  console.error(`Stopping at once: the data folder's lock was taken by another process (${err.message}).`);
  process.exit(70);
}

/**
 * A socket URL such as postgresql:///name?host=/var/run/postgresql names no user; like psql, use
 * the login user then (pg would fall back to $USER, which CI does not always set).
 */
function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.username || url.searchParams.has('user')) return databaseUrl;
  url.searchParams.set('user', process.env.PGUSER ?? userInfo().username);
  return url.toString();
}

/** knex on PostgreSQL (DATABASE_URL) or on embedded PGlite (ARCHITECTURE.md "One database layer, two engines"). */
export async function createDb({ databaseUrl, dataDir = './data', opener = defaultOpener() }: DbOptions): Promise<Db> {
  if (databaseUrl) {
    // A database that does not answer fails a request in seconds (503), not after knex's 60 s.
    return knex({
      client: PreparingPgClient as unknown as typeof Knex.Client,
      connection: { connectionString: withDefaultUser(databaseUrl), connectionTimeoutMillis: 5000 },
      pool: { min: 0, max: 10 },
      acquireConnectionTimeout: 10_000,
    });
  }
  const inMemory = dataDir.startsWith('memory://');
  // Before any database file is touched: one opener of a folder at a time (data-dir/lock.ts).
  const lock = inMemory ? undefined : await lockDataDir(dataDir, opener, stopOnLostLock);
  let pglite: PGlite;
  try {
    pglite = await openEmbedded(inMemory ? 'memory://' : pgliteFolder(dataDir));
  } catch (err) {
    await lock?.release();
    throw err;
  }
  const db = knex({
    client: MarkingPGliteDialect,
    connection: { pglite: () => pglite } as Knex.StaticConnectionConfig,
  });
  embedded.set(db, pglite);
  if (lock) folderLocks.set(db, lock);
  return db;
}

/** The PGlite dialect, its transactions marked like PostgreSQL's. */
const MarkingPGliteDialect = marking(PGliteDialect);

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteFolder = (dataDir: string) => join(resolve(dataDir), 'pglite');

export const embeddedExtensions = { btree_gist, cube, earthdistance };

/**
 * The first line of what PGlite threw: WebAssembly aborts throw objects that are not Errors (an
 * exit status, a bare number), which a template literal shows as "[object Object]".
 */
function failureInWords(err: unknown): string {
  const message =
    err instanceof Error || (typeof err === 'object' && err !== null && 'message' in err)
      ? String((err as { message: unknown }).message)
      : typeof err === 'object' && err !== null
        ? (JSON.stringify(err) ?? '')
        : String(err);
  return message.split('\n')[0]!.slice(0, 200) || 'no reason given';
}

/**
 * PGlite on a folder (or from a backup's archive), with one plain line when it cannot: its own
 * failure is a WebAssembly abort under a screen of minified code.
 */
export async function openEmbedded(folder: string, loadDataDir?: Blob): Promise<PGlite> {
  if (!folder.startsWith('memory://')) await mkdir(folder, { recursive: true });
  try {
    return await PGlite.create(folder, { extensions: embeddedExtensions, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    const cause = failureInWords(err);
    throw new DatabaseOpenError(
      `Cannot open the database in ${folder} (${cause}). Its files are damaged or from another version: ` +
        'restore a backup into an empty folder (npm run restore FILE, see docs/OPERATIONS.md) and start with DATA_DIR set to it.',
      { cause },
    );
  }
}

/** The lock on the data folder behind `db`, if it is an embedded one on disk (the server announces itself on it). */
export const dataDirLock = (db: Db): DataDirLock | undefined => folderLocks.get(db);

/** Closes the pool and, for PGlite, the embedded database. */
export async function closeDb(db: Db): Promise<void> {
  await db.destroy();
  const pglite = embedded.get(db);
  if (pglite && !pglite.closed) await pglite.close();
  await folderLocks.get(db)?.release();
  folderLocks.delete(db);
}

export const isEmbedded = (db: Db): boolean => embedded.has(db);

/** The PGlite instance behind `db`, for what knex does not offer (LISTEN); undefined on PostgreSQL. */
export const embeddedDatabase = (db: Db): PGlite | undefined => embedded.get(db);

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Migrations are TypeScript files named YYYYMMDDHHMMSS_verb_object.ts, imported directly
 * (Node 24 strips types; vitest transforms them), so knex never needs a compiler of its own.
 */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return (await readdir(migrationsDir)).filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f)).sort();
  },
  getMigrationName: (file) => file,
  getMigration: (file) => import(pathToFileURL(join(migrationsDir, file)).href),
};

/** Any fixed number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_248_301;

/**
 * Several processes deployed at once all migrate on start. On PostgreSQL they queue on an advisory
 * lock, held by one transaction while the migrations run on other connections: knex's own lock
 * comes too late, since two processes on an empty database both create knex_migrations and one
 * fails. Anything else that migrates without it (a CLI) still meets knex's lock, MigrationLocked,
 * which is waited out for up to `waitMs`.
 */
export async function migrate(db: Db, waitMs = 120_000): Promise<[number, string[]]> {
  const deadline = addTime(new Date(), { ms: waitMs });
  const latest = async (): Promise<[number, string[]]> => {
    for (;;) {
      try {
        return await db.migrate.latest({ migrationSource });
      } catch (err) {
        if ((err as Error).name !== 'MigrationLocked' || new Date() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  if (isEmbedded(db)) return latest(); // one process only
  const lock = await db.transaction();
  try {
    await lock.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    return await latest();
  } finally {
    await lock.commit();
  }
}

export const rollbackAll = (db: Db) => db.migrate.rollback({ migrationSource }, true);

/** pg returns count() as a string, PGlite as a number. */
export const toCount = (value: unknown): number => Number(value ?? 0);

/**
 * A json/jsonb column's value. pg and PGlite as set up here hand it over parsed, but a driver
 * without that type parser (or a value cast to text) gives the JSON text: both are accepted.
 */
export const jsonColumn = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
