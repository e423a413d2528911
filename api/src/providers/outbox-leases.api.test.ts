import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { signUp, signUpAndPay } from '../../test/accounts.ts';
import { isEmbedded } from '../db.ts';
import { startTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import { createLogger } from '../logger.ts';
import {
  type DeliveryDeps,
  deliverNotifications,
  LEASE_MS,
  type Message,
  outboxNotifier,
  startNotificationWorker,
  type Transport,
} from './notifier.ts';
import type { ProviderGate } from './provider-observer.ts';
import { arkeselSmsTransport } from './sms.ts';

// ARCHITECTURE.md "Background work in tables": the outbox holds no transaction and no connection
// while it talks to a provider, a provider whose circuit is open only keeps its own rows waiting,
// and two workers never send a row twice while its lease holds (a lapsed lease is claimed again).
let app: TestApp;
useTestApp(async () => (app = await startTestApp()));
afterEach(() => app?.clock.reset());

const logger = createLogger('silent');
const notifier = () => outboxNotifier({ clock: app.clock });
const deliver = (transports: DeliveryDeps['transports'], more: Partial<DeliveryDeps> = {}) =>
  deliverNotifications({ db: app.db, clock: app.clock, logger, transports, ...more });
const rowOf = (to: string, channel = 'sms') => app.db('notifications').where({ recipient: to, channel }).first();

/** A transport that records what it delivered; `gate` as a provider client would carry it. */
const recording = (gate?: ProviderGate, delayMs = 0) => {
  const delivered: Message[] = [];
  const transport: Transport = {
    name: 'recording',
    gate,
    async deliver(message) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      delivered.push(message);
    },
  };
  return { delivered, transport };
};

/** A transport whose sends wait until the test ends them. */
const held = () => {
  const waiting: { message: Message; answer: (err?: Error) => void }[] = [];
  const arrived: (() => void)[] = [];
  const transport: Transport = {
    name: 'held',
    deliver: (message) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ message, answer: (err) => (err ? reject(err) : resolve()) });
        for (const wake of arrived.splice(0)) wake();
      }),
  };
  const sending = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (waiting.length >= n ? resolve() : arrived.push(check));
      check();
    });
  return { transport, waiting, sending };
};

/** An SMS gateway that takes the connection and never answers. */
async function silentGateway(): Promise<{ base: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let seen = 0;
  const server: Server = createServer((socket) => {
    seen++;
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const until = async (what: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

it('a gateway that never answers holds no transaction: a bystander signs in at once meanwhile', async () => {
  const { body } = await signUpAndPay(app);
  for (let i = 0; i < 3; i++)
    await notifier().sendText(`+23324555000${i}`, { label: 'Booking request', text: 'ServiceConnect: hi.' }, app.db);
  await app.db('notifications').where({ channel: 'whatsapp' }).delete();
  const gateway = await silentGateway();
  const sms = arkeselSmsTransport({
    apiBase: gateway.base,
    apiKey: 'key-0001',
    senderId: 'SrvConnect',
    timeoutMs: 8000,
  });
  const running = deliver({ sms });
  try {
    await until(() => gateway.connections() >= 1);
    if (!isEmbedded(app.db)) {
      // On PostgreSQL an open transaction would hold back every live update (events/repo.ts).
      const [open] = (
        await app.db.raw(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
        )
      ).rows;
      expect(open.n).toBe(0);
    }
    const started = Date.now();
    const signedIn = await app.request('/api/auth/login', {
      method: 'POST',
      json: { loginMethod: 'email', email: body.email, password: body.password },
    });
    expect(signedIn.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    // A write, too: the sign-up of someone else.
    const writeStarted = Date.now();
    await signUp(app);
    expect(Date.now() - writeStarted).toBeLessThan(3000);
  } finally {
    await gateway.close();
  }
  await running;
  const rows = await app.db('notifications').where({ channel: 'sms' }).whereLike('recipient', '+23324555000%');
  expect(rows.map((r) => [r.status, r.attempts, r.lease_token])).toEqual([
    ['pending', 1, null],
    ['pending', 1, null],
    ['pending', 1, null],
  ]);
});

it('a provider whose circuit is open keeps only its own rows waiting; the other channels go on', async () => {
  let open = true;
  const sms = recording({ isOpen: () => open, concurrency: 2 });
  const whatsapp = recording();
  await notifier().sendText('+233245550100', { label: 'x', text: 'ServiceConnect: circuit.' }, app.db);
  expect(await deliver({ sms: sms.transport, whatsapp: whatsapp.transport })).toBe(1);
  expect(whatsapp.delivered.map((m) => m.to)).toEqual(['+233245550100']);
  expect(sms.delivered).toEqual([]);
  expect(await rowOf('+233245550100')).toMatchObject({ status: 'pending', attempts: 0, claimed_until: null });
  open = false;
  expect(await deliver({ sms: sms.transport, whatsapp: whatsapp.transport })).toBe(1);
  expect(await rowOf('+233245550100')).toMatchObject({ status: 'sent', attempts: 1 });
});

it('a slow channel never holds up another: email goes while an SMS waits on its gateway', async () => {
  const sms = held();
  const email = recording();
  await notifier().sendText('+233245550200', { label: 'x', text: 'ServiceConnect: slow.' }, app.db);
  await notifier().sendEmail({ to: 'fast@example.com', subject: 'Fast', text: 'Body' }, app.db);
  const running = deliver({ sms: sms.transport, email: email.transport });
  await sms.sending(1);
  await until(async () => (await rowOf('fast@example.com', 'email'))?.status === 'sent');
  expect((await rowOf('+233245550200'))?.status).toBe('pending');
  sms.waiting[0].answer();
  expect(await running).toBeGreaterThanOrEqual(2); // and earlier tests' emails
  expect((await rowOf('+233245550200'))?.status).toBe('sent');
});

it('sends each row once with two workers at once, several at a time up to the provider’s cap', async () => {
  for (let i = 0; i < 40; i++)
    await notifier().sendEmail({ to: `two${i}@example.com`, subject: 'Hello', text: 'Body' }, app.db);
  let inFlight = 0;
  let most = 0;
  const delivered: string[] = [];
  const transport: Transport = {
    name: 'counting',
    gate: { isOpen: () => false, concurrency: 3 },
    async deliver(message) {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      delivered.push(message.to);
      inFlight--;
    },
  };
  const [a, b] = await Promise.all([deliver({ email: transport }), deliver({ email: transport })]);
  expect(a + b).toBe(40);
  expect(delivered.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `two${i}@example.com`).sort());
  expect(most).toBeGreaterThan(1);
  expect(most).toBeLessThanOrEqual(6); // two workers, 3 each
});

it('a lapsed lease (a worker that died mid-send) is claimed and sent again; the old holder writes nothing', async () => {
  await notifier().sendEmail({ to: 'lapsed@example.com', subject: 'Hello', text: 'Body' }, app.db);
  const stuck = held();
  const first = deliver({ email: stuck.transport });
  await stuck.sending(1);
  // While the lease holds, another worker leaves the row alone.
  const other = recording();
  expect(await deliver({ email: other.transport })).toBe(0);
  expect((await rowOf('lapsed@example.com', 'email'))?.status).toBe('pending');
  app.clock.advance(LEASE_MS + 1);
  expect(await deliver({ email: other.transport })).toBe(1);
  expect(other.delivered.map((m) => m.to)).toEqual(['lapsed@example.com']);
  // The first worker's send ends at last (a failure): its lease was taken over, so it records nothing.
  stuck.waiting[0].answer(new Error('SMTP 451 try later'));
  expect(await first).toBe(0);
  expect(await rowOf('lapsed@example.com', 'email')).toMatchObject({
    status: 'sent',
    attempts: 1,
    last_error: null,
    lease_token: null,
  });
});

it('a one-channel text goes by its fallback channel while the first provider is shut, and only once', async () => {
  let smsShut = true;
  const sms = recording({ isOpen: () => smsShut, concurrency: 4 });
  const whatsapp = recording();
  await app.db('notifications').where({ status: 'pending' }).update({ status: 'skipped' });
  await notifier().sendText('+233245550300', { label: 'Code', text: 'ServiceConnect: code.' }, app.db, {
    oneChannel: true,
  });
  const transports = { sms: sms.transport, whatsapp: whatsapp.transport };
  await deliver(transports); // the SMS circuit is open: its fallback becomes due
  await deliver(transports);
  expect(whatsapp.delivered.map((m) => m.to)).toEqual(['+233245550300']);
  smsShut = false;
  await deliver(transports);
  expect(sms.delivered).toEqual([]);
  expect(
    (await app.db('notifications').where({ recipient: '+233245550300' }).orderBy('id')).map((r) => [
      r.channel,
      r.status,
    ]),
  ).toEqual([
    ['sms', 'skipped'],
    ['whatsapp', 'sent'],
  ]);
});

it('the worker stops at once on shutdown even mid-send; the row cut short is sent again once its lease lapses', async () => {
  await app.db('notifications').where({ status: 'pending' }).update({ status: 'skipped' });
  await notifier().sendEmail({ to: 'shutdown@example.com', subject: 'Hello', text: 'Body' }, app.db);
  const stuck = held();
  const worker = startNotificationWorker({
    db: app.db,
    clock: app.clock,
    logger,
    transports: { email: stuck.transport },
  });
  await stuck.sending(1);
  const started = Date.now();
  await worker.stop();
  expect(Date.now() - started).toBeLessThan(1000);
  expect(await rowOf('shutdown@example.com', 'email')).toMatchObject({ status: 'pending', attempts: 0 });
  app.clock.advance(LEASE_MS + 1);
  const next = recording();
  expect(await deliver({ email: next.transport })).toBe(1);
  expect(next.delivered.map((m) => m.to)).toEqual(['shutdown@example.com']);
});
