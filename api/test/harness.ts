import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApp } from '../src/app.ts';
import { startChangeFeed } from '../src/cache/change-feed.ts';
import { ReadCache } from '../src/cache/read-cache.ts';
import { EventHub } from '../src/features/events/hub.ts';
import { liveSession } from '../src/features/auth/guards.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { closeDb, createDb, isEmbedded, migrate, type Db } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { paymentProvider } from '../src/providers/index.ts';
import { outboxNotifier, type PushDelivery } from '../src/providers/notifier.ts';
import { type LocalPushService, webPushSender } from '../src/providers/push.ts';
import { pushKeys } from '../src/features/push/keys.ts';
import { pushDelivery } from '../src/features/push/service.ts';
import { keepIdleConnections } from '../src/http/keep-alive.ts';
import { connectionLimits, limitConnections } from '../src/http/connection-limit.ts';
import type { StreamLimits } from '../src/features/events/hub.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the server at TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await createDb({ dataDir: 'memory://' });
    await migrate(db);
    return { db, drop: () => closeDb(db) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await createDb({ databaseUrl: adminUrl });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await closeDb(db);
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/**
 * Runs `fn` while `table` refuses every new row (a CHECK no row passes), standing in for a crash
 * between two writes: what is written in one transaction with that table must then not happen either.
 */
export async function withTableClosed<T>(db: Db, table: string, fn: () => Promise<T>): Promise<T> {
  await db.raw('ALTER TABLE ?? ADD CONSTRAINT test_closed CHECK (false) NOT VALID', [table]);
  try {
    return await fn();
  } finally {
    await db.raw('ALTER TABLE ?? DROP CONSTRAINT test_closed', [table]);
  }
}

/** `fn` while the notifications outbox takes no message: a change written with its messages must not happen. */
export const withOutboxClosed = <T>(db: Db, fn: () => Promise<T>) => withTableClosed(db, 'notifications', fn);

/** Where every test app's clock starts, and where `clock.reset()` puts it back. */
export const TEST_START = new Date('2026-11-22T09:00:00Z');

/** A test app's clock: moved by the tests, put back to TEST_START by `reset()` (in afterEach) so each test stands alone. */
export type TestClock = ReturnType<typeof fixedClock> & { reset(): void };

export interface TestApp {
  url: string;
  db: Db;
  clock: TestClock;
  /** What the app keeps in memory between requests, and the database's change feed behind it (none with READ_CACHE=off). */
  readCache?: ReadCache;
  /** This app's live-update streams. */
  events: EventHub;
  /** JSON log lines the app wrote. */
  logs: Record<string, unknown>[];
  /** How push rows are sent when started with `push: true` (for deliverNotifications). */
  push?: PushDelivery;
  /** fetch against the app with JSON helpers. */
  request(
    path: string,
    init?: RequestInit & { json?: unknown },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  /** Closes the database under the running app, as when the database goes away; `close()` still checks the log. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

const SECRET_NAME = /password|token|secret|authorization_code|api_?key|smtp_url/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Adds the values of secret-named fields (password, token, …) found anywhere in `value`. */
function collectSecrets(value: unknown, into: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string' && SECRET_NAME.test(key) && inner.length >= 8) into.add(inner);
    else collectSecrets(inner, into);
  }
}

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    heartbeatMs?: number;
    /** Live-update stream limits other than the process's own (hub.ts STREAM_LIMITS). */
    events?: Partial<StreamLimits>;
    /** Runs as a process with this file limit would (http/connection-limit.ts): connections and streams bounded by it. */
    openFiles?: number;
    /** The token commands on this machine hand work to the server with (features/local-control). */
    localControlToken?: string;
    /** Notifications on phones on: the kept keys, sent only to push services on this machine. */
    push?: boolean;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  // Passwords and tokens the test sends or receives, and configured keys: none may be logged.
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(options.env ?? {}))
    if (SECRET_NAME.test(name) && value.length >= 8) secrets.add(value);
  const clock: TestClock = Object.assign(fixedClock(TEST_START), { reset: () => clock.set(TEST_START) });
  const logger = createLogger('info', sink);
  // The API is tested as it runs: through the read cache unless the test turns it off (READ_CACHE=off).
  const feed = await startChangeFeed(db, logger);
  const readCache = config.readCache ? new ReadCache(feed) : undefined;
  const events = new EventHub({
    db,
    logger,
    feed,
    sessionOf: liveSession({ db, clock, readCache }),
    heartbeatMs: options.heartbeatMs,
    limits: {
      ...(options.openFiles ? { maxStreams: connectionLimits(options.openFiles).streams } : {}),
      ...options.events,
    },
  });
  const vapid = options.push ? await pushKeys(config, db) : null;
  // Only this server's own push service; its port is known once it listens, below.
  const localPush: LocalPushService = { origin: '' };
  const push =
    vapid && config.push
      ? {
          publicKey: vapid.publicKey,
          sender: webPushSender({ keys: vapid, subject: config.push.subject, localOnly: localPush, timeoutMs: 5_000 }),
          localOnly: localPush,
        }
      : undefined;
  const app = createApp({
    readCache,
    events,
    db,
    config,
    clock,
    logger,
    payments: paymentProvider(config, db, clock),
    notifier: outboxNotifier({ clock, push: !!push }),
    push,
    localControlToken: options.localControlToken,
  });
  const server = keepIdleConnections(app.listen(0, '127.0.0.1'));
  if (options.openFiles) limitConnections(server, connectionLimits(options.openFiles).connections);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  localPush.origin = url;
  let databaseClosed = false;
  return {
    url,
    db,
    clock,
    readCache,
    events,
    logs,
    push: push && pushDelivery(push.sender),
    async request(path, init = {}) {
      // A test writes to the database directly too: the request comes after the server heard of it.
      await readCache?.feed.caughtUp();
      const { json, ...rest } = init;
      collectSecrets(json, secrets);
      const headers = new Headers(rest.headers);
      const bearerToken = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1];
      if (bearerToken) secrets.add(bearerToken);
      if (typeof rest.body === 'string') collectSecrets(parseJson(rest.body), secrets);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const response = await fetch(url + path, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      const text = await response.text();
      const body = text ? (parseJson(text) ?? text) : null; // not JSON: the test sees the text
      collectSecrets(body, secrets);
      return { status: response.status, headers: response.headers, body };
    },
    async closeDatabase() {
      databaseClosed = true;
      await closeDb(db);
    },
    async close() {
      // No password, token or secret key in any log line of any API test.
      const logged = logs.map((line) => JSON.stringify(line)).join('\n');
      const leaked = [...secrets].filter((secret) => logged.includes(secret));
      events.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // PGlite's listeners ended with the database; PostgreSQL's feed has a connection of its own to end.
      if (!(databaseClosed && isEmbedded(db))) await feed.close();
      await drop();
      if (leaked.length)
        throw new Error(`A secret reached the log: ${leaked.map((l) => `${l.slice(0, 4)}…`).join(', ')}`);
    },
  };
}

/**
 * For the tests of a file or describe block that share one app: `start` runs before them (assign
 * what it gives to the block's variables there), the clock goes back to TEST_START after each
 * test, and the app is closed after the last:
 *   useTestApp(async () => (app = await startTestApp()));
 *   useTestApp(async () => ({ app, admin } = await startTestAppWithAdmin()));
 */
export function useTestApp(start: () => Promise<TestApp | { app: TestApp }>): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    const started = await start();
    app = 'app' in started ? started.app : started;
  });
  afterEach(() => app?.clock.reset());
  afterAll(() => app?.close());
}
