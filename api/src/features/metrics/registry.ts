import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SECOND_MS, secondsBetween } from '../../../../contract/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import type { Channel } from '../../providers/notifier.ts';
import type { CircuitState, ProviderObserver } from '../../providers/provider-observer.ts';
import type { EventHub } from '../events/index.ts';
import { outboxBacklog } from './repo.ts';

/** Every series is named marketplace_… (docs/OPERATIONS.md "Metrics and alerts" lists them). */
const PREFIX = 'marketplace_';
const CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'push'];
/** A scrape waits this long for the outbox query; past it the other series answer without the outbox's. */
const OUTBOX_READ_TIMEOUT_MS = 2000;
/** The route label of an /api (or /metrics) request no route matched, and of everything else (pages, photos, share cards). */
const UNMATCHED = 'unmatched';
const SITE = 'site';
const CIRCUIT_VALUE: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** This process's live-update streams (absent: the stream series stay at 0 until `watchEvents`). */
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
  private hub: EventHub | undefined;

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
    const { gauge, counter, histogram } = seriesOf(this.registry);
    this.outboxDepth = gauge('outbox_depth', 'Notifications pending in the outbox, due or not, per channel.', [
      'channel',
    ]);
    this.outboxOldestDue = gauge(
      'outbox_oldest_due_age_seconds',
      'Age of the oldest pending notification that is due now, per channel (0: none due).',
      ['channel'],
    );
    this.databaseUp = gauge(
      'database_up',
      `1 when the scrape's outbox query answered within ${OUTBOX_READ_TIMEOUT_MS} ms, else 0 (the outbox series are then left out).`,
    );
    this.httpRequests = counter(
      'http_requests_total',
      `Requests answered, by method, route template ("${UNMATCHED}": no API route; "${SITE}": pages and files) and status.`,
      ['method', 'route', 'status'],
    );
    this.httpSeconds = histogram(
      'http_request_duration_seconds',
      'Time from a request to its answer (for a live-update stream: its whole life), by method and route template.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['method', 'route'],
    );
    this.providerCalls = counter(
      'provider_calls_total',
      'Calls to outside services by provider and outcome (ok, failed, timeout, circuit_open, refused_in_transaction).',
      ['provider', 'outcome'],
    );
    this.providerSeconds = histogram(
      'provider_call_duration_seconds',
      'Time an outside call took, by provider (calls the circuit refused included, at about 0).',
      [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      ['provider'],
    );
    this.providerFailures = counter(
      'provider_failures_total',
      'Outside calls that were attempted and failed or timed out, by provider.',
      ['provider'],
    );
    this.providerCircuit = gauge(
      'provider_circuit_state',
      "A provider's circuit: 0 closed, 1 half open (one trial call), 2 open (calls wait).",
      ['provider'],
    );
    this.providerInFlight = gauge('provider_calls_in_flight', 'Calls to a provider running now.', ['provider']);
    this.providerWaiting = gauge(
      'provider_calls_waiting',
      "Calls waiting for a place under a provider's concurrency cap.",
      ['provider'],
    );
    gauge('live_streams_open', 'Live-update streams open in this process.', [], () => this.hub?.openStreams ?? 0);
    this.eventLag = histogram(
      'event_delivery_lag_seconds',
      "Time from an event's writing to its delivery on a live stream (replays after a reconnect left out).",
      [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    );
    if (sources.events) this.watchEvents(sources.events);
    const pool = () => poolOf(sources.db);
    gauge(
      'db_pool_in_use',
      'Database connections lent out now (PGlite has one, held by each query or transaction in turn).',
      [],
      () => pool()?.numUsed() ?? 0,
    );
    gauge(
      'db_pool_waiting',
      'Queries and transactions waiting for a database connection.',
      [],
      () => pool()?.numPendingAcquires() ?? 0,
    );
    gauge('db_pool_max', 'Database connections the pool may open.', [], () => pool()?.max ?? 0);
    if (sources.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
  }

  /** Counts `hub`'s streams and the lag of what it sends (for a hub made after these series). */
  watchEvents(hub: EventHub): void {
    this.hub = hub;
    hub.onDelivery((lagSeconds) => this.eventLag.observe(lagSeconds));
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

/** Series made in `registry` alone, named with PREFIX; a gauge with `read` is read at each scrape. */
function seriesOf(registry: Registry) {
  const registers = [registry];
  return {
    gauge: <L extends string = never>(name: string, help: string, labelNames: L[] = [], read?: () => number) =>
      new Gauge<L>({
        name: PREFIX + name,
        help,
        labelNames,
        registers,
        ...(read && {
          collect() {
            this.set(read());
          },
        }),
      }),
    counter: <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Counter<L>({ name: PREFIX + name, help, labelNames, registers }),
    histogram: <L extends string = never>(name: string, help: string, buckets: number[], labelNames: L[] = []) =>
      new Histogram<L>({ name: PREFIX + name, help, labelNames, buckets, registers }),
  };
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
