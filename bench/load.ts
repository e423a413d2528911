/**
 * Load: USERS customers at once for SECONDS seconds against a real server
 * on PostgreSQL, each signing in, searching, booking slots (of PROS professionals over DAYS days,
 * so slots run out and 409s are expected; past the per-customer booking limits, 409s and 429s
 * too) and chatting on its bookings. Afterwards the database is
 * checked: every acknowledged booking and message is there, no slot has two open bookings, nothing
 * was stored that was not acknowledged. Prints counts, statuses and latencies per operation.
 *
 *   npm run bench:load                                   # 200 users, 60 s, one process
 *   npm run bench:load -- --users 20 --seconds 10        # a quick try
 *   npm run bench:load -- --processes 2                  # users split across two processes
 *
 * Uses a database rel_load_<pid> on /var/run/postgresql (dropped after) and ports 3820–3821.
 */
import {
  account,
  call,
  count,
  dayAhead,
  openAllWeek,
  percentile,
  pgClient,
  pool,
  sharedDatabase,
  startServer,
  type Answer,
} from './lib/procs.ts';
import { arg } from './lib/args.ts';

const USERS = Number(arg('users', '200'));
const SECONDS = Number(arg('seconds', '60'));
const PROCESSES = Number(arg('processes', '1'));
const PROS = Number(arg('pros', '20'));
const DAYS = Number(arg('days', '14'));
const TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
const rand = (n: number) => Math.floor(Math.random() * n);

const database = await sharedDatabase(`rel_load_${process.pid}`);
// READ_CACHE=off in the bench's environment runs the servers without the read cache, to compare.
const env = { DATABASE_URL: database.url, ...(process.env.READ_CACHE ? { READ_CACHE: process.env.READ_CACHE } : {}) };
const servers = [];
for (let p = 0; p < PROCESSES; p++) servers.push(await startServer(3820 + p, env));
const urls = servers.map((s) => s.url);
const db = await pgClient(database.url);
let failed = false;
try {
  const setupStart = Date.now();
  const pros = await pool(Array.from({ length: PROS }), 4, (_, i) => account(urls[i % urls.length], 'professional'));
  await openAllWeek(db);
  const customers = await pool(Array.from({ length: USERS }), 6, (_, i) => account(urls[i % urls.length], 'customer'));
  console.log(
    `setup: ${PROS} professionals and ${USERS} customers signed up and paid through the API in ${((Date.now() - setupStart) / 1000).toFixed(0)} s`,
  );

  const stats = new Map<string, { statuses: Record<string, number>; ms: number[] }>();
  const record = (op: string, res: Answer, ms: number) => {
    const s = stats.get(op) ?? { statuses: {}, ms: [] };
    s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
    s.ms.push(ms);
    stats.set(op, s);
  };
  const timed = async (op: string, f: () => Promise<Answer>) => {
    const t0 = performance.now();
    const res = await f();
    record(op, res, performance.now() - t0);
    return res;
  };
  const accepted: { id: number; customer: number; pro: number; date: string; time: string }[] = [];
  const messages: number[] = [];
  const unexpected: string[] = [];
  const end = Date.now() + SECONDS * 1000;

  console.log(`running: ${USERS} users for ${SECONDS} s on ${PROCESSES} process(es)…`);
  await Promise.all(
    customers.map(async (c, i) => {
      const url = urls[i % urls.length];
      let token = '';
      const mine: number[] = [];
      const signIn = async () => {
        const res = await timed('sign-in', () =>
          call(url, '/api/auth/login', { json: { email: c.body.email, password: c.body.password } }),
        );
        if (res.status === 200) token = res.body.token;
        else unexpected.push(`sign-in ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      };
      await signIn();
      while (Date.now() < end) {
        const r = Math.random();
        if (r < 0.08) await signIn();
        else if (r < 0.4) {
          const res = await timed('search', () =>
            call(url, `/api/professionals?q=&sort=distance&lat=5.6037&lng=-0.187&radius=20`, { token }),
          );
          if (res.status !== 200) unexpected.push(`search ${res.status}`);
        } else if (r < 0.7 || mine.length === 0) {
          const pro = pros[rand(pros.length)];
          const date = dayAhead(1 + rand(DAYS));
          const time = TIMES[rand(TIMES.length)];
          const res = await timed('booking', () =>
            call(url, '/api/bookings', {
              token,
              json: { professionalId: pro.userId, date, time, description: 'load test' },
            }),
          );
          if (res.status === 201) {
            accepted.push({ id: res.body.booking.id, customer: c.userId, pro: pro.userId, date, time });
            mine.push(res.body.booking.id);
          } else if (res.status !== 409 && res.status !== 429)
            unexpected.push(`booking ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        } else if (r < 0.9) {
          const id = mine[rand(mine.length)];
          const res = await timed('chat send', () =>
            call(url, `/api/bookings/${id}/messages`, { token, json: { body: `hello from ${c.userId}` } }),
          );
          if (res.status === 201) messages.push(res.body.message.id);
          else unexpected.push(`chat send ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        } else {
          const id = mine[rand(mine.length)];
          const res = await timed('chat read', () => call(url, `/api/bookings/${id}/messages`, { token }));
          if (res.status !== 200) unexpected.push(`chat read ${res.status}`);
        }
      }
    }),
  );

  let total = 0;
  console.log('operation     requests  statuses                      p50 ms  p95 ms  p99 ms');
  for (const [op, s] of stats) {
    const sorted = s.ms.sort((a, b) => a - b);
    total += sorted.length;
    console.log(
      `${op.padEnd(13)} ${String(sorted.length).padStart(8)}  ${JSON.stringify(s.statuses).padEnd(28)} ${percentile(sorted, 50).toFixed(0).padStart(6)}  ${percentile(sorted, 95).toFixed(0).padStart(6)}  ${percentile(sorted, 99).toFixed(0).padStart(6)}`,
    );
  }
  console.log(
    `total: ${total} requests in ${SECONDS} s (${(total / SECONDS).toFixed(0)}/s); unexpected answers (not 2xx, not a booking refused with 409 or 429): ${unexpected.length}`,
  );
  for (const u of [...new Set(unexpected)].slice(0, 10)) console.log(`  ${u}`);

  // --- the database afterwards
  const ids = accepted.map((a) => a.id);
  const stored = (
    await db.query('select id, customer_id, professional_id, date::text d, time from bookings where id = any($1)', [
      ids,
    ])
  ).rows;
  const byId = new Map(stored.map((r) => [Number(r.id), r]));
  const bookingsMissing = accepted.filter((a) => {
    const r = byId.get(a.id);
    return (
      !r ||
      Number(r.customer_id) !== a.customer ||
      Number(r.professional_id) !== a.pro ||
      r.d !== a.date ||
      r.time !== a.time
    );
  }).length;
  const customerIds = customers.map((c) => c.userId);
  const bookingsStored = await count(db, 'select count(*) n from bookings where customer_id = any($1)', [customerIds]);
  const doubleBooked = await count(
    db,
    "select count(*) n from (select professional_id, date, time from bookings where status in ('pending','confirmed') group by 1, 2, 3 having count(*) > 1) d",
  );
  const messagesStored = await count(db, 'select count(*) n from booking_messages where id = any($1)', [messages]);
  const messagesTotal = await count(db, 'select count(*) n from booking_messages');
  console.log(
    `bookings acknowledged (201): ${accepted.length}; in the database: ${bookingsStored}; acknowledged but missing or different: ${bookingsMissing}`,
  );
  console.log(`slots double-booked: ${doubleBooked}`);
  console.log(
    `messages acknowledged (201): ${messages.length}; found: ${messagesStored}; in the table: ${messagesTotal}`,
  );
  failed =
    unexpected.length > 0 ||
    bookingsMissing > 0 ||
    doubleBooked > 0 ||
    bookingsStored !== accepted.length ||
    messagesStored !== messages.length ||
    messagesTotal !== messages.length;
  console.log(
    failed
      ? 'RESULT: problems found'
      : 'RESULT: 0 unexpected errors, 0 double bookings, every acknowledged write present',
  );
} finally {
  await db.end();
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await database.drop();
}
process.exit(failed ? 1 : 0);
