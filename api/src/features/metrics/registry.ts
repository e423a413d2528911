import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SECOND_MS, secondsBetween } from '../../../../contract/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import type { Channel } from '../../providers/notifier.ts';
import type { CircuitState, ProviderObserver } from '../../providers/provider-observer.ts';
import type { EventHub } from '../events/hub.ts';
import { outboxBacklog } from './repo.ts';

/** Every series is named marketplace_… (docs/OPERATIONS.md "Metrics and alerts" lists them). */
const PREFIX = 'marketplace_';
const CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'push'];
/** A scrape waits this long for the outbox query; past it the other series answer without the outbox's. */
export const OUTBOX_READ_TIMEOUT_MS = 2000;
/** The route label of an /api (or /metrics) request no route matched, and of everything else (pages, photos, share cards). */
const UNMATCHED = 'unmatched';
const SITE = 'site';
const CIRCUIT_VALUE: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** This process's live-update streams (absent: the stream series stay at 0). */
  events?: EventHub;
  /**
   * CPU, memory, event-loop delay and the like: server.ts only. They watch the whole process
   * (timers, GC observers), which API tests, building many apps in one process, do without.
   */
  processMetrics?: boolean;
}

/**
 * The series of one app, in a registry of its own (never prom-client's global one: API tests build
 * many apps in one process). Counters and histograms are fed as things happen (requests, provider
 * calls, event deliveries); gauges of state are read at scrape time (outbox, pool, streams).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly sources: MetricsSources;
  private outboxRead: Promise<void> | undefined;

  private readonly outboxDepth: Gauge<'channel'>;
  private readonly outboxOldestDue: Gauge<'channel'>;
  private readonly databaseUp: Gauge;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpSeconds: Histogram<'method' | 'route'>;
  readonly providerCalls: Counter<'provider' | 'outcome'>;
  readonly providerSeconds: Histogram<'provider'>;
  readonly providerFailures: Counter<'provider'>;
  readonly providerCircuit: Gauge<'provider'>;
  readonly providerInFlight: Gauge<'provider'>;
  readonly providerWaiting: Gauge<'provider'>;
  private readonly eventLag: Histogram;

  constructor(sources: MetricsSources) {
    this.sources = sources;
    const registers = [this.registry];
    this.outboxDepth = new Gauge({
      name: `${PREFIX}outbox_depth`,
      help: 'Notifications pending in the outbox, due or not, per channel.',
      labelNames: ['channel'],
      registers,
    });
    this.outboxOldestDue = new Gauge({
      name: `${PREFIX}outbox_oldest_due_age_seconds`,
      help: 'Age of the oldest pending notification that is due now, per channel (0: none due).',
      labelNames: ['channel'],
      registers,
    });
    this.databaseUp = new Gauge({
      name: `${PREFIX}database_up`,
      help: `1 when the scrape's outbox query answered within ${OUTBOX_READ_TIMEOUT_MS} ms, else 0 (the outbox series are then left out).`,
      registers,
    });
    this.httpRequests = new Counter({
      name: `${PREFIX}http_requests_total`,
      help: `Requests answered, by method, route template ("${UNMATCHED}": no API route; "${SITE}": pages and files) and status.`,
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpSeconds = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from a request to its answer (for a live-update stream: its whole life), by method and route template.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.providerCalls = new Counter({
      name: `${PREFIX}provider_calls_total`,
      help: 'Calls to outside services by provider and outcome (ok, failed, timeout, circuit_open, refused_in_transaction).',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.providerSeconds = new Histogram({
      name: `${PREFIX}provider_call_duration_seconds`,
      help: 'Time an outside call took, by provider (calls the circuit refused included, at about 0).',
      labelNames: ['provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      registers,
    });
    this.providerFailures = new Counter({
      name: `${PREFIX}provider_failures_total`,
      help: 'Outside calls that were attempted and failed or timed out, by provider.',
      labelNames: ['provider'],
      registers,
    });
    this.providerCircuit = new Gauge({
      name: `${PREFIX}provider_circuit_state`,
      help: "A provider's circuit: 0 closed, 1 half open (one trial call), 2 open (calls wait).",
      labelNames: ['provider'],
      registers,
    });
    this.providerInFlight = new Gauge({
      name: `${PREFIX}provider_calls_in_flight`,
      help: 'Calls to a provider running now.',
      labelNames: ['provider'],
      registers,
    });
    this.providerWaiting = new Gauge({
      name: `${PREFIX}provider_calls_waiting`,
      help: "Calls waiting for a place under a provider's concurrency cap.",
      labelNames: ['provider'],
      registers,
    });
    const hub = sources.events;
    new Gauge({
      name: `${PREFIX}live_streams_open`,
      help: 'Live-update streams open in this process.',
      registers,
      collect() {
        this.set(hub?.openStreams ?? 0);
      },
    });
    this.eventLag = new Histogram({
      name: `${PREFIX}event_delivery_lag_seconds`,
      help: "Time from an event's writing to its delivery on a live stream (replays after a reconnect left out).",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    hub?.onDelivery((lagSeconds) => this.eventLag.observe(lagSeconds));
    const pool = () => poolOf(sources.db);
    new Gauge({
      name: `${PREFIX}db_pool_in_use`,
      help: 'Database connections lent out now (PGlite has one, held by each query or transaction in turn).',
      registers,
      collect() {
        this.set(pool()?.numUsed() ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Queries and transactions waiting for a database connection.',
      registers,
      collect() {
        this.set(pool()?.numPendingAcquires() ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_max`,
      help: 'Database connections the pool may open.',
      registers,
      collect() {
        this.set(pool()?.max ?? 0);
      },
    });
    if (sources.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text a scrape answers; the outbox is read first, within OUTBOX_READ_TIMEOUT_MS. */
  async scrape(): Promise<string> {
    await this.readOutbox();
    return this.registry.metrics();
  }

  /**
   * Counts every request by its route's template once its answer is done, whoever wrote it (Koa
   * or the site); `isApiPath` tells an API path no route matched from a page or a file.
   */
  httpMiddleware(isApiPath: (path: string) => boolean): Middleware {
    return async (ctx, next) => {
      const started = performance.now();
      ctx.res.once('close', () => {
        const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        const route = typeof matched === 'string' ? matched : isApiPath(ctx.path) ? UNMATCHED : SITE;
        const method = ctx.method;
        this.httpRequests.inc({ method, route, status: String(ctx.res.statusCode) });
        this.httpSeconds.observe({ method, route }, (performance.now() - started) / SECOND_MS);
      });
      await next();
    };
  }

  /** One outbox query at a time, however many scrapes wait for it: a database away costs one. */
  private async readOutbox(): Promise<void> {
    this.outboxRead ??= this.queryOutbox().finally(() => {
      this.outboxRead = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), OUTBOX_READ_TIMEOUT_MS);
    });
    const read = await Promise.race([this.outboxRead.then(() => true), timedOut]).catch(() => false);
    clearTimeout(timer);
    this.databaseUp.set(read ? 1 : 0);
    if (!read) {
      this.outboxDepth.reset();
      this.outboxOldestDue.reset();
    }
  }

  private async queryOutbox(): Promise<void> {
    const now = this.sources.clock.now();
    const backlog = await outboxBacklog(this.sources.db, now);
    for (const channel of CHANNELS) {
      const row = backlog.find((b) => b.channel === channel);
      this.outboxDepth.set({ channel }, row?.depth ?? 0);
      this.outboxOldestDue.set({ channel }, row?.oldestDueAt ? Math.max(0, secondsBetween(row.oldestDueAt, now)) : 0);
    }
  }
}

/** knex's pool (tarn) of `db`, once it has one; undefined after the database is closed. */
function poolOf(db: Db): { numUsed(): number; numPendingAcquires(): number; max: number } | undefined {
  return (db.client as { pool?: { numUsed(): number; numPendingAcquires(): number; max: number } }).pool ?? undefined;
}

export const appMetrics = (sources: MetricsSources): AppMetrics => new AppMetrics(sources);

/** The provider clients' reports (providers/provider-observer.ts) as series of `metrics`. */
export function metricsProviderObserver(metrics: AppMetrics): ProviderObserver {
  return {
    call(provider, outcome, seconds) {
      metrics.providerCalls.inc({ provider, outcome });
      metrics.providerSeconds.observe({ provider }, seconds);
      if (outcome === 'failed' || outcome === 'timeout') metrics.providerFailures.inc({ provider });
    },
    circuit(provider, state) {
      metrics.providerCircuit.set({ provider }, CIRCUIT_VALUE[state]);
    },
    inFlight(provider, running, waiting) {
      metrics.providerInFlight.set({ provider }, running);
      metrics.providerWaiting.set({ provider }, waiting);
    },
  };
}
