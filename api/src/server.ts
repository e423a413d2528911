import { once } from 'node:events';
import { createServer } from 'node:http';
import { offsetClock, systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { closeDb, createDb, dataDirLock, DatabaseOpenError, isEmbedded, migrate, toCount } from './db.ts';
import { DataDirInUse, inUseMessage, newControlToken, readHolder, SERVER_OPENER } from './data-dir/lock.ts';
import { startDailySnapshots } from './data-dir/backup.ts';
import { createApp } from './app.ts';
import { startChangeFeed } from './cache/change-feed.ts';
import { ReadCache } from './cache/read-cache.ts';
import { createLogger, stdoutLog } from './logger.ts';
import { notificationTransports, paymentProvider, payoutTransfers, textChannels } from './providers/index.ts';
import { geocoderFromConfig } from './providers/geocoder.ts';
import { outboxNotifier, startNotificationWorker } from './providers/notifier.ts';
import { type LocalPushService, localPushOrigin, webPushSender } from './providers/push.ts';
import { pushDelivery, pushKeys } from './features/push/index.ts';
import { builtSupportPage, ensureSiteBuilt, siteMiddleware } from './site.ts';
import { PAGE_CACHE_BUDGET } from './rendered-pages.ts';
import { directoryReader } from './features/directory/index.ts';
import { renewLinks } from './features/subscriptions/index.ts';
import { drainable } from './http/shutdown.ts';
import { keepIdleConnections } from './http/keep-alive.ts';
import { connectionLimits, limitConnections, openFileLimit } from './http/connection-limit.ts';
import { startAutoRenewalWorker, startReminderWorker } from './features/subscriptions/index.ts';
import { startRetentionWorker } from './features/privacy/index.ts';
import { startExpiryWorker } from './features/bookings/index.ts';
import { ensureFirstAdmin } from './features/admin/index.ts';
import { EventHub } from './features/events/index.ts';
import { appMetrics, metricsProviderObserver } from './features/metrics/index.ts';
import { liveSession } from './features/auth/index.ts';
import { shippedPlaceholderLines, supportLinesVerdict } from './support-lines.ts';
import { planPrices } from './features/settings/index.ts';
import type { ErrorAnswer } from '../../contract/errors.ts';
import { timeBetween } from '../../contract/dates.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const logOutput = stdoutLog();
const logger = createLogger(config.logLevel, logOutput);

/** A start that cannot go on says why in one line (never a stack of minified code) and exits 1. */
function cannotStart(reason: string): never {
  console.error(`Cannot start: ${reason}`);
  process.exit(1);
}

// Fake support numbers would strand paying customers with nobody to call: refused where real
// payments run, said loudly everywhere else (docs/OPERATIONS.md "Before launch").
const supportLines = supportLinesVerdict(shippedPlaceholderLines(), {
  production: config.env === 'production',
  realPayments: config.paystack !== null,
});
if (supportLines?.refuse) cannotStart(supportLines.message);

// The port first, answering 503 while the rest starts: a second `npm start` on a taken port stops
// here, before it opens any database (docs/OPERATIONS.md "The data folder").
// Connections and live-update streams within the file limit, half of them kept for ordinary requests.
const STARTING: ErrorAnswer = {
  success: false,
  code: 'unavailable',
  message: 'The server is starting. Try again in a few seconds.',
};
const limits = connectionLimits(openFileLimit());
const server = limitConnections(
  keepIdleConnections(
    createServer((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
      res.end(JSON.stringify(STARTING));
    }),
  ),
  limits.connections,
);
const connections = drainable(server);
server.listen(config.port, config.host);
try {
  await once(server, 'listening');
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
  const holder = config.databaseUrl ? null : readHolder(config.dataDir);
  const ours = holder?.opener === SERVER_OPENER && holder.port === config.port;
  cannotStart(
    ours
      ? inUseMessage(new DataDirInUse(config.dataDir, holder))
      : `port ${config.port} on ${config.host} is already in use: stop what uses it, or start with another PORT.`,
  );
}
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

await ensureSiteBuilt(logger);
const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, opener: SERVER_OPENER }).catch(
  (err) => {
    if (err instanceof DataDirInUse) cannotStart(inUseMessage(err));
    if (err instanceof DatabaseOpenError) {
      console.error(err.message); // it says what to do
      process.exit(1);
    }
    throw err;
  },
);
await db.raw('select 1'); // fail fast when the database is unreachable
const [, applied] = await migrate(db);
if (applied.length) logger.info({ migrations: applied }, 'database migrated');

const [{ users }] = await db('users').count({ users: '*' });
if (toCount(users) === 0) {
  logger.info('The database has no accounts yet. Load demo professionals and accounts with: npm run demo');
}

await ensureFirstAdmin(db, config.firstAdmin, new Date(), logger);

// Browser tests move time forward (e.g. to complete a job whose slot is tomorrow): only under NODE_ENV=test.
const clock = config.env === 'test' ? offsetClock() : systemClock;
// GET /metrics (docs/OPERATIONS.md "Metrics and alerts"): every outside call (calls, latency,
// circuit, in flight) is reported to it.
const metrics = appMetrics({ db, clock, processMetrics: true });
const providerObserver = metricsProviderObserver(metrics);
const payments = paymentProvider(config, db, clock, providerObserver);
if (payments.name === 'sandbox')
  logger.warn('No Paystack keys: payments run in the sandbox (TEST MODE, no real money; every page says so).');
// Notifications on phones: the server's keys, from the environment or kept in the database.
const vapid = await pushKeys(config, db);
// Without keys, only this server's own push service, at the address it listens on.
const localPush: LocalPushService | false = config.push?.localOnly
  ? { origin: localPushOrigin(connectableAddress(config.host), port), otherOrigins: config.push.otherLocalOrigins }
  : false;
const push =
  vapid && config.push
    ? {
        publicKey: vapid.publicKey,
        sender: webPushSender({
          keys: vapid,
          subject: config.push.subject,
          localOnly: localPush,
          observer: providerObserver,
        }),
        localOnly: localPush,
      }
    : undefined;
const notifier = outboxNotifier({ clock, textChannels: textChannels(config), push: !!push });
// The database's announcements: the read cache drops what changed, live updates reach their streams.
const feed = await startChangeFeed(db, logger);
const readCache = config.readCache ? new ReadCache(feed) : undefined;
const events = new EventHub({
  db,
  logger,
  feed,
  sessionOf: liveSession({ db, clock, readCache }),
  limits: { maxStreams: limits.streams },
});
metrics.watchEvents(events);
// Commands run beside the server (npm run demo, admin:create, backup) hand it their work with this.
const localControlToken = config.localControl && dataDirLock(db) ? newControlToken() : undefined;
const app = createApp({
  db,
  metrics,
  localControlToken,
  config,
  clock,
  logger,
  payments,
  notifier,
  push,
  transfers: payoutTransfers(config, providerObserver),
  geocoder: geocoderFromConfig(config.googleMaps, clock, providerObserver),
  readCache,
  events,
  supportPage: await builtSupportPage(),
  site: await siteMiddleware({
    diagnostics: config.diagnostics,
    testMode: payments.name === 'sandbox',
    directory: directoryReader(db, clock, config.publicUrl, readCache),
    renewal: renewLinks({ db, clock, logger, payments, notifier }),
    plans: () => planPrices(db),
    // Rendered pages in a cache of their own, bounded in bytes: they cannot push sessions out.
    pageCache: config.readCache ? new ReadCache(feed, PAGE_CACHE_BUDGET) : undefined,
    clock,
  }),
});
server.removeAllListeners('request');
server.on('request', app.callback());
dataDirLock(db)?.announce({ address: connectableAddress(config.host), port, controlToken: localControlToken });
logger.info(
  {
    database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})`,
    connections: limits.connections,
    liveUpdateStreams: limits.streams,
  },
  `Listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
);
// Said once the server serves: a start refused for another reason (a folder in use) stays one line.
if (supportLines) logger.warn(`Before launch: ${supportLines.message}.`);

const reminders = startReminderWorker({ db, clock, logger, notifier, config });
const retention = startRetentionWorker({ db, clock, logger });
const requestExpiry = startExpiryWorker({ db, clock, logger, notifier });
const autoRenewal = startAutoRenewalWorker({ db, clock, logger, notifier, payments, config });
if (!config.smtp) logger.warn('No SMTP_URL: emails are kept in the outbox for /dev-mailbox and not sent.');
if (!config.sms)
  logger.warn('No SMS_API_KEY: SMS are not sent (kept in the outbox for /dev-mailbox while diagnostics are on).');
if (!config.whatsapp) logger.info('No WHATSAPP_ACCESS_TOKEN: WhatsApp messages are not sent.');
if (!push) logger.info('No VAPID keys in production: no notifications on phones (npm run push:keys makes a pair).');
const delivery = startNotificationWorker({
  db,
  clock,
  logger,
  transports: notificationTransports(config, logger, providerObserver),
  push: push && pushDelivery(push.sender),
});
const snapshots =
  isEmbedded(db) && dataDirLock(db) && config.backupKeep > 0
    ? [startDailySnapshots({ db, dataDir: config.dataDir, keep: config.backupKeep, logger })]
    : [];

// SIGTERM (ARCHITECTURE "Running"): refuse new connections, let running requests finish for up to
// 7 s, stop the workers and wait for their runs in flight, close the database; a watchdog exits at
// 9.5 s whatever is still pending.
const GRACE_MS = 7000;
const EXIT_DEADLINE_MS = 9500;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = new Date();
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, EXIT_DEADLINE_MS).unref();
  // Stopped at once; their running runs end while the requests drain, and before the database closes.
  const jobsStopped = Promise.all(
    [reminders, retention, requestExpiry, autoRenewal, delivery, ...snapshots].map((job) => job.stop()),
  );
  events.closeAll(); // clients reconnect to another process and catch up from the database
  const { forced } = await connections.drain(GRACE_MS);
  if (forced) logger.warn('requests still running at the deadline were cut');
  await jobsStopped;
  await feed.close();
  await closeDb(db).catch((err) => logger.error({ err }, 'closing the database failed'));
  logger.info({ signal, ms: timeBetween(started, new Date()) }, 'stopped');
  await logOutput.settle();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// A supervisor that ends the process it started (npm) with SIGKILL leaves us behind, holding the
// port and the data folder: a server whose parent went away stops as if told to.
const parent = process.ppid;
if (parent !== 1)
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('parent exited');
  }, 1000).unref();

/** Where a command on this machine reaches us: a wildcard address is reached through loopback. */
function connectableAddress(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}
