import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStream, eventTicket } from '../../../../contract/events.ts';
import { scrapeMetrics } from '../../../../contract/health.ts';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { StreamReader } from '../../../test/event-stream.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createApp } from '../../app.ts';
import { fixedClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { closeDb, createDb, isEmbedded } from '../../db.ts';
import { createLogger } from '../../logger.ts';
import { paymentProvider } from '../../providers/index.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { appMetrics, metricsProviderObserver } from './registry.ts';

const MONDAY = '2026-11-23';
const TOKEN = 'metrics-token-0123456789abcdef-0123456789';
const CHANNELS = ['email', 'sms', 'whatsapp', 'push'];

/** The value of the sample `series` (name and labels exactly as written), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Every value of `label` in the samples of `name`. */
function labelValues(text: string, name: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`[{,]${label}="([^"]*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return values;
}

/** GET /metrics from another address of this machine (127.0.0.2: not the loopback the server trusts), as a scraper elsewhere would. */
function scrapeFrom(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${scrapeMetrics.path}`, { localAddress: '127.0.0.2', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /metrics', () => {
  let app: TestApp;
  const scrape = async () => {
    const res = await app.request(scrapeMetrics.path);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.body as string;
  };

  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  it('answers this machine with the outbox, pool, streams and requests, and the numbers move', async () => {
    const before = await scrape();
    for (const channel of CHANNELS) {
      expect(sample(before, `marketplace_outbox_depth{channel="${channel}"}`), channel).toBe(0);
      expect(sample(before, `marketplace_outbox_oldest_due_age_seconds{channel="${channel}"}`), channel).toBe(0);
    }
    expect(sample(before, 'marketplace_database_up')).toBe(1);
    expect(sample(before, 'marketplace_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'marketplace_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'marketplace_db_pool_waiting')).toBe(0);
    expect(sample(before, 'marketplace_live_streams_open')).toBe(0);

    // A booking request queues the professional's messages in the outbox.
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const booked = await app.request('/api/bookings', {
      method: 'POST',
      headers: bearer(customer.token),
      json: { professionalId: pro.userId, description: 'Leaking tap', date: MONDAY, time: '09:00' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const pending = (await app
      .db('notifications')
      .where({ status: 'pending' })
      .groupBy('channel')
      .select('channel')
      .count({ n: '*' })) as { channel: string; n: string | number }[];
    expect(pending.length).toBeGreaterThan(0);
    app.clock.advance(90_000);
    const after = await scrape();
    for (const channel of CHANNELS) {
      const n = Number(pending.find((row) => row.channel === channel)?.n ?? 0);
      expect(sample(after, `marketplace_outbox_depth{channel="${channel}"}`), channel).toBe(n);
    }
    // Written at the test's start, due at once, and 90 s old now.
    const ages = CHANNELS.map((channel) =>
      sample(after, `marketplace_outbox_oldest_due_age_seconds{channel="${channel}"}`),
    );
    expect(Math.max(...(ages as number[]))).toBeGreaterThanOrEqual(90);

    // Requests by their route's template and status.
    expect(sample(after, 'marketplace_http_requests_total{method="POST",route="/api/bookings",status="201"}')).toBe(1);
    expect(sample(after, 'marketplace_http_requests_total{method="GET",route="/metrics",status="200"}')).toBe(1);
    expect(sample(after, 'marketplace_http_request_duration_seconds_count{method="POST",route="/api/bookings"}')).toBe(
      1,
    );
  });

  it('counts open live-update streams and the lag of the events sent as they happen, not replays', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.2 });
    const open = async (after?: string) => {
      const ticket = await app.request(eventTicket.path, { method: 'POST', headers: bearer(pro.token) });
      expect(ticket.status).toBe(200);
      const controller = new AbortController();
      const query = new URLSearchParams({ ticket: ticket.body.ticket, ...(after ? { after } : {}) });
      const response = await fetch(`${app.url}${eventStream.path}?${query}`, { signal: controller.signal });
      return new StreamReader(response, controller);
    };
    const delivered = async () => sample(await scrape(), 'marketplace_event_delivery_lag_seconds_count') ?? 0;
    const stream = await open();
    let replay: StreamReader | undefined;
    try {
      await stream.until('ready');
      const before = stream.lastId;
      const deliveredBefore = await delivered();
      expect(sample(await scrape(), 'marketplace_live_streams_open')).toBe(1);
      const booked = await app.request('/api/bookings', {
        method: 'POST',
        headers: bearer(customer.token),
        json: { professionalId: pro.userId, description: 'Blocked drain', date: MONDAY, time: '11:00' },
      });
      expect(booked.status).toBe(201);
      await stream.until('booking.created');
      const text = await scrape();
      expect(sample(text, 'marketplace_event_delivery_lag_seconds_count')).toBe(deliveredBefore + 1);
      // Delivered within the test's own patience: a lag is seconds, not the clock's moves.
      expect(sample(text, 'marketplace_event_delivery_lag_seconds_sum')).toBeLessThan(10);
      // A reconnect's replay of the same event is old by design: not a lag.
      replay = await open(before);
      await replay.until('booking.created');
      await replay.until('ready');
      expect(sample(await scrape(), 'marketplace_live_streams_open')).toBe(2);
      expect(await delivered()).toBe(deliveredBefore + 1);
    } finally {
      stream.close();
      replay?.close();
    }
    await expect.poll(async () => sample(await scrape(), 'marketplace_live_streams_open')).toBe(0);
  });

  it('counts pooled connections lent out, and the queries waiting for one', async () => {
    const trx = await app.db.transaction();
    try {
      // Straight to the server: the harness's request would wait for the change feed, whose
      // reads on PGlite queue behind this transaction too.
      const text = await (await fetch(`${app.url}${scrapeMetrics.path}`)).text();
      expect(sample(text, 'marketplace_db_pool_in_use')).toBeGreaterThanOrEqual(1);
      // PGlite's one connection is the transaction's: the scrape's own outbox query waits for it.
      if (isEmbedded(app.db)) {
        expect(sample(text, 'marketplace_db_pool_waiting')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'marketplace_database_up')).toBe(0);
      }
    } finally {
      await trx.rollback();
    }
    expect(sample(await scrape(), 'marketplace_database_up')).toBe(1);
  });

  it('labels requests no route matched as one route, however many paths are tried', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await app.request(`/api/no-such-${i}-${'x'.repeat(i)}`)).status).toBe(404);
      // A real route with ids nobody has: one label, its template.
      await app.request(`/api/professionals/${1_000_000 + i}`);
      expect((await app.request(`/nowhere-${i}`)).status).toBe(404);
    }
    const text = await scrape();
    const routes = labelValues(text, 'marketplace_http_requests_total', 'route');
    expect(routes).toContain('unmatched');
    expect(routes).toContain('site');
    expect(routes).toContain('/api/professionals/:id');
    expect([...routes].filter((route) => /no-such|nowhere|\d{7}/.test(route))).toEqual([]);
    expect(sample(text, 'marketplace_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(25);
  });

  it('refuses a request a proxy forwarded from elsewhere, and another address without the token', async () => {
    for (const headers of [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      const res = await app.request(scrapeMetrics.path, { headers });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
    }
    const stranger = await scrapeFrom(app.url);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toMatch(/marketplace_/);
  });

  it('answers the token from anywhere, and refuses a wrong one', async () => {
    const res = await scrapeFrom(app.url, bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^marketplace_outbox_depth\{channel="sms"\} /m);
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x'.repeat(5000)]) {
      const refused = await scrapeFrom(app.url, bearer(wrong));
      expect(refused.status, wrong.slice(0, 20)).toBe(404);
    }
    const forwarded = await app.request(scrapeMetrics.path, {
      headers: { 'X-Forwarded-For': '203.0.113.9', ...bearer(TOKEN) },
    });
    expect(forwarded.status).toBe(200);
  });

  it('reports what the provider clients observe', async () => {
    const metrics = appMetrics({ db: app.db, clock: app.clock });
    const observer = metricsProviderObserver(metrics);
    observer.call('sms', 'ok', 0.2);
    observer.call('sms', 'timeout', 15);
    observer.call('sms', 'circuit_open', 0);
    observer.circuit('sms', 'open');
    observer.circuit('push', 'half_open');
    observer.inFlight('sms', 3, 7);
    const text = await metrics.scrape();
    expect(sample(text, 'marketplace_provider_calls_total{provider="sms",outcome="ok"}')).toBe(1);
    expect(sample(text, 'marketplace_provider_calls_total{provider="sms",outcome="timeout"}')).toBe(1);
    expect(sample(text, 'marketplace_provider_calls_total{provider="sms",outcome="circuit_open"}')).toBe(1);
    expect(sample(text, 'marketplace_provider_failures_total{provider="sms"}')).toBe(1);
    expect(sample(text, 'marketplace_provider_call_duration_seconds_count{provider="sms"}')).toBe(3);
    expect(sample(text, 'marketplace_provider_call_duration_seconds_bucket{le="0.25",provider="sms"}')).toBe(2);
    expect(sample(text, 'marketplace_provider_circuit_state{provider="sms"}')).toBe(2);
    expect(sample(text, 'marketplace_provider_circuit_state{provider="push"}')).toBe(1);
    expect(sample(text, 'marketplace_provider_calls_in_flight{provider="sms"}')).toBe(3);
    expect(sample(text, 'marketplace_provider_calls_waiting{provider="sms"}')).toBe(7);
    // Its own registry: the app's scrape has none of these calls.
    expect(sample(await scrape(), 'marketplace_provider_calls_total{provider="sms",outcome="ok"}')).toBeUndefined();
  });
});

describe('GET /metrics with the database away', () => {
  it('still answers the other series at once when the database is closed', async () => {
    const app = await startTestApp();
    try {
      expect((await app.request('/api/plans')).status).toBe(200);
      await app.closeDatabase();
      const started = performance.now();
      const res = await app.request(scrapeMetrics.path);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(200);
      expect(sample(res.body, 'marketplace_database_up')).toBe(0);
      expect(res.body).not.toMatch(/^marketplace_outbox_depth\{/m);
      expect(sample(res.body, 'marketplace_http_requests_total{method="GET",route="/api/plans",status="200"}')).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('answers within its bound when the database accepts connections and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const db = await createDb({
      databaseUrl: `postgresql://nobody@127.0.0.1:${(silent.address() as AddressInfo).port}/none`,
    });
    const config = loadConfig({ NODE_ENV: 'test' });
    const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
    const server = createApp({
      db,
      config,
      clock,
      logger: createLogger('info', new Writable({ write: (_c, _e, done) => done() })),
      payments: paymentProvider(config, db),
      notifier: outboxNotifier({ clock }),
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${scrapeMetrics.path}`;
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const res = await fetch(url);
        const text = await res.text();
        // Well before the connection's own 5 s time-out and a scraper's usual 10 s.
        expect(performance.now() - started).toBeLessThan(3000);
        expect(res.status).toBe(200);
        expect(sample(text, 'marketplace_database_up')).toBe(0);
        expect(sample(text, 'marketplace_db_pool_waiting')).toBeLessThanOrEqual(1);
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      silent.close();
      await closeDb(db);
    }
  });
});
