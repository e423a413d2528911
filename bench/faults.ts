/**
 * Faults: real server processes on a throw-away PostgreSQL cluster of
 * their own (so stopping the database disturbs nobody), and on embedded PGlite.
 *
 *  1. kill -9 in the middle of complete-registration, a booking and a payout action, at a random
 *     point, ROUNDS times each; after each restart the database must hold the whole change or none
 *     of it, the same request is replayed, and afterwards exactly one of everything exists.
 *  2. The database stopped: every API call answers 503 with a message, /api/health says so, and the
 *     same process recovers when PostgreSQL is back.
 *  3. SIGTERM with sign-ins running and a stuck connection: running requests finish, new
 *     connections are refused, the process exits within 10 s.
 *  4. PGlite: kill -9 during a stream of sign-ups, restart, every acknowledged account is there.
 *
 *   npm run bench:faults                 # 20 rounds of each operation (60 kills), 5 PGlite kills
 *   npm run bench:faults -- --rounds 5 --pglite-kills 2
 *
 * Needs PostgreSQL 15 binaries (/usr/lib/postgresql/15/bin) and a `postgres` OS user. Ports 3800–3809, 5499.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  account,
  adminToken,
  call,
  completeRegistration,
  count,
  dayAhead,
  kill9,
  openAllWeek,
  pgClient,
  signUpPaid,
  signupBody,
  sleep,
  startServer,
  throwawayPostgres,
  type ApiServer,
} from './lib/procs.ts';
import { arg } from './lib/args.ts';

const ROUNDS = Number(arg('rounds', '20'));
const PGLITE_KILLS = Number(arg('pglite-kills', '5'));
const PORT = 3800;
const PG_PORT = 5499;
const rand = (max: number) => Math.floor(Math.random() * max);
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

async function killRounds(pgUrl: string) {
  const env = { DATABASE_URL: pgUrl };
  let server = await startServer(PORT, env);
  const db = await pgClient(pgUrl);
  const admin = await adminToken(server.url);
  const affiliate = await call(server.url, '/api/affiliate-signup', {
    json: {
      firstName: 'Kofi',
      lastName: 'Refer',
      email: `rel-aff-${Date.now()}@example.com`,
      phone: `050${String(Date.now() % 1e7).padStart(7, '0')}`,
      password: 'affiliate-pass-1',
      location: 'Accra',
      payoutMethod: 'mobile-money',
      momoNumber: '0559990001',
      agreeToTerms: true,
    },
  });
  if (affiliate.status !== 201) throw new Error(`affiliate ${affiliate.status} ${JSON.stringify(affiliate.body)}`);
  const referrerCode = affiliate.body.affiliate.referrerCode as string;
  const customer = await account(server.url, 'customer');
  const pro = await account(server.url, 'professional');
  await openAllWeek(db);

  const stats = { kills: 0, answeredBeforeKill: 0, restartMs: [] as number[], replays: {} as Record<string, number> };
  const tally = (op: string, status: number) =>
    (stats.replays[`${op} ${status}`] = (stats.replays[`${op} ${status}`] ?? 0) + 1);
  let slotDay = 1;

  /** Fires `request`, kills the server after a random delay, restarts it. */
  async function killDuring(request: () => Promise<{ status: number }>, maxDelayMs: number) {
    const pending = request();
    await sleep(rand(maxDelayMs));
    await kill9(server);
    stats.kills++;
    const answer = await pending;
    if (answer.status !== 0) stats.answeredBeforeKill++;
    const t0 = Date.now();
    server = await startServer(PORT, env);
    stats.restartMs.push(Date.now() - t0);
    return answer;
  }

  for (let round = 0; round < ROUNDS; round++) {
    // --- complete-registration of a referred customer: payment, subscription, activation, commission
    const s = await signUpPaid(server.url, 'customer', { referrerCode });
    const ack = await killDuring(() => completeRegistration(server.url, s.userId, s.reference), 40);
    const state = async () => ({
      payment: (await db.query('select status from payments where reference = $1', [s.reference])).rows
        .map((r) => r.status)
        .join(','),
      subs: await count(db, 'select count(*) n from subscriptions where user_id = $1', [s.userId]),
      commissions: await count(db, 'select count(*) n from affiliate_commissions where referred_user_id = $1', [
        s.userId,
      ]),
      status: (await db.query('select status from users where id = $1', [s.userId])).rows[0].status,
    });
    const before = await state();
    const whole =
      before.payment === 'success' && before.subs === 1 && before.commissions === 1 && before.status === 'active';
    const none =
      before.payment === 'initialized' && before.subs === 0 && before.commissions === 0 && before.status === 'pending';
    check(whole || none, `registration ${s.userId} half-written after kill: ${JSON.stringify(before)}`);
    check(ack.status !== 200 || whole, `registration ${s.userId} acknowledged but lost`);
    const replay = await completeRegistration(server.url, s.userId, s.reference);
    tally('complete-registration replay', replay.status);
    const again = await completeRegistration(server.url, s.userId, s.reference);
    tally('complete-registration again', again.status);
    const after = await state();
    check(
      after.payment === 'success' && after.subs === 1 && after.commissions === 1 && after.status === 'active',
      `registration ${s.userId} after replay: ${JSON.stringify(after)}`,
    );

    // --- a booking
    const date = dayAhead(++slotDay);
    const time = ['08:00', '09:00', '10:00', '11:00', '12:00'][rand(5)];
    const slot = () =>
      count(
        db,
        "select count(*) n from bookings where professional_id = $1 and date = $2 and time = $3 and status in ('pending','confirmed')",
        [pro.userId, date, time],
      );
    const book = () =>
      call(server.url, '/api/bookings', {
        token: customer.token,
        json: { professionalId: pro.userId, date, time, description: `fault round ${round} end` },
      });
    const bookAck = await killDuring(book, 30);
    const n = await slot();
    check(n <= 1, `booking ${date} ${time}: ${n} open bookings after kill`);
    check(bookAck.status !== 201 || n === 1, `booking ${date} ${time} acknowledged but lost`);
    const rebook = await book();
    tally('booking replay', rebook.status);
    check(
      rebook.status === (n === 1 ? 409 : 201),
      `booking replay answered ${rebook.status} with ${n} booking(s) present`,
    );
    check((await slot()) === 1, `booking ${date} ${time}: not exactly one after replay`);

    // --- a payout action: approve (pending → processing) on even rounds, complete on odd ones
    const credit = await call(server.url, '/api/dev/affiliate-credit', {
      json: { email: affiliate.body.user.email, amount: 250 },
    });
    if (credit.status !== 200) throw new Error(`credit ${credit.status}`);
    const requested = await call(server.url, '/api/affiliate/payouts', { token: affiliate.body.token, json: {} });
    if (requested.status !== 201)
      throw new Error(`payout request ${requested.status} ${JSON.stringify(requested.body)}`);
    const payoutId = requested.body.payout.id as number;
    const action = round % 2 === 0 ? 'approve' : 'complete';
    if (action === 'complete') {
      const approved = await call(server.url, `/api/admin/payouts/${payoutId}/approve`, {
        method: 'PUT',
        token: admin,
        json: {},
      });
      if (approved.status !== 200) throw new Error(`approve ${approved.status} ${JSON.stringify(approved.body)}`);
    }
    const from = action === 'approve' ? 'pending' : 'processing';
    const to = action === 'approve' ? 'processing' : 'completed';
    const move = () =>
      call(server.url, `/api/admin/payouts/${payoutId}/${action}`, { method: 'PUT', token: admin, json: {} });
    const audits = () =>
      count(db, "select count(*) n from admin_audit_log where target_type like '%payout%' and target_id = $1", [
        String(payoutId),
      ]);
    const auditBase = action === 'approve' ? 0 : 1;
    const moveAck = await killDuring(move, 30);
    const status = (await db.query('select status from affiliate_payouts where id = $1', [payoutId])).rows[0].status;
    const audited = (await audits()) - auditBase;
    check(
      (status === to && audited === 1) || (status === from && audited === 0),
      `payout ${payoutId} half-written: ${status} with ${audited} audit entries`,
    );
    check(moveAck.status !== 200 || status === to, `payout ${payoutId} ${action} acknowledged but lost`);
    const remove = await move();
    tally(`payout ${action} replay`, remove.status);
    check(remove.status === (status === to ? 409 : 200), `payout replay answered ${remove.status} when ${status}`);
    const finalStatus = (await db.query('select status from affiliate_payouts where id = $1', [payoutId])).rows[0]
      .status;
    check(finalStatus === to && (await audits()) - auditBase === 1, `payout ${payoutId} after replay: ${finalStatus}`);
  }

  // Duplicates anywhere, not only in the rows we looked at.
  const duplicates = {
    subscriptionsPerPayment: await count(
      db,
      'select count(*) n from (select payment_id from subscriptions group by payment_id having count(*) > 1) d',
    ),
    commissionsPerReferral: await count(
      db,
      'select count(*) n from (select referred_user_id from affiliate_commissions group by referred_user_id having count(*) > 1) d',
    ),
    openBookingsPerSlot: await count(
      db,
      "select count(*) n from (select professional_id, date, time from bookings where status in ('pending','confirmed') group by 1,2,3 having count(*) > 1) d",
    ),
    activeUsersWithoutSubscription: await count(
      db,
      "select count(*) n from users u where status = 'active' and user_type in ('customer','professional') and email not like 'referred-%@example.invalid' and not exists (select 1 from subscriptions s where s.user_id = u.id)",
    ),
    // Not a duplicate: the request email is queued after the booking commits (ARCHITECTURE
    // "Notifications"), so a kill between the two loses it. Printed as a figure, not failed.
    bookingsWithoutRequestEmail: await count(
      db,
      "select count(*) n from bookings b join users p on p.id = b.professional_id where b.description like 'fault round%' and not exists (select 1 from notifications n where n.recipient = p.email and n.body like '%' || b.description || '%')",
    ),
  };
  await db.end();
  return { server, stats, duplicates };
}

async function databaseStopped(cluster: ReturnType<typeof throwawayPostgres>, server: ApiServer) {
  const pid = server.proc.pid;
  const user = await account(server.url, 'customer');
  cluster.stop('fast');
  const stoppedAt = Date.now();
  const answers: Record<string, string> = {};
  for (const [name, path, opts] of [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/plans', '/api/plans', {}],
    ['POST /api/auth/login', '/api/auth/login', { json: { email: user.body.email, password: user.body.password } }],
    ['GET /api/bookings', '/api/bookings', { token: user.token }],
    ['POST /api/signup', '/api/signup', { json: signupBody('customer') }],
  ] as const) {
    const t0 = Date.now();
    const res = await call(server.url, path, opts as never);
    answers[name] = `${res.status} in ${Date.now() - t0} ms: ${res.body?.message}`;
  }
  const downFor = Date.now() - stoppedAt;
  cluster.start();
  const backAt = Date.now();
  let healthyAfter = -1;
  for (let i = 0; i < 200; i++) {
    if ((await call(server.url, '/api/health')).status === 200) {
      healthyAfter = Date.now() - backAt;
      break;
    }
    await sleep(100);
  }
  const login = await call(server.url, '/api/auth/login', {
    json: { email: user.body.email, password: user.body.password },
  });
  return {
    answers,
    downFor,
    healthyAfterMs: healthyAfter,
    loginAfterRecovery: login.status,
    sameProcess: server.proc.exitCode === null && server.proc.pid === pid,
  };
}

async function sigterm(pgUrl: string, withStuckClient: boolean) {
  const server = await startServer(PORT + 1, { DATABASE_URL: pgUrl });
  const user = await account(server.url, 'customer');
  // A client that opens a connection and sends nothing, or (withStuckClient) half a request.
  const stuck = connect(server.port, '127.0.0.1');
  stuck.on('error', () => {});
  await new Promise((r) => stuck.once('connect', r));
  if (withStuckClient)
    stuck.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
  const inFlight = Array.from({ length: 10 }, () =>
    call(server.url, '/api/auth/login', { json: { email: user.body.email, password: user.body.password } }),
  );
  await sleep(150); // the sign-ins are being hashed (argon2) when the signal comes
  const t0 = Date.now();
  server.proc.kill('SIGTERM');
  await sleep(100);
  // A new connection (not one of fetch's kept-alive sockets, which may still carry a request).
  const after = await new Promise<{ status: number; body: { error: string } }>((resolve) => {
    const probe = connect(server.port, '127.0.0.1');
    probe.once('connect', () => (probe.destroy(), resolve({ status: 1, body: { error: 'accepted' } })));
    probe.once('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: { error: err.code ?? String(err) } }),
    );
  });
  const results = await Promise.all(inFlight);
  const exit = await server.exited;
  stuck.destroy();
  check(
    exit.code === 0 && after.status === 0 && results.every((r) => r.status === 200),
    `SIGTERM: exit ${exit.code}, new connection ${after.body.error}, in-flight ${results.map((r) => r.status)}`,
  );
  const byStatus: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 0 ? `no answer (${r.body.error})` : String(r.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    inFlight: byStatus,
    newConnectionAfterSigterm: after.status === 0 ? `refused (${after.body.error})` : 'accepted',
    exitMs: exit.at - t0,
    exit: exit.code ?? exit.signal,
  };
}

async function pgliteDurability() {
  const dir = mkdtempSync(join(tmpdir(), 'rel-pglite-'));
  const env = { DATA_DIR: dir };
  const acknowledged: string[] = [];
  const rounds: string[] = [];
  let server = await startServer(PORT + 2, env);
  try {
    for (let k = 0; k < PGLITE_KILLS; k++) {
      let running = true;
      const writers = Array.from({ length: 4 }, async () => {
        while (running) {
          const body = signupBody('customer');
          const res = await call(server.url, '/api/signup', { json: body });
          if (res.status === 201) acknowledged.push(body.email);
          else if (res.status === 0) break;
        }
      });
      await sleep(800 + rand(1500));
      await kill9(server);
      running = false;
      await Promise.all(writers);
      const t0 = Date.now();
      server = await startServer(PORT + 2, env);
      rounds.push(`kill ${k + 1}: ${acknowledged.length} acknowledged so far, restarted in ${Date.now() - t0} ms`);
    }
    // The API tells us which accounts exist: a sign-up with a taken email answers 409.
    let missing = 0;
    for (const email of acknowledged) {
      const res = await call(server.url, '/api/signup', { json: { ...signupBody('customer'), email } });
      if (res.status !== 409) missing++;
    }
    return { kills: PGLITE_KILLS, acknowledged: acknowledged.length, missingAfterRestart: missing, rounds };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const cluster = throwawayPostgres(PG_PORT);
try {
  const pgUrl = await cluster.createDatabase('rel_faults');
  console.log(
    `kill -9 during complete-registration, booking and payout action: ${ROUNDS} rounds each (PostgreSQL ${PG_PORT})`,
  );
  const t0 = Date.now();
  const { server, stats, duplicates } = await killRounds(pgUrl);
  const restart = [...stats.restartMs].sort((a, b) => a - b);
  console.log(
    `  kills: ${stats.kills} (answered before the kill: ${stats.answeredBeforeKill}), ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(`  restart to healthy: median ${restart[Math.floor(restart.length / 2)]} ms, max ${restart.at(-1)} ms`);
  console.log('  replays:', stats.replays);
  console.log('  duplicates / orphans found:', duplicates);

  console.log('database stopped (pg_ctl stop -m fast), then started again:');
  console.log(' ', await databaseStopped(cluster, server));
  server.proc.kill('SIGTERM');
  await server.exited;

  console.log('SIGTERM with 10 sign-ins running and a client connected that sends nothing:');
  console.log(' ', await sigterm(pgUrl, false));
  console.log('SIGTERM with 10 sign-ins running and a client stuck half-way through its request:');
  const stuck = await sigterm(pgUrl, true);
  console.log(' ', stuck);
  check(stuck.exitMs < 10_000, `SIGTERM exit took ${stuck.exitMs} ms`);
} finally {
  cluster.destroy();
}

console.log(`PGlite: kill -9 during sign-ups (4 writers), ${PGLITE_KILLS} times:`);
console.log(' ', await pgliteDurability());

console.log(problems.length ? `PROBLEMS (${problems.length}):\n  ${problems.join('\n  ')}` : 'problems found: 0');
process.exit(problems.length ? 1 : 0);
