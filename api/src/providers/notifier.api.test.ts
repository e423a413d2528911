import { expect, it } from 'vitest';
import { startTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import { createLogger } from '../logger.ts';
import {
  deliverNotifications,
  logTransport,
  outboxNotifier,
  RETRY_DELAYS_MS,
  type EmailTransport,
  type Message,
} from './notifier.ts';

// "A failed send is retried with backoff and never blocks the request that caused it."
let app: TestApp;
useTestApp(async () => (app = await startTestApp()));

const logger = createLogger('silent');
const recording = () => {
  const delivered: Message[] = [];
  const transport: EmailTransport = { name: 'recording', deliver: async (m) => void delivered.push(m) };
  return { delivered, transport };
};
const row = (to: string) => app.db('notifications').where({ recipient: to }).first();

it('records at once and delivers later, each message once even with two workers', async () => {
  const notifier = outboxNotifier({ clock: app.clock });
  for (let i = 0; i < 5; i++)
    await notifier.sendEmail({ to: `once${i}@example.com`, subject: 'Hello', text: 'Body' }, app.db);
  expect((await row('once0@example.com'))!.status).toBe('pending');
  const { delivered, transport } = recording();
  await Promise.all([
    deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: transport } }),
    deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: transport } }),
  ]);
  expect(delivered.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `once${i}@example.com`));
  expect((await row('once3@example.com'))!.status).toBe('sent');
});

it('retries a failed delivery after 1, 5, 30 and 120 minutes, then marks it failed', async () => {
  await outboxNotifier({ clock: app.clock }).sendEmail(
    { to: 'flaky@example.com', subject: 'Hi', text: 'Body' },
    app.db,
  );
  let calls = 0;
  const failing: EmailTransport = {
    name: 'failing',
    deliver: async () => {
      calls++;
      throw new Error('SMTP 451 try later');
    },
  };
  await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: failing } });
  for (const delay of RETRY_DELAYS_MS) {
    const pending = await row('flaky@example.com');
    expect(pending).toMatchObject({ status: 'pending', last_error: 'SMTP 451 try later' });
    app.clock.advance(delay - 1);
    await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: failing } });
    expect((await row('flaky@example.com'))!.attempts).toBe(calls); // not yet due: no new attempt
    app.clock.advance(1);
    await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: failing } });
  }
  expect(calls).toBe(5);
  expect((await row('flaky@example.com'))!.status).toBe('failed');
});

it('without SMTP, keeps the message for the dev mailbox and logs neither its text nor its recipient', async () => {
  await outboxNotifier({ clock: app.clock }).sendEmail(
    { to: 'dev@example.com', subject: 'Reset', text: 'https://x/reset?token=SECRET' },
    app.db,
  );
  const lines: string[] = [];
  const serverLog = createLogger('info', { write: (line: string) => void lines.push(line) });
  await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: logTransport(serverLog) } });
  expect(lines.map((l) => JSON.parse(l))).toContainEqual(
    expect.objectContaining({ subject: 'Reset', msg: expect.stringMatching(/dev-mailbox/) }),
  );
  expect(lines.join('\n')).not.toMatch(/SECRET|dev@example\.com/);
});
