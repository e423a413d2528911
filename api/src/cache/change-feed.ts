import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { embeddedDatabase, type Db } from '../db.ts';
import type { Logger } from '../logger.ts';

/** The channel the triggers of migration 20261123000000 announce on. */
const CHANNEL = 'user_changes';
/** Live updates' channel (migration 20261127000000): "<user id> <cursor>" per event written. */
export const EVENTS_CHANNEL = 'user_events';
const RECONNECT_MS = 1000;
/** How long caughtUp() waits for its own marker before it stops trusting the feed. */
const CATCH_UP_MS = 2000;

/** A user whose data changed, every user (`*`: the platform settings), or `reset`: assume anything changed. */
export type Change = number | '*' | 'reset';

/**
 * The committed changes of every process, as the database announces them (LISTEN/NOTIFY).
 * While `live` is false a change may have gone unheard, so nothing may be served from a cache.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: (change: Change) => void): void;
  /** Each live-update announcement's payload, or null when some may have gone unheard (a lost connection). */
  subscribeEvents(listener: (payload: string | null) => void): void;
  /** Resolves once every change committed before the call has reached the listeners. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

const toChange = (payload: string): Change => (payload === '*' ? '*' : Number(payload));

/** Listens on PGlite, or on its own PostgreSQL connection (knex's pool lends connections out). */
export async function startChangeFeed(db: Db, logger: Logger): Promise<ChangeFeed> {
  const pglite = embeddedDatabase(db);
  return pglite ? embeddedFeed(pglite) : postgresFeed(db, logger);
}

/**
 * PGlite runs in this process and calls the listener before the committing statement's promise
 * resolves, so a change is heard before anyone can ask for the data it changed.
 */
async function embeddedFeed(pglite: NonNullable<ReturnType<typeof embeddedDatabase>>): Promise<ChangeFeed> {
  const listeners: ((change: Change) => void)[] = [];
  const eventListeners: ((payload: string | null) => void)[] = [];
  const unlisten = await pglite.listen(CHANNEL, (payload) => {
    for (const listener of listeners) listener(toChange(payload));
  });
  const unlistenEvents = await pglite.listen(EVENTS_CHANNEL, (payload) => {
    for (const listener of eventListeners) listener(payload);
  });
  return {
    live: true,
    subscribe: (listener) => void listeners.push(listener),
    subscribeEvents: (listener) => void eventListeners.push(listener),
    caughtUp: async () => {},
    close: async () => {
      await unlisten();
      await unlistenEvents();
    },
  };
}

/**
 * PostgreSQL delivers a notification to each listening connection in commit order, shortly after
 * the commit. caughtUp() sends a marker of its own and waits for it to come back: everything
 * committed before it has then been heard. A lost connection is a `reset` (changes may have been
 * missed), and the feed is not live until it listens again.
 */
async function postgresFeed(db: Db, logger: Logger): Promise<ChangeFeed> {
  const listeners: ((change: Change) => void)[] = [];
  const eventListeners: ((payload: string | null) => void)[] = [];
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
    if (change === 'reset') for (const listener of eventListeners) listener(null);
  };
  const markerPrefix = `sync:${randomUUID()}:`;
  const waiting = new Map<string, () => void>();
  let markers = 0;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lose = (from: pg.Client, err?: unknown) => {
    if (client !== from) return;
    client = null;
    live = false;
    emit('reset');
    for (const release of waiting.values()) release();
    waiting.clear();
    from.end().catch(() => {});
    if (closed) return;
    logger.warn({ err }, 'change feed lost its database connection: caches are off until it listens again');
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    const candidate = new pg.Client({
      ...(db.client as { config: { connection: pg.ClientConfig } }).config.connection,
      keepAlive: true,
    });
    candidate.on('notification', ({ channel, payload = '' }) => {
      if (channel === EVENTS_CHANNEL) {
        for (const listener of eventListeners) listener(payload);
        return;
      }
      if (!payload.startsWith('sync:')) return emit(toChange(payload));
      waiting.get(payload)?.();
      waiting.delete(payload);
    });
    candidate.on('error', (err) => lose(candidate, err));
    candidate.on('end', () => lose(candidate));
    client = candidate;
    try {
      await candidate.connect();
      await candidate.query(`listen ${CHANNEL}`);
      await candidate.query(`listen ${EVENTS_CHANNEL}`);
      if (client !== candidate || closed) return;
      emit('reset'); // whatever was cached before this connection listened may be stale
      live = true;
    } catch (err) {
      lose(candidate, err);
    }
  };

  await connect();
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => void listeners.push(listener),
    subscribeEvents: (listener) => void eventListeners.push(listener),
    async caughtUp() {
      const listening = client;
      if (!live || !listening) return; // nothing is served from a cache then
      const marker = `${markerPrefix}${++markers}`;
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(marker, () => resolve(true));
        setTimeout(resolve, CATCH_UP_MS, false).unref();
      });
      // Not heard back (the database is away, or the listener is stuck): stop trusting the cache.
      const sent = await db.raw('select pg_notify(?, ?)', [CHANNEL, marker]).then(
        () => null,
        (err: unknown) => err,
      );
      if (sent !== null || !(await heard)) {
        waiting.delete(marker);
        lose(listening, sent ?? new Error(`no notification within ${CATCH_UP_MS} ms`));
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      live = false;
      await open?.end().catch(() => {});
    },
  };
}
