/**
 * How fast the outbox drains (api/src/providers/notifier.ts, ARCHITECTURE.md "Background work in
 * tables"): MESSAGES SMS rows are written, then one process's `deliverNotifications` sends them all
 * through the real Arkesel adapter (real HTTP) to a local fake gateway that answers at once
 * (api/test/fake-messaging.ts). Messages a second from the first claim to the last outcome written,
 * RUNS times on embedded PGlite and, when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a
 * PostgreSQL server, on a throw-away database there (bench_outbox_<pid>, dropped afterwards).
 * Prints the median with the lowest and highest run; the goal is at least 50 a second.
 *
 *   npm run bench:outbox
 *   TEST_DATABASE_URL='postgresql:///postgres?host=/var/run/postgresql' npm run bench:outbox -- --messages 1000 --runs 5
 *   npm run bench:outbox -- --concurrency 8     # the SMS provider's cap (default: the outbox's own)
 */
import { systemClock } from '../api/src/clock.ts';
import { closeDb, createDb, type Db, migrate } from '../api/src/db.ts';
import { createLogger } from '../api/src/logger.ts';
import { DEFAULT_CONCURRENCY, deliverNotifications, outboxNotifier } from '../api/src/providers/notifier.ts';
import { arkeselSmsTransport } from '../api/src/providers/sms.ts';
import { startFakeMessaging } from '../api/test/fake-messaging.ts';
import { machineLine } from './lib/machine.ts';
import { sharedDatabase } from './lib/procs.ts';
import { arg } from './lib/args.ts';

const MESSAGES = Number(arg('messages', '500'));
const RUNS = Number(arg('runs', '5'));
const CONCURRENCY = Number(arg('concurrency', String(DEFAULT_CONCURRENCY)));
const GOAL = 50;

const fake = await startFakeMessaging();
const transport = arkeselSmsTransport({ apiBase: fake.base, apiKey: fake.apiKey, senderId: 'SrvConnect' });
const sms = { ...transport, gate: { isOpen: () => false, concurrency: CONCURRENCY } };
const logger = createLogger('silent');
const notifier = outboxNotifier({ clock: systemClock, textChannels: ['sms'] });

async function drainRuns(db: Db): Promise<number[]> {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await db('notifications').delete();
    await db.transaction(async (trx) => {
      for (let i = 0; i < MESSAGES; i++) {
        const phone = `+23324${String(1_000_000 + i).slice(-7)}`;
        await notifier.sendText(phone, { label: 'Bench', text: `ServiceConnect: message ${i}.` }, trx);
      }
    });
    const before = fake.sms.length;
    const started = performance.now();
    const sent = await deliverNotifications({ db, clock: systemClock, logger, transports: { sms } });
    const seconds = (performance.now() - started) / 1000;
    if (sent !== MESSAGES || fake.sms.length - before !== MESSAGES)
      throw new Error(`run ${run + 1}: ${sent} recorded sent, ${fake.sms.length - before} received, of ${MESSAGES}`);
    rates.push(MESSAGES / seconds);
  }
  return rates;
}

const line = (engine: string, rates: number[]) => {
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const verdict = median >= GOAL ? 'PASS' : 'MISS';
  return `  ${engine.padEnd(11)} median ${median.toFixed(0).padStart(5)} msg/s  (lowest ${sorted[0].toFixed(0)}, highest ${sorted.at(-1)!.toFixed(0)})  ${verdict} (goal ≥ ${GOAL})`;
};

console.log(machineLine());
console.log(`Outbox drain: ${MESSAGES} SMS per run, ${RUNS} runs, SMS concurrency ${CONCURRENCY}, one process`);
try {
  const embedded = await createDb({ dataDir: 'memory://' });
  await migrate(embedded);
  console.log(line('PGlite', await drainRuns(embedded)));
  await closeDb(embedded);

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const shared = await sharedDatabase(`bench_outbox_${process.pid}`, serverUrl);
    const db = await createDb({ databaseUrl: shared.url });
    try {
      await migrate(db);
      console.log(line('PostgreSQL', await drainRuns(db)));
    } finally {
      await closeDb(db);
      await shared.drop();
    }
  } else console.log('  PostgreSQL  skipped (set TEST_DATABASE_URL to measure it)');
} finally {
  await fake.close();
}
