/**
 * Scale-out on PostgreSQL: two API processes on one database, on different ports.
 *   - a session created on one works on the other (and signing out on one ends it on both);
 *   - failed sign-ins are counted across both (the 11th wrong password for an account is refused
 *     with 429 wherever it lands);
 *   - the same booking slot requested through both at once has exactly one winner, SLOTS times;
 *   - the reminder job, running in both, sends each due reminder once.
 *
 *   npm run bench:scale-out                  # a database rel_scale_<pid> on /var/run/postgresql, dropped after
 *   npm run bench:scale-out -- --slots 5 --racers 8
 *
 * Ports 3810 and 3811. The reminder check waits for both processes' next minute tick (about 65 s).
 */
import {
  account,
  call,
  count,
  dayAhead,
  openAllWeek,
  pgClient,
  sharedDatabase,
  sleep,
  startServer,
} from './lib/procs.ts';
import { DAY_MS } from '../contract/dates.ts';
import { arg } from './lib/args.ts';

const SLOTS = Number(arg('slots', '10'));
const RACERS = Number(arg('racers', '10'));
const REMINDED = Number(arg('reminded', '20'));
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

const database = await sharedDatabase(`rel_scale_${process.pid}`);
const env = { DATABASE_URL: database.url };
// Both start at once: they race to migrate the empty database (knex's migration lock decides).
const t0 = Date.now();
const started = await Promise.allSettled([startServer(3810, env), startServer(3811, env)]);
if (started.some((s) => s.status === 'rejected')) {
  for (const s of started) if (s.status === 'fulfilled') s.value.proc.kill('SIGKILL');
  await database.drop();
  throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
}
const [a, b] = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startServer>>>).value);
console.log(`two processes migrated one empty database and became healthy in ${Date.now() - t0} ms`);
const db = await pgClient(database.url);
try {
  const migrations = await count(db, 'select count(*) n from knex_migrations');
  const distinct = await count(db, 'select count(distinct name) n from knex_migrations');
  console.log(`  migrations recorded: ${migrations} (distinct ${distinct})`);
  check(migrations === distinct, 'a migration ran twice');

  // --- sessions
  const user = await account(a.url, 'customer');
  const onB = await call(b.url, '/api/bookings', { token: user.token });
  const signOut = await call(b.url, '/api/auth/logout', { token: user.token, json: {} });
  const afterOnA = await call(a.url, '/api/bookings', { token: user.token });
  console.log(
    `session made on :${a.port}, used on :${b.port}: ${onB.status}; signed out on :${b.port} (${signOut.status}), then on :${a.port}: ${afterOnA.status}`,
  );
  check(onB.status === 200 && afterOnA.status === 401, 'sessions are not shared');

  // --- login throttling
  const victim = await account(a.url, 'customer');
  const statuses: string[] = [];
  let firstRefused = 0;
  for (let i = 1; i <= 14; i++) {
    const server = i % 2 ? a : b;
    const res = await call(server.url, '/api/auth/login', {
      json: { email: victim.body.email, password: 'wrong-password-1' },
    });
    statuses.push(`${server.port}:${res.status}`);
    if (res.status === 429 && !firstRefused) firstRefused = i;
  }
  const right = await call(b.url, '/api/auth/login', {
    json: { email: victim.body.email, password: victim.body.password },
  });
  console.log(
    `wrong passwords alternating between the two: first 429 at attempt ${firstRefused}; the right password then: ${right.status}`,
  );
  console.log(`  ${statuses.join(' ')}`);
  check(firstRefused === 11 && right.status === 429, 'throttling is not counted across processes');

  // --- slot race
  const pro = await account(a.url, 'professional');
  await openAllWeek(db);
  const customers = await Promise.all(
    Array.from({ length: RACERS }, (_, i) => account(i % 2 ? b.url : a.url, 'customer')),
  );
  const tally: Record<string, number> = {};
  let oneWinner = 0;
  for (let s = 0; s < SLOTS; s++) {
    const date = dayAhead(2 + s);
    const answers = await Promise.all(
      customers.map((c, i) =>
        call(i % 2 ? b.url : a.url, '/api/bookings', {
          token: c.token,
          json: { professionalId: pro.userId, date, time: '10:00' },
        }),
      ),
    );
    for (const r of answers) tally[r.status] = (tally[r.status] ?? 0) + 1;
    const winners = answers.filter((r) => r.status === 201).length;
    const stored = await count(
      db,
      "select count(*) n from bookings where professional_id = $1 and date = $2 and time = '10:00' and status in ('pending','confirmed')",
      [pro.userId, date],
    );
    if (winners === 1 && stored === 1) oneWinner++;
  }
  console.log(
    `slot race: ${SLOTS} slots × ${RACERS} customers split across both processes: ${oneWinner}/${SLOTS} slots with exactly one winner; answers ${JSON.stringify(tally)}`,
  );
  check(oneWinner === SLOTS, 'a slot had more or fewer than one winner');

  // --- reminders
  const due = await Promise.all(Array.from({ length: REMINDED }, (_, i) => account(i % 2 ? b.url : a.url, 'customer')));
  const before = Number((await db.query('select coalesce(max(id), 0) m from notifications')).rows[0].m);
  const advanceMs = 25 * DAY_MS; // 5 days before the end of the paid month: inside the reminder window
  const clocks = await Promise.all([a, b].map((s) => call(s.url, '/api/dev/clock', { json: { advanceMs } })));
  check(
    clocks.every((c) => c.status === 200),
    'clock not moved',
  );
  console.log(
    `reminders: ${REMINDED} customers 5 days from the end of their month on both clocks; waiting for both processes' jobs (65 s)…`,
  );
  await sleep(65_000);
  const perUser = (
    await db.query(
      `select u.id, (select count(*) from notifications n where n.recipient = u.email and n.id > $2) sent,
              (select count(*) from subscription_reminders r where r.user_id = u.id) claimed
       from users u where u.id = any($1)`,
      [due.map((d) => d.userId), before],
    )
  ).rows.map((r) => ({ sent: Number(r.sent), claimed: Number(r.claimed) }));
  const once = perUser.filter((r) => r.sent === 1 && r.claimed === 1).length;
  const twice = perUser.filter((r) => r.sent > 1).length;
  const none = perUser.filter((r) => r.sent === 0).length;
  console.log(`  reminded exactly once: ${once}/${REMINDED}; more than once: ${twice}; not at all: ${none}`);
  check(once === REMINDED, 'reminders not sent exactly once');
} finally {
  await db.end();
  a.proc.kill('SIGTERM');
  b.proc.kill('SIGTERM');
  await Promise.all([a.exited, b.exited]);
  await database.drop();
}
console.log(problems.length ? `PROBLEMS (${problems.length}):\n  ${problems.join('\n  ')}` : 'problems found: 0');
process.exit(problems.length ? 1 : 0);
