/**
 * Chaos: providers that hang, a database restart. Two API processes on a throw-away PostgreSQL
 * cluster of their own, with local fake providers (Arkesel SMS and WhatsApp Cloud API in
 * api/test/fake-messaging.ts, Paystack in api/test/fake-paystack.ts, and a push service here),
 * each behind a chaos proxy that, when told to, hangs a request (accepts it and never answers),
 * fails it (503) or slows it down (2–8 s) at random. Clients sign up (paying at the fake Paystack),
 * book a professional, chat, have the professional accept, sign in, and hold live-update streams
 * on both processes, in three phases:
 *
 *  1. baseline: providers healthy;
 *  2. faults: providers hang, fail and slow down at random, and PostgreSQL is restarted once
 *     (pg_ctl restart -m fast) half-way through;
 *  3. recovery: providers healthy again; only sign-ins go on while the outbox drains (bounded).
 *     Rows waiting on their retry back-off are made due by moving both processes' clocks forward
 *     (POST /api/dev/clock, NODE_ENV=test): the back-off is the product's choice, a lost message is not.
 *
 * It prints: writes lost (every write answered 2xx is in the database afterwards; goal 0),
 * notifications delivered at least once (rows queued up to the end of the faults against what the
 * fake providers received, per channel; goal 100%), sign-in p99 during provider faults against the
 * baseline (goal ≤ 1.5×) and live-update p99 during the faults (write sent → frame read on another
 * user's stream on the other process; goal ≤ 1 s). The few seconds around the database restart are
 * left out of those two goals and printed on their own line.
 *
 *   npm run bench:chaos                      # 10 minutes in all
 *   npm run bench:chaos -- --seconds 90      # a short look (or CHAOS_SECONDS=90)
 *
 * Needs PostgreSQL 15 binaries (/usr/lib/postgresql/15/bin) and a `postgres` OS user; the cluster
 * lives in a temp folder and is removed at the end, also on Ctrl+C. Ports 3870, 3871 and 5498.
 * Exits 1 when a goal is missed.
 */
import { request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventStream, eventTicket, type UserEvent } from '../contract/events.ts';
import { TIME_SLOTS } from '../contract/bookings.ts';
import { moveClock } from '../contract/dev.ts';
import { pushShown, subscribePush } from '../contract/push.ts';
import type { PaymentIntent } from '../contract/payments.ts';
import { startFakeMessaging } from '../api/test/fake-messaging.ts';
import { paystackEnv, startFakePaystack } from '../api/test/fake-paystack.ts';
import { fakePhone } from '../api/test/push-phone.ts';
import { LOCAL_PUSH_PATH } from '../api/src/features/dev/index.ts';
import { arg } from './lib/args.ts';
import { machineLine } from './lib/machine.ts';
import {
  call,
  completeRegistration,
  dayAhead,
  openAllWeek,
  percentile,
  pgClient,
  signupBody,
  sleep,
  startServer,
  throwawayPostgres,
  type ApiServer,
} from './lib/procs.ts';
import { SseStream, type SseFrame } from './lib/sse.ts';

const SECONDS = Number(arg('seconds', process.env.CHAOS_SECONDS ?? '600'));
const PORTS = [3870, 3871];
const PG_PORT = 5498;
const PROS = 4;
const FIRST_CUSTOMERS = 6;
/** A new customer signs up this often (sign-ups per address are limited to 300 an hour). */
const SIGNUP_EVERY_MS = 4000;
/** A booking request this often, each followed by a chat message and the professional's answer. */
const BOOKING_EVERY_MS = 1200;
const SIGNIN_LOOPS = 2;
/** While faults are on: the share of provider requests hung, failed and slowed. */
const FAULTS = { hang: 0.2, fail: 0.2, slow: 0.2, slowMs: [2000, 8000] };
const GOAL = { lost: 0, delivered: 1, signinRatio: 1.5, liveP99Ms: 1000 };
/** Samples this close after the database restart (before and until back + this) are left out of the goals. */
const RESTART_MARGIN_MS = 5000;

if (!(SECONDS >= 30)) throw new Error('--seconds must be at least 30');

type Phase = 'setup' | 'baseline' | 'faults' | 'recovery';
let phase: Phase = 'setup';
const t0 = Date.now();
const deadline = t0 + SECONDS * 1000;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const fmtMs = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'never');

// ---------- chaos proxy and the fake push service

type Fault = 'hung' | 'failed' | 'slowed' | 'passed';
interface ChaosProxy {
  name: string;
  base: string;
  faulty: boolean;
  counts: Record<Phase, Record<Fault, number>>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });

/** An HTTP proxy on loopback in front of `target`: passes requests through, or, while `faulty`, hangs, fails or slows some. */
async function chaosProxy(name: string, target: string): Promise<ChaosProxy> {
  const to = new URL(target);
  const zero = (): Record<Fault, number> => ({ hung: 0, failed: 0, slowed: 0, passed: 0 });
  const proxy: ChaosProxy = {
    name,
    base: '',
    faulty: false,
    counts: { setup: zero(), baseline: zero(), faults: zero(), recovery: zero() },
    close: async () => {},
  };
  const server = createServer(async (req, res: ServerResponse) => {
    res.on('error', () => {});
    const roll = proxy.faulty ? Math.random() : 1;
    const tally = proxy.counts[phase];
    if (roll < FAULTS.hang) {
      tally.hung++;
      req.resume(); // accepted, read, and never answered
      return;
    }
    const body = await readBody(req);
    if (roll < FAULTS.hang + FAULTS.fail) {
      tally.failed++;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: 'Service temporarily unavailable' }));
      return;
    }
    if (roll < FAULTS.hang + FAULTS.fail + FAULTS.slow) {
      tally.slowed++;
      const [min, max] = FAULTS.slowMs;
      await sleep(min + Math.random() * (max - min));
    } else tally.passed++;
    // Passed on even when the caller gave up meanwhile: a slow provider still did the work.
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    upstream.end(body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/**
 * A push service (RFC 8030) on loopback, at the local push service's path (the servers take it as
 * one of theirs through PUSH_LOCAL_ORIGINS): every POST {LOCAL_PUSH_PATH}/{channel} is kept (its
 * body as base64url) and answered 201.
 */
async function startFakePushService(onMessage: (channel: string, body: string) => void) {
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = req.url ?? '';
    const match = url.startsWith(`${LOCAL_PUSH_PATH}/`)
      ? /^([\w-]{1,100})$/.exec(url.slice(LOCAL_PUSH_PATH.length + 1))
      : null;
    if (req.method !== 'POST' || !match) {
      res.writeHead(404);
      res.end();
      return;
    }
    onMessage(match[1], body.toString('base64url'));
    res.writeHead(201);
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------- what the clients saw

interface Person {
  userId: number;
  email: string;
  password: string;
  userType: 'customer' | 'professional';
  token: string;
  /** Booking requests made (customers; at most 3, within the product's limits per customer). */
  booked: number;
}
/** A write the server acknowledged with 2xx, to look for in the database afterwards. */
type Ack =
  | { kind: 'sign-up'; id: number }
  | { kind: 'activation'; id: number }
  | { kind: 'booking'; id: number }
  | { kind: 'acceptance'; id: number }
  | { kind: 'chat message'; id: number };
const acks: Ack[] = [];
const answers: Record<Phase, Record<string, number>> = { setup: {}, baseline: {}, faults: {}, recovery: {} };
/** The first message of each refusal (`what status`), to print beside the counts. */
const refusals = new Map<string, string>();
const tallyAnswer = (what: string, status: number, body?: unknown) => {
  const key = `${what} ${status || 'no answer'}`;
  answers[phase][key] = (answers[phase][key] ?? 0) + 1;
  if ((status < 200 || status > 299) && !refusals.has(key)) {
    const b = body as { message?: string; error?: string } | undefined;
    refusals.set(key, String(b?.message ?? b?.error ?? '').slice(0, 160));
  }
};
interface Sample {
  phase: Phase;
  at: number;
  ms: number;
}
const signIns: (Sample & { ok: boolean })[] = [];
const completions: (Sample & { status: number })[] = [];
/** Live updates expected: `${recipient}:${type}:${id}` → when the write was sent, from which process. */
const expected = new Map<string, { phase: Phase; at: number; sentAt: number; server: number }>();
/** First arrival of each update on each process's streams (performance.now()). */
const arrivals = new Map<string, [number?, number?]>();
let restartWindow: [number, number] | null = null;

const people: Person[] = [];
const pros: Person[] = [];
const customers: Person[] = [];
const phones = new Map<string, ReturnType<typeof fakePhone>>();
const pushReceipts = new Map<string, number>();
const servers: ApiServer[] = [];
const other = (i: number) => 1 - i;

// ---------- the run

const cluster = throwawayPostgres(PG_PORT);
let cleaned = false;
let clusterGone = false;
const destroyCluster = () => {
  if (clusterGone) return;
  clusterGone = true;
  cluster.destroy();
};
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.race([Promise.all(servers.map((s) => s.exited)), sleep(10_000)]);
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  destroyCluster();
}
// Whatever ends the run (an error included), the servers and the cluster go with it.
process.on('exit', () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  destroyCluster();
});
process.on('unhandledRejection', (err) => {
  console.error('chaos bench failed:', err);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the servers and removing the database cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const messaging = await startFakeMessaging();
const paystack = await startFakePaystack();
/** A push message reached a phone: its receipt counts as delivered, and the phone says it showed it. */
const pushArrived = (channel: string, body: string) => {
  const phone = phones.get(channel);
  if (!phone) return;
  let receipt: string;
  try {
    receipt = phone.decrypt(body).receipt;
  } catch {
    return; // not for this phone's keys: not delivered
  }
  pushReceipts.set(receipt, (pushReceipts.get(receipt) ?? 0) + 1);
  // The phone's service worker says it showed the notification (so the step's text need not go).
  void call(servers[Math.floor(Math.random() * 2)].url, pushShown.path, { json: { receipt }, timeoutMs: 15_000 });
};
const pushService = await startFakePushService(pushArrived);
const proxies = {
  sms: await chaosProxy('SMS (Arkesel)', messaging.base),
  whatsapp: await chaosProxy('WhatsApp', messaging.base),
  push: await chaosProxy('push service', pushService.base),
  paystack: await chaosProxy('Paystack', paystack.apiBase),
};
const setFaults = (on: boolean) => {
  for (const p of Object.values(proxies)) p.faulty = on;
};

let exitCode = 1;
try {
  const pgUrl = await cluster.createDatabase('bench_chaos');
  const env = {
    DATABASE_URL: pgUrl,
    ...paystackEnv(paystack),
    PAYSTACK_API_BASE: proxies.paystack.base,
    SMS_API_BASE: proxies.sms.base,
    SMS_API_KEY: messaging.apiKey,
    SMS_SENDER_ID: 'ServiceGH',
    WHATSAPP_API_BASE: proxies.whatsapp.base,
    WHATSAPP_PHONE_NUMBER_ID: messaging.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: messaging.accessToken,
    WHATSAPP_TEMPLATE: 'service_update',
    // The fake push service behind its chaos proxy counts as a push service on this machine.
    PUSH_LOCAL_ORIGINS: proxies.push.base,
  };
  // One after the other: the first builds the site if it is not built yet (two builds at once collide).
  for (const port of PORTS) servers.push(await startServer(port, env, 300_000));
  console.log(`chaos · ${machineLine()}`);
  console.log(
    `two processes (:${PORTS.join(', :')}) on a PostgreSQL 15 cluster of their own (:${PG_PORT}); fake SMS, WhatsApp, push and Paystack behind chaos proxies; ${SECONDS} s in all`,
  );

  // --- people: professionals (half with a phone for notifications) and the first customers
  const signUp = async (userType: Person['userType'], server: number): Promise<Person | null> => {
    const base = servers[server].url;
    const body = signupBody(userType);
    const res = await call(base, '/api/signup', { json: body });
    tallyAnswer('sign-up', res.status, res.body);
    if (res.status !== 201) return null;
    const userId = res.body.user.id as number;
    acks.push({ kind: 'sign-up', id: userId });
    const payment = res.body.payment as PaymentIntent;
    paystack.charge({
      reference: payment.reference,
      amount: payment.amountKobo,
      email: body.email,
      metadata: payment.metadata,
    });
    // As a person would: press again after an error, up to three times.
    for (let attempt = 0; attempt < 3; attempt++) {
      const start = performance.now();
      const done = await completeRegistration(base, userId, payment.reference, 30_000, payment.completionSecret);
      completions.push({ phase, at: Date.now(), ms: performance.now() - start, status: done.status });
      tallyAnswer('complete-registration', done.status, done.body);
      if (done.status === 200 && done.body.token) {
        acks.push({ kind: 'activation', id: userId });
        return {
          userId,
          email: body.email,
          password: body.password,
          userType,
          token: done.body.token,
          booked: 0,
        };
      }
      await sleep(2000);
    }
    return null;
  };
  const givePhone = async (person: Person, server: number): Promise<void> => {
    const channel = `u${person.userId}`;
    // The fake push service behind its chaos proxy: one of the servers' own (PUSH_LOCAL_ORIGINS).
    const phone = fakePhone(`${proxies.push.base}${LOCAL_PUSH_PATH}/${channel}`);
    phones.set(channel, phone);
    let res = await call(servers[server].url, subscribePush.path, {
      token: person.token,
      json: { ...phone.subscription, device: 'Bench phone' },
    });
    // As the page would: once more a little later when the server could not answer.
    for (let attempt = 0; attempt < 5 && (res.status === 0 || res.status >= 500); attempt++) {
      await sleep(2000);
      res = await call(servers[server].url, subscribePush.path, {
        token: person.token,
        json: { ...phone.subscription, device: 'Bench phone' },
      });
    }
    tallyAnswer('push subscription', res.status, res.body);
    if (res.status !== 201) throw new Error(`push subscription ${res.status} ${JSON.stringify(res.body)}`);
  };

  // Each person's live updates: a stream on each process, reconnected with `after=` when it ends.
  let streamsOpen = true;
  const streams = new Set<SseStream>();
  const onEvent = (person: Person, server: number) => (frame: SseFrame) => {
    if (!frame.data) return;
    let event: UserEvent;
    try {
      event = JSON.parse(frame.data) as UserEvent;
    } catch {
      return;
    }
    const id =
      event.type === 'chat.message'
        ? event.messageId
        : event.type.startsWith('booking.')
          ? (event as { bookingId: number }).bookingId
          : null;
    if (id === null) return;
    const key = `${person.userId}:${event.type}:${id}`;
    const seen = arrivals.get(key) ?? [];
    if (seen[server] === undefined) seen[server] = frame.at;
    arrivals.set(key, seen);
  };
  const follow = async (person: Person, server: number) => {
    let after: string | undefined;
    while (streamsOpen) {
      const base = servers[server].url;
      const ticket = await call(base, eventTicket.path, { token: person.token, json: {}, timeoutMs: 10_000 });
      if (ticket.status !== 200) {
        await sleep(1000);
        continue;
      }
      const query = `ticket=${encodeURIComponent(ticket.body.ticket)}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      try {
        const stream = await SseStream.open(`${base}${eventStream.path}?${query}`, onEvent(person, server));
        streams.add(stream);
        await stream.done;
        streams.delete(stream);
        after = stream.lastId ?? after;
      } catch {
        // refused or cut before it opened
      }
      if (streamsOpen) await sleep(500);
    }
  };
  const following: Promise<void>[] = [];
  const join = (person: Person, withPhone: boolean, server: number) => {
    people.push(person);
    (person.userType === 'professional' ? pros : customers).push(person);
    following.push(follow(person, 0), follow(person, 1));
    return withPhone ? givePhone(person, server) : undefined;
  };

  for (let i = 0; i < PROS; i++) {
    const pro = await signUp('professional', i % 2);
    if (!pro) throw new Error('a professional could not sign up');
    await join(pro, i % 2 === 0, i % 2);
  }
  const db = await pgClient(pgUrl);
  await openAllWeek(db);
  await db.end();
  for (let i = 0; i < FIRST_CUSTOMERS; i++) {
    const customer = await signUp('customer', i % 2);
    if (!customer) throw new Error('a customer could not sign up');
    await join(customer, i % 2 === 1, i % 2);
  }
  const signInAccounts = [...people];

  // --- phases
  const setupMs = Date.now() - t0;
  const left = deadline - Date.now() - 15_000; // kept for the checks and the clean-up
  if (left < 20_000)
    throw new Error(`set-up took ${Math.round(setupMs / 1000)} s: too little time left; give more --seconds`);
  const baselineMs = Math.round(left * 0.25);
  const faultsMs = Math.round(left * 0.45);
  const recoveryMs = left - baselineMs - faultsMs;
  const baselineEnd = Date.now() + baselineMs;
  const faultsEnd = baselineEnd + faultsMs;
  const recoveryEnd = faultsEnd + recoveryMs;
  console.log(
    `set-up ${Math.round(setupMs / 1000)} s (${PROS} professionals, ${FIRST_CUSTOMERS} customers); baseline ${Math.round(baselineMs / 1000)} s, faults ${Math.round(faultsMs / 1000)} s (PostgreSQL restarted half-way), recovery up to ${Math.round(recoveryMs / 1000)} s`,
  );

  const writing = () => Date.now() < faultsEnd;
  const inFlight = new Set<Promise<void>>();

  const signUpLoop = async () => {
    let n = 0;
    while (writing()) {
      const next = Date.now() + SIGNUP_EVERY_MS;
      const server = n++ % 2;
      try {
        const customer = await signUp('customer', server);
        if (customer) await join(customer, n % 3 === 0, server);
      } catch (err) {
        console.log(`  a sign-up failed: ${(err as Error).message}`);
      }
      await sleep(Math.max(0, next - Date.now()));
    }
  };

  let slot = 0;
  const book = async () => {
    const customer = customers.find((c) => c.booked < 3);
    if (!customer) return;
    customer.booked++;
    const k = slot++;
    const pro = pros[k % PROS];
    const j = Math.floor(k / PROS);
    const date = dayAhead(1 + Math.floor(j / TIME_SLOTS.length));
    const time = TIME_SLOTS[j % TIME_SLOTS.length];
    const server = k % 2;
    let sentAt = performance.now();
    let startedAt = Date.now();
    const bookedAt = phase;
    const res = await call(servers[server].url, '/api/bookings', {
      token: customer.token,
      json: { professionalId: pro.userId, date, time, description: `Chaos bench booking ${k}` },
    });
    tallyAnswer('booking', res.status, res.body);
    if (res.status !== 201) return;
    const bookingId = res.body.booking.id as number;
    acks.push({ kind: 'booking', id: bookingId });
    expected.set(`${pro.userId}:booking.created:${bookingId}`, { phase: bookedAt, at: startedAt, sentAt, server });

    await sleep(1000);
    const chatServer = other(server);
    sentAt = performance.now();
    startedAt = Date.now();
    const chatPhase = phase;
    const msg = await call(servers[chatServer].url, `/api/bookings/${bookingId}/messages`, {
      token: customer.token,
      json: { body: `Hello, is ${time} still fine? (${k})` },
    });
    tallyAnswer('chat message', msg.status, msg.body);
    if (msg.status === 201) {
      acks.push({ kind: 'chat message', id: msg.body.message.id });
      expected.set(`${pro.userId}:chat.message:${msg.body.message.id}`, {
        phase: chatPhase,
        at: startedAt,
        sentAt,
        server: chatServer,
      });
    }

    await sleep(1000);
    sentAt = performance.now();
    startedAt = Date.now();
    const acceptPhase = phase;
    const accepted = await call(servers[server].url, `/api/bookings/${bookingId}/accept`, {
      token: pro.token,
      json: {},
    });
    tallyAnswer('acceptance', accepted.status, accepted.body);
    if (accepted.status === 200) {
      acks.push({ kind: 'acceptance', id: bookingId });
      expected.set(`${customer.userId}:booking.accepted:${bookingId}`, {
        phase: acceptPhase,
        at: startedAt,
        sentAt,
        server,
      });
    }
  };
  const bookingLoop = async () => {
    while (writing()) {
      if (inFlight.size < 8) {
        const flow = book().catch((err) => console.log(`  booking flow failed: ${err}`));
        inFlight.add(flow);
        void flow.finally(() => inFlight.delete(flow));
      }
      await sleep(BOOKING_EVERY_MS);
    }
    await Promise.all(inFlight);
  };

  const signInLoop = async (loop: number) => {
    let n = loop;
    while (Date.now() < recoveryEnd && !drained) {
      const person = signInAccounts[n % signInAccounts.length];
      const server = n++ % 2;
      const start = performance.now();
      const at = Date.now();
      const res = await call(servers[server].url, '/api/auth/login', {
        json: { loginMethod: 'email', email: person.email, password: person.password, accountType: person.userType },
        timeoutMs: 60_000,
      });
      tallyAnswer('sign-in', res.status, res.body);
      signIns.push({ phase: phaseOf(at), at, ms: performance.now() - start, ok: res.status === 200 });
      await sleep(250);
    }
  };

  function phaseOf(at: number): Phase {
    return at < baselineEnd ? 'baseline' : at < faultsEnd ? 'faults' : 'recovery';
  }

  let drained = false;
  let drainedAfterMs = NaN;
  let clockMovedMs = 0;
  let cutoffId = 0;

  const chaos = async () => {
    phase = 'baseline';
    await sleep(baselineEnd - Date.now());
    phase = 'faults';
    setFaults(true);
    console.log(
      `faults on at +${Math.round((Date.now() - t0) / 1000)} s: each provider request hung ${FAULTS.hang * 100}%, failed ${FAULTS.fail * 100}%, slowed ${FAULTS.slowMs[0] / 1000}–${FAULTS.slowMs[1] / 1000} s ${FAULTS.slow * 100}%`,
    );
    await sleep(faultsMs / 2);
    const restartAt = Date.now();
    await cluster.restart('fast');
    const backAt = Date.now();
    restartWindow = [restartAt - RESTART_MARGIN_MS, backAt + RESTART_MARGIN_MS];
    console.log(
      `PostgreSQL restarted (pg_ctl restart -m fast) at +${Math.round((restartAt - t0) / 1000)} s: down for ${backAt - restartAt} ms`,
    );
    await sleep(faultsEnd - Date.now());
    setFaults(false);
    phase = 'recovery';
    console.log(`faults off at +${Math.round((Date.now() - t0) / 1000)} s; waiting for the outbox to drain`);
  };

  const loops = [
    chaos(),
    signUpLoop(),
    bookingLoop(),
    ...Array.from({ length: SIGNIN_LOOPS }, (_, i) => signInLoop(i)),
  ];
  await loops[0];
  await loops[1];
  await loops[2];

  // --- recovery: wait for every row queued so far on the fake providers' channels to be sent
  const check = await pgClient(pgUrl);
  try {
    cutoffId = Number((await check.query('select coalesce(max(id), 0) m from notifications')).rows[0].m);
    const recoveryStart = Date.now();
    while (Date.now() < recoveryEnd) {
      const { rows } = await check.query(
        `select count(*) n, max(next_attempt_at) latest, min(next_attempt_at) earliest from notifications
         where id <= $1 and status = 'pending' and channel in ('sms', 'whatsapp', 'push')`,
        [cutoffId],
      );
      if (Number(rows[0].n) === 0) {
        drained = true;
        drainedAfterMs = Date.now() - recoveryStart;
        break;
      }
      // Nothing due on the servers' clocks: the rest waits on its back-off; move both clocks to the earliest.
      const now = await call(servers[0].url, moveClock.path, { json: { advanceMs: 0 } });
      const serverNow = now.status === 200 ? Date.parse(now.body.now) : NaN;
      const earliest = new Date(rows[0].earliest).getTime();
      if (earliest > serverNow + 2000) {
        const advanceMs = Math.ceil(earliest - serverNow + 1000);
        await Promise.all(servers.map((s) => call(s.url, moveClock.path, { json: { advanceMs } })));
        clockMovedMs += advanceMs;
      }
      await sleep(2000);
    }
    streamsOpen = false;
    await Promise.all(loops.slice(3));
    await sleep(2000); // answers on their way from the providers to the fakes
    for (const s of streams) s.close();

    // --- figures
    const problems: string[] = [];
    const verdict = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
      return ok ? 'PASS' : 'FAIL';
    };

    console.log('\nanswers per phase:');
    for (const p of ['setup', 'baseline', 'faults', 'recovery'] as Phase[])
      console.log(
        `  ${p}: ${
          Object.entries(answers[p])
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ') || '–'
        }`,
      );
    for (const [key, message] of refusals) console.log(`  ${key}: ${message}`);
    console.log('provider requests during the faults (hung / failed 503 / slowed / passed):');
    for (const p of Object.values(proxies)) {
      const c = p.counts.faults;
      console.log(`  ${p.name}: ${c.hung} / ${c.failed} / ${c.slowed} / ${c.passed}`);
    }
    const completionMs = (p: Phase) => sorted(completions.filter((c) => c.phase === p).map((c) => c.ms));
    for (const p of ['baseline', 'faults'] as Phase[]) {
      const xs = completionMs(p);
      console.log(
        `complete-registration (verifies at Paystack) during ${p}: median ${fmtMs(percentile(xs, 50))}, p99 ${fmtMs(percentile(xs, 99))}, max ${fmtMs(xs.at(-1) ?? NaN)} (n=${xs.length})`,
      );
    }

    // Writes lost: every acknowledged write, looked for in the database.
    const ids = (kind: Ack['kind']) => acks.filter((a) => a.kind === kind).map((a) => a.id);
    const found = async (kind: Ack['kind'], sql: string) => {
      const want = ids(kind);
      const { rows } = await check.query(sql, [want]);
      const have = new Set(rows.map((r) => Number(r.id)));
      return { kind, acknowledged: want.length, lost: want.filter((id) => !have.has(id)).length };
    };
    const lostBy = [
      await found('sign-up', 'select id from users where id = any($1)'),
      await found('activation', "select id from users where id = any($1) and status = 'active'"),
      await found('booking', 'select id from bookings where id = any($1)'),
      await found('acceptance', "select id from bookings where id = any($1) and status in ('confirmed', 'completed')"),
      await found('chat message', 'select id from booking_messages where id = any($1)'),
    ];
    const lost = lostBy.reduce((s, x) => s + x.lost, 0);
    console.log(
      `\nwrites lost: ${lost} of ${acks.length} acknowledged (${lostBy.map((x) => `${x.kind} ${x.lost}/${x.acknowledged}`).join(', ')}) · goal ${GOAL.lost} · ${verdict(lost === GOAL.lost, 'writes lost')}`,
    );

    // Notifications: rows queued up to the end of the faults against what the fakes received.
    const received = {
      sms: new Map<string, number>(),
      whatsapp: new Map<string, number>(),
    };
    const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
    for (const m of messaging.sms) for (const r of m.recipients) bump(received.sms, `${r}|${m.message}`);
    for (const m of messaging.whatsapp) bump(received.whatsapp, `${m.to}|${m.parameters[0]}`);
    const { rows: queued } = await check.query(
      `select id, channel, recipient, body, receipt, status, last_error from notifications
       where id <= $1 and channel in ('sms', 'whatsapp', 'push') order by id`,
      [cutoffId],
    );
    console.log(
      `notifications queued up to the end of the faults, delivered at least once (the servers' clocks moved ${Math.round(clockMovedMs / 60_000)} min for back-offs; ${drained ? `drained ${Math.round(drainedAfterMs / 1000)} s into recovery` : 'NOT drained in time'}):`,
    );
    if (!drained) {
      const serverNow = await call(servers[0].url, moveClock.path, { json: { advanceMs: 0 } });
      const { rows: waiting } = await check.query(
        `select channel, attempts, next_attempt_at, step is not null as step, last_error from notifications
         where id <= $1 and status = 'pending' and channel in ('sms', 'whatsapp', 'push') order by next_attempt_at limit 5`,
        [cutoffId],
      );
      for (const r of waiting)
        console.log(
          `  still pending: ${r.channel}, ${r.attempts} attempt(s), due ${Math.round((new Date(r.next_attempt_at).getTime() - Date.parse(serverNow.body?.now)) / 1000)} s from the server's now${r.step ? ', waiting on its step' : ''}; last error: ${r.last_error ?? '–'}`,
        );
    }
    let allDelivered = true;
    for (const channel of ['sms', 'whatsapp', 'push'] as const) {
      const rows = queued.filter((r) => r.channel === channel);
      // Not sent by design: a text whose notification a phone showed, a chat notification the person read first.
      const byDesign = (r: { status: string; last_error: string | null }) =>
        r.status === 'skipped' &&
        /^(a phone showed the notification|the person read the chat)$/.test(r.last_error ?? '');
      const skipped = rows.filter(byDesign).length;
      const due = rows.filter((r) => !byDesign(r));
      let delivered = 0;
      for (const r of due) {
        if (channel === 'push') {
          if (pushReceipts.has(r.receipt)) delivered++;
          continue;
        }
        const to = String(r.recipient).replace(/^\+/, '');
        const text = channel === 'whatsapp' ? String(r.body).replace(/\s+/g, ' ').trim() : r.body;
        const key = `${to}|${text}`;
        const left = received[channel].get(key) ?? 0;
        if (left > 0) {
          received[channel].set(key, left - 1);
          delivered++;
        }
      }
      const byStatus: Record<string, number> = {};
      for (const r of due) {
        const key = r.status === 'skipped' ? `skipped: ${r.last_error}` : r.status;
        byStatus[key] = (byStatus[key] ?? 0) + 1;
      }
      const share = due.length ? delivered / due.length : 1;
      allDelivered &&= share >= GOAL.delivered;
      console.log(
        `  ${channel}: ${delivered}/${due.length} (${(share * 100).toFixed(1)}%) · rows ${JSON.stringify(byStatus)}, skipped by design ${skipped}`,
      );
    }
    console.log(`  goal 100% · ${verdict(allDelivered, 'notifications not delivered')}`);

    // Sign-in p99, faults against baseline, leaving out the database restart.
    const outsideRestart = (at: number) => !restartWindow || at < restartWindow[0] || at > restartWindow[1];
    const signInMs = (p: Phase, filter = outsideRestart) =>
      sorted(signIns.filter((s) => s.phase === p && filter(s.at)).map((s) => (s.ok ? s.ms : Math.max(s.ms, 60_000))));
    const base = signInMs('baseline');
    const faulty = signInMs('faults');
    const ratio = percentile(faulty, 99) / percentile(base, 99);
    const failedSignIns = signIns.filter(
      (s) => !s.ok && (s.phase === 'baseline' || s.phase === 'faults') && outsideRestart(s.at),
    ).length;
    console.log(
      `\nsign-in p99 during provider faults against the baseline: ${fmtMs(percentile(faulty, 99))} / ${fmtMs(percentile(base, 99))} = ${ratio.toFixed(2)}× (median ${fmtMs(percentile(faulty, 50))} / ${fmtMs(percentile(base, 50))}; n=${faulty.length} / ${base.length}; not 200: ${failedSignIns}, each counted as 60 s) · goal ≤ ${GOAL.signinRatio}× · ${verdict(ratio <= GOAL.signinRatio, 'sign-in p99 ratio')}`,
    );

    // Live updates during the faults: write sent → frame read on the other process's stream.
    const latency = (filter: (e: { phase: Phase; at: number }) => boolean) => {
      const xs: number[] = [];
      for (const [key, e] of expected) {
        if (!filter(e)) continue;
        const arrived = arrivals.get(key)?.[other(e.server)];
        xs.push(arrived === undefined ? Infinity : Math.max(0, arrived - e.sentAt));
      }
      return sorted(xs);
    };
    const describe = (xs: number[]) =>
      `p99 ${fmtMs(percentile(xs, 99))} (median ${fmtMs(percentile(xs, 50))}, n=${xs.length}, never arrived ${xs.filter((x) => !Number.isFinite(x)).length})`;
    const liveBase = latency((e) => e.phase === 'baseline');
    const liveFaults = latency((e) => e.phase === 'faults' && outsideRestart(e.at));
    const liveRestart = latency((e) => e.phase === 'faults' && !outsideRestart(e.at));
    console.log(`live-update latency in the baseline: ${describe(liveBase)}`);
    console.log(
      `live-update latency during the faults: ${describe(liveFaults)} · goal p99 ≤ ${GOAL.liveP99Ms} ms · ${verdict(percentile(liveFaults, 99) <= GOAL.liveP99Ms, 'live-update p99')}`,
    );
    const nearRestart = signIns.filter((x) => x.phase === 'faults' && !outsideRestart(x.at));
    const answeredNearRestart = sorted(nearRestart.filter((x) => x.ok).map((x) => x.ms));
    console.log(
      `around the PostgreSQL restart (±${RESTART_MARGIN_MS / 1000} s, not in the goals): live updates ${describe(liveRestart)}; sign-ins answered 200: ${answeredNearRestart.length}/${nearRestart.length}, p99 of those ${fmtMs(percentile(answeredNearRestart, 99))}`,
    );
    console.log(
      problems.length ? `\nFAIL: ${problems.join('; ')}` : '\nall goals met',
      `· ${Math.round((Date.now() - t0) / 1000)} s in all`,
    );
    exitCode = problems.length ? 1 : 0;
  } finally {
    await check.end();
  }
} finally {
  await cleanUp();
  await Promise.all([
    messaging.close(),
    paystack.close(),
    pushService.close(),
    ...Object.values(proxies).map((p) => p.close()),
  ]);
}
process.exit(exitCode);
