import { addTime, MINUTE_MS, SECOND_MS, secondsBetween, timeBetween } from '../../../contract/dates.ts';
import { type Clock, systemClock } from '../clock.ts';
import { inDatabaseTransaction } from '../transaction-mark.ts';
import {
  type CircuitState,
  ignoreProviderCalls,
  type ProviderCallOutcome,
  type ProviderGate,
  type ProviderObserver,
} from './provider-observer.ts';

/**
 * One outside service's bounds (ARCHITECTURE.md "Outside calls"): every call to it runs through
 * `run`, which refuses inside a database transaction, keeps to a total time-out, at most
 * `concurrency` calls at once (a few more wait, briefly), and a circuit that stops calling a
 * service that keeps failing, trying it again after a back-off. The HTTP providers reach it through
 * http-client.ts; SMTP calls it directly.
 */
export interface BoundsOptions {
  /** The provider's name in reports: sms, whatsapp, push, email, paystack, transfers, geocoder. */
  provider: string;
  /** Time to open a connection (TCP and TLS); used by the HTTP client's connection pool. */
  connectTimeoutMs: number;
  /** Time for the whole call, from start to the last byte of the answer. */
  totalTimeoutMs: number;
  /** Calls in flight at once. */
  concurrency: number;
  /** Calls that may wait for a place, and for how long; past either, a call is refused at once. */
  maxWaiting?: number;
  maxWaitMs?: number;
  /** Consecutive failures (errors, time-outs, 5xx, 429) that open the circuit. */
  failureThreshold?: number;
  /** The first back-off once open, doubled at each failed trial up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  observer?: ProviderObserver;
  /** Real time by default: a test app's fixed clock must not keep a circuit open. */
  clock?: Clock;
  /** 0 ≤ x < 1; the back-off is jittered to between 75% and 100% of its length. */
  random?: () => number;
}

/** The defaults each provider's bounds start from; docs/OPERATIONS.md "Outside services" lists them per provider. */
export const CIRCUIT_DEFAULTS = {
  failureThreshold: 5,
  backoffBaseMs: 5 * SECOND_MS,
  backoffMaxMs: 5 * MINUTE_MS,
  maxWaitMs: 2 * SECOND_MS,
} as const;

/** The names providers report under. */
export type ProviderName = 'paystack' | 'transfers' | 'sms' | 'whatsapp' | 'push' | 'email' | 'geocoder';

/**
 * Each provider's time-outs and cap (docs/OPERATIONS.md "Outside services"). Paystack answers
 * within 8 s so a person paying hears back within 10 s (docs/PRODUCT.md "Failed payments"); the
 * outbox's channels get 10 to 15 s, since nobody waits on them.
 */
export const PROVIDER_LIMITS: Record<
  ProviderName,
  Pick<BoundsOptions, 'connectTimeoutMs' | 'totalTimeoutMs' | 'concurrency'>
> = {
  paystack: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 8 * SECOND_MS, concurrency: 16 },
  transfers: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 10 * SECOND_MS, concurrency: 4 },
  sms: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 10 * SECOND_MS, concurrency: 8 },
  whatsapp: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 10 * SECOND_MS, concurrency: 8 },
  push: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 10 * SECOND_MS, concurrency: 16 },
  email: { connectTimeoutMs: 5 * SECOND_MS, totalTimeoutMs: 15 * SECOND_MS, concurrency: 4 },
  geocoder: { connectTimeoutMs: 3 * SECOND_MS, totalTimeoutMs: 10 * SECOND_MS, concurrency: 8 },
};

/** What an adapter's caller may set: who watches, and (tests) a shorter time-out or fewer places. */
export interface BoundsOverrides {
  observer?: ProviderObserver;
  /** The total time-out, as the adapters' `timeoutMs` option always meant. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  concurrency?: number;
  failureThreshold?: number;
  backoffBaseMs?: number;
  clock?: Clock;
}

/** A provider's bounds options: its limits, with the caller's overrides. */
export function boundsFor(provider: ProviderName, overrides: BoundsOverrides = {}): BoundsOptions {
  const { timeoutMs, ...rest } = overrides;
  const limits = PROVIDER_LIMITS[provider];
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { provider, ...limits, ...(timeoutMs !== undefined && { totalTimeoutMs: timeoutMs }), ...defined };
}

/** The call was not made: the base of every refusal by the bounds themselves. */
export class ProviderRefusedError extends Error {
  readonly provider: string;
  constructor(provider: string, message: string) {
    super(message);
    this.provider = provider;
  }
}

/**
 * A call to an outside service from inside a database transaction: a bug (the transaction, its
 * locks and its connection would be held for as long as the service takes), refused every time.
 */
export class CalledInTransactionError extends ProviderRefusedError {
  override name = 'CalledInTransactionError';
  constructor(provider: string) {
    super(
      provider,
      `${provider} was called inside a database transaction: commit first, then call it, then record the outcome in a new transaction`,
    );
  }
}

/** The provider's circuit is open: it failed repeatedly and is left alone until its back-off ends. */
export class CircuitOpenError extends ProviderRefusedError {
  override name = 'CircuitOpenError';
  readonly retryAt: Date;
  constructor(provider: string, retryAt: Date) {
    super(provider, `${provider} is failing; not called again before ${retryAt.toISOString()}`);
    this.retryAt = retryAt;
  }
}

/** Every place under the provider's concurrency cap is taken, and so is every place to wait. */
export class ProviderBusyError extends ProviderRefusedError {
  override name = 'ProviderBusyError';
  constructor(provider: string) {
    super(provider, `${provider} has too many calls in flight`);
  }
}

/** The call took longer than its total time-out (or could not connect in time) and was abandoned. */
export class ProviderTimeoutError extends Error {
  override name = 'ProviderTimeoutError';
  readonly provider: string;
  constructor(provider: string, ms: number) {
    super(`${provider} did not answer within ${ms} ms`);
    this.provider = provider;
  }
}

/**
 * How a call ended, for the circuit: `answered` (the service is up, even if it refused),
 * `failed` (down or failing: counts towards opening the circuit), `timeout` (the same, reported apart).
 */
export type CallVerdict = 'answered' | 'failed' | 'timeout';

/** Errors that mean the service could not be reached in time (undici's connect time-out and its kin). */
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

/** A thrown error's verdict unless the caller's `judgeError` says otherwise. */
export function defaultErrorVerdict(err: unknown): CallVerdict {
  if (err instanceof ProviderTimeoutError) return 'timeout';
  const code = errorCode(err);
  if (code && TIMEOUT_CODES.has(code)) return 'timeout';
  if ((err as Error)?.name === 'TimeoutError') return 'timeout';
  return 'failed';
}

export interface RunOptions<T> {
  /** The verdict on an answer (default `answered`): an HTTP 5xx is `failed` though it resolved. */
  judge?: (result: T) => CallVerdict;
  /** The verdict on a thrown error (default: `failed`, or `timeout` for time-outs). */
  judgeError?: (err: unknown) => CallVerdict;
}

export interface ProviderBounds {
  readonly provider: string;
  readonly options: Readonly<Required<Omit<BoundsOptions, 'observer' | 'clock' | 'random'>>>;
  /** What the outbox reads: the circuit, and how many calls to send at once. */
  readonly gate: ProviderGate;
  /** The circuit as it stands now. */
  state(): CircuitState;
  /**
   * Runs one call within the bounds. `work` gets a signal that aborts at the total time-out; the
   * call is abandoned then whether or not `work` heeds it. Throws CalledInTransactionError,
   * CircuitOpenError or ProviderBusyError without calling `work`, ProviderTimeoutError at the
   * time-out, and otherwise whatever `work` throws.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions<T>): Promise<T>;
}

export function providerBounds(options: BoundsOptions): ProviderBounds {
  const settings = {
    maxWaiting: options.concurrency * 4,
    maxWaitMs: CIRCUIT_DEFAULTS.maxWaitMs,
    failureThreshold: CIRCUIT_DEFAULTS.failureThreshold,
    backoffBaseMs: CIRCUIT_DEFAULTS.backoffBaseMs,
    backoffMaxMs: CIRCUIT_DEFAULTS.backoffMaxMs,
    ...options,
  };
  const { provider, concurrency, totalTimeoutMs } = settings;
  const observer = options.observer ?? ignoreProviderCalls;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;

  let circuit: CircuitState = 'closed';
  let failures = 0;
  /** Back-offs in a row without a success: the next one is base × 2^(opens − 1). */
  let opens = 0;
  let retryAt = new Date(0);
  let trialInFlight = false;
  let running = 0;
  const waiting: { grant: () => void; refuse: () => void }[] = [];

  const setCircuit = (state: CircuitState) => {
    if (state === circuit) return;
    circuit = state;
    observer.circuit(provider, state);
  };
  const reportInFlight = () => observer.inFlight(provider, running, waiting.length);

  /** Open past its back-off: the next call is the one trial. */
  const trialDue = () => circuit === 'open' && timeBetween(retryAt, clock.now()) >= 0;
  const isOpen = () => (circuit === 'open' && !trialDue()) || (circuit === 'half_open' && trialInFlight);

  const open = () => {
    opens++;
    const length = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** (opens - 1));
    retryAt = addTime(clock.now(), { ms: Math.round(length * (0.75 + 0.25 * random())) });
    setCircuit('open');
  };

  const record = (verdict: CallVerdict, trial: boolean) => {
    if (trial) trialInFlight = false;
    if (verdict === 'answered') {
      failures = 0;
      opens = 0;
      setCircuit('closed');
      return;
    }
    failures++;
    // A failed trial opens it again at once, for twice as long; otherwise after N in a row.
    if (trial || (circuit === 'closed' && failures >= settings.failureThreshold)) open();
  };

  const acquire = async (): Promise<void> => {
    if (running < concurrency) {
      running++;
      reportInFlight();
      return;
    }
    if (waiting.length >= settings.maxWaiting) throw new ProviderBusyError(provider);
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: () => reject(new ProviderBusyError(provider)),
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reportInFlight();
        entry.refuse();
      }, settings.maxWaitMs);
      waiting.push(entry);
      reportInFlight();
    });
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else running--;
    reportInFlight();
  };

  return {
    provider,
    options: settings,
    gate: { isOpen, concurrency },
    state: () => (trialDue() ? 'half_open' : circuit),

    async run<T>(work: (signal: AbortSignal) => Promise<T>, runOptions: RunOptions<T> = {}): Promise<T> {
      // Here, in the one place every call passes, so no wrapper or rename gets round it.
      if (inDatabaseTransaction()) {
        observer.call(provider, 'refused_in_transaction', 0);
        throw new CalledInTransactionError(provider);
      }
      let trial = false;
      if (circuit !== 'closed') {
        if (isOpen()) {
          observer.call(provider, 'circuit_open', 0);
          throw new CircuitOpenError(
            provider,
            circuit === 'open' ? retryAt : addTime(clock.now(), { ms: totalTimeoutMs }),
          );
        }
        trial = true;
        trialInFlight = true;
        setCircuit('half_open');
      }
      try {
        await acquire();
      } catch (err) {
        if (trial) trialInFlight = false;
        throw err;
      }
      const started = clock.now();
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const err = new ProviderTimeoutError(provider, totalTimeoutMs);
          controller.abort(err);
          reject(err);
        }, totalTimeoutMs);
      });
      let outcome: ProviderCallOutcome = 'failed';
      try {
        const result = await Promise.race([work(controller.signal), deadline]);
        const verdict = runOptions.judge?.(result) ?? 'answered';
        outcome = verdict === 'answered' ? 'ok' : verdict;
        record(verdict, trial);
        return result;
      } catch (err) {
        const verdict = (runOptions.judgeError ?? defaultErrorVerdict)(err);
        outcome = verdict === 'answered' ? 'ok' : verdict;
        record(verdict, trial);
        throw err;
      } finally {
        clearTimeout(timer);
        release();
        observer.call(provider, outcome, Math.max(0, secondsBetween(started, clock.now())));
      }
    },
  };
}

/**
 * For an adapter's catch: a call refused inside a transaction is a bug and goes on as it is,
 * never turned into "the provider is unavailable, try later", which would hide it.
 */
export function rethrowIfInTransaction(err: unknown): void {
  if (err instanceof CalledInTransactionError) throw err;
}

/** For the outbox's transports: any call the bounds refused goes on as it is (not attempted, so not a delivery failure). */
export function rethrowRefusal(err: unknown): void {
  if (err instanceof ProviderRefusedError) throw err;
}
