/**
 * What the provider clients report about each outside call, for whoever watches (the metrics
 * registry in production, a recorder in tests). Providers know only this shape, never the
 * watcher, so the clients stay free of the metrics library.
 */

/** How one call to an outside service ended. `circuit_open`: not attempted, the provider's circuit is open. */
export type ProviderCallOutcome = 'ok' | 'failed' | 'timeout' | 'circuit_open' | 'refused_in_transaction';

/** A provider's circuit: closed (calls go), open (calls wait out a back-off), half_open (one trial call). */
export type CircuitState = 'closed' | 'open' | 'half_open';

export interface ProviderObserver {
  /** One call to `provider` (sms, whatsapp, push, email, paystack, geocoder, transfers) ended after `seconds`. */
  call(provider: string, outcome: ProviderCallOutcome, seconds: number): void;
  /** `provider`'s circuit is now `state`. */
  circuit(provider: string, state: CircuitState): void;
  /** Calls to `provider` in flight now, and calls waiting for a place under its concurrency cap. */
  inFlight(provider: string, running: number, waiting: number): void;
}

/** Reports to nobody: the default where nothing watches. */
export const ignoreProviderCalls: ProviderObserver = { call() {}, circuit() {}, inFlight() {} };

/**
 * A provider's bounds as the outbox reads them: while `isOpen()` its rows wait (the other channels
 * go on), and at most `concurrency` of its messages are sent at once.
 */
export interface ProviderGate {
  isOpen(): boolean;
  readonly concurrency: number;
}
