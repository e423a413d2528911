import { type Config, ConfigError, loadConfig } from '../config.ts';
import { closeDb, createDb, type Db, DatabaseOpenError, migrate } from '../db.ts';
import { RestoreRefused } from '../data-dir/backup.ts';
import { DataDirInUse, type Holder, inUseMessage, readHolder, SERVER_OPENER } from '../data-dir/lock.ts';
import { CONTROL_TOKEN_HEADER } from '../features/local-control/index.ts';
import { addTime } from '../../../contract/dates.ts';

/** How long a command waits for a server that has the folder but is still starting (a first start builds the site). */
const SERVER_START_WAIT_MS = 180_000;

/** A failure the command reports in one line and exits 1 with (no stack: the line says what to do). */
export class CommandFailed extends Error {}

export interface HandOver {
  /** POSTs (or GETs, without a body) to the server's /api/local route; the answer as JSON or bytes. */
  call(path: string, body?: unknown): Promise<Response>;
  holder: Holder;
}

/**
 * A command on the configured database: run `direct` on it when nothing else has it open (or on
 * PostgreSQL, which takes many), or `viaServer` when the running server holds the embedded folder
 * (docs/OPERATIONS.md "The data folder"). Anything else holding it: one line, exit 1.
 */
export async function runOnDatabase(
  opener: string,
  direct: (db: Db, config: Config) => Promise<void>,
  viaServer: (server: HandOver, config: Config) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig();
    let db: Db;
    try {
      db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, opener });
    } catch (err) {
      if (!(err instanceof DataDirInUse) || err.holder?.opener !== SERVER_OPENER) throw err;
      await viaServer(await serverHandOver(config.dataDir, err), config);
      return;
    }
    try {
      await migrate(db);
      await direct(db, config);
    } finally {
      await closeDb(db);
    }
  } catch (err) {
    failInOneLine(err);
  }
}

/** A failure the person can act on is one line and exit code 1; anything else is a bug and keeps its stack. */
export function failInOneLine(err: unknown): void {
  const known = [CommandFailed, RestoreRefused, DataDirInUse, DatabaseOpenError, ConfigError];
  if (!known.some((kind) => err instanceof kind)) throw err;
  console.error(err instanceof DataDirInUse ? inUseMessage(err) : (err as Error).message);
  process.exitCode = 1;
}

async function serverHandOver(dataDir: string, busy: DataDirInUse): Promise<HandOver> {
  let holder = busy.holder as Holder;
  if (!holder.port) {
    console.log(`${dataDir} is open by the server (pid ${holder.pid}), which is still starting: waiting for it…`);
    const deadline = addTime(new Date(), { ms: SERVER_START_WAIT_MS });
    while (!holder.port) {
      if (new Date() > deadline) throw new CommandFailed(`${inUseMessage(busy)} (it did not finish starting).`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = readHolder(dataDir);
      if (!now || now.pid !== holder.pid) throw new CommandFailed(`The server on ${dataDir} stopped: run this again.`);
      holder = now;
    }
  }
  if (!holder.controlToken)
    throw new CommandFailed(
      `${busy.message}, which does not take commands (LOCAL_CONTROL=off): stop it first, then run this again.`,
    );
  const base = `http://${holder.address?.includes(':') ? `[${holder.address}]` : (holder.address ?? '127.0.0.1')}:${holder.port}/api/local`;
  const token = holder.controlToken;
  return {
    holder,
    async call(path, body) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            [CONTROL_TOKEN_HEADER]: token,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw new CommandFailed(
          `The server on ${dataDir} (pid ${holder.pid}, port ${holder.port}) did not answer: is it still running?`,
        );
      }
      if (!res.ok) {
        const answer = (await res.json().catch(() => ({}))) as { message?: string };
        throw new CommandFailed(answer.message ?? `The server answered ${res.status}.`);
      }
      return res;
    },
  };
}
