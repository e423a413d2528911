import type { Middleware } from 'koa';
import type { ReadCache } from './cache/read-cache.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { EventHub } from './features/events/index.ts';
import type { AppMetrics } from './features/metrics/index.ts';
import type { RequestState } from './http/request-context.ts';
import type { CallerGuards } from './http/serve.ts';
import type { Logger } from './logger.ts';
import type { Geocoder } from './providers/geocoder.ts';
import type { Notifier } from './providers/notifier.ts';
import type { PaymentProvider } from './providers/payments.ts';
import type { PayoutTransfers } from './providers/transfers.ts';
import type { LocalPushService, PushSender } from './providers/push.ts';

/** The state every feature router starts from (new Router<RequestState>()): see http/request-context.ts. */
export type { RequestState };

/**
 * What every feature's routes are built from. It lives apart from app.ts, which imports every
 * feature, so that no feature has to import app.ts back (an import cycle).
 */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Paystack when keys are configured, else the sandbox (never both). */
  payments: PaymentProvider;
  notifier: Notifier;
  /** Mobile-money payout transfers; left out, built from config (Paystack keys, else none: paid by hand). */
  transfers?: PayoutTransfers | null;
  /**
   * Notifications on phones: the server's public key, the sender, and, when only the
   * server's own push service is allowed, where it is. Absent: push is off (GET /api/push/key says null).
   */
  push?: { publicKey: string; sender: PushSender; localOnly: LocalPushService | false };
  /** Reverse geocoding; left out, it is built from config.googleMaps (null: bounding boxes only). */
  geocoder?: Geocoder | null;
  /** Sessions and dashboard records kept in memory until the database announces a change (api/src/cache/). Absent: every read queries. */
  readCache?: ReadCache;
  /** Live-update streams (api/src/features/events/). Absent: the event routes answer 503 and pages poll. */
  events?: EventHub;
  /** This app's series for GET /metrics (features/metrics); left out, createApp makes them. */
  metrics?: AppMetrics;
  /** The secret a command on this machine hands work to this server with (features/local-control). Absent: no such routes. */
  localControlToken?: string;
  /**
   * The built support page (site/dist/client/support/index.html), in whose head, header and
   * footer the answers to its plain form are drawn (features/contact/pages.ts). Absent in API
   * tests: plain pages.
   */
  supportPage?: string;
  /** Serves everything outside /api: built assets and Astro's pages (api/src/site.ts). Absent in API tests. */
  site?: Middleware;
}

/** What a feature's routes are built from: the app's dependencies and the guards that admit each kind of caller (built by app.ts from features/auth). */
export interface FeatureDeps extends AppDeps {
  guards: CallerGuards;
}
