import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { fixedClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { closeDb, createDb, type Db } from '../../db.ts';
import { createLogger } from '../../logger.ts';
import { paymentProvider } from '../../providers/index.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../http/error-middleware.ts';
import { createTestDb, startTestApp, type TestApp } from '../../../test/harness.ts';
import { Writable } from 'node:stream';

const silent = new Writable({ write: (_c, _e, done) => done() });

async function appOn(db: Db) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  const app = createApp({
    db,
    config,
    clock,
    logger: createLogger('info', silent),
    payments: paymentProvider(config, db),
    notifier: outboxNotifier({ clock }),
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = async (path: string, json?: unknown) => {
    const res = await fetch(
      url + path,
      json === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) },
    );
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
  return {
    request,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A TCP proxy to the test PostgreSQL that the test can cut (refusing connections) and restore. */
async function cuttableProxy(target: { host?: string; port: number; path?: string }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = target.path ? connect(target.path) : connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server!.close(() => r()));
    },
    restore: open,
  };
}

describe('database unavailable', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('recognises connection failures, and nothing else', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ENOENT', syscall: 'connect' }))).toBe(true);
    for (const code of ['23505', '22P02', '42P01', 'ENOENT']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('answers 503 with a clear message on every API call once the database is gone', async () => {
    app = await startTestApp();
    await app.closeDatabase();
    for (const [path, init] of [
      ['/api/plans', {}],
      ['/api/auth/login', { method: 'POST', json: { email: 'ama@example.com', password: 'whatever-123' } }],
      ['/api/professionals', { headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz012345' } }],
    ] as const) {
      const res = await app.request(path, init as never);
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual({ success: false, code: 'unavailable', message: DATABASE_UNAVAILABLE });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false, database: 'unreachable' });
    expect(health.body.message).toMatch(/database is unreachable/);
  });

  it('answers 503 when PostgreSQL refuses connections', async () => {
    const db = await createDb({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/none' });
    const api = await appOn(db);
    try {
      const res = await api.request('/api/plans');
      expect(res).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { success: false, message: DATABASE_UNAVAILABLE },
      });
      expect((await api.request('/api/health')).status).toBe(503);
    } finally {
      await api.close();
      await closeDb(db);
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('recovers without a restart when PostgreSQL comes back', async () => {
    const { db: direct, drop } = await createTestDb();
    const url = new URL((direct.client.config.connection as { connectionString: string }).connectionString);
    const socketDir = url.searchParams.get('host');
    const pgPort = Number(url.port || 5432);
    const proxy = await cuttableProxy(
      socketDir?.startsWith('/')
        ? { path: `${socketDir}/.s.PGSQL.${pgPort}`, port: pgPort }
        : { host: url.hostname, port: pgPort },
    );
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.delete('host');
    const db = await createDb({ databaseUrl: viaProxy.toString() });
    const api = await appOn(db);
    try {
      expect((await api.request('/api/plans')).status).toBe(200);
      expect((await api.request('/api/health')).status).toBe(200);
      await proxy.cut(); // pooled connections die, new ones are refused
      for (let i = 0; i < 3; i++) {
        expect(await api.request('/api/plans')).toMatchObject({ status: 503, body: { message: DATABASE_UNAVAILABLE } });
      }
      expect((await api.request('/api/health')).body).toMatchObject({ ok: false, database: 'unreachable' });
      await proxy.restore();
      expect((await api.request('/api/health')).status).toBe(200);
      expect((await api.request('/api/plans')).status).toBe(200);
    } finally {
      await api.close();
      await closeDb(db);
      await proxy.cut().catch(() => {});
      await drop();
    }
  });
});
