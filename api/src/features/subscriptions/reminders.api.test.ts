import { expect, it } from 'vitest';
import { signUp, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { outboxNotifier, type Notifier } from '../../providers/notifier.ts';
import { sendDueReminders } from './reminders.ts';

// "a reminder when a subscription enters the reminder window, another on expiry, and marks
// each sent once"; "reminders are not sent twice when two workers run at once".
let app: TestApp;
useTestApp(async () => (app = await startTestApp()));

const deps = (notifier?: Notifier) => ({
  db: app.db,
  clock: app.clock,
  logger: createLogger('silent'),
  notifier: notifier ?? outboxNotifier({ clock: app.clock }),
  config: { publicUrl: 'http://localhost:3000' },
});
// Reminders only: the payment receipt each account also got is not what these tests are about.
const mailTo = (email: string) =>
  app.db('notifications').where({ recipient: email }).whereLike('subject', 'Your subscription%').orderBy('id');

it('sends "ends soon" once in the last 7 days and "has ended" once after, even with two workers at once', async () => {
  const customer = await signUpAndPay(app); // paid until 2026-12-22 09:00
  await signUp(app); // unpaid: never reminded
  expect(await sendDueReminders(deps())).toBe(0);

  app.clock.set(new Date('2026-12-15T09:00:01Z')); // 6.99 days left
  const [a, b] = await Promise.all([sendDueReminders(deps()), sendDueReminders(deps())]);
  expect(a + b).toBe(1);
  expect(await sendDueReminders(deps())).toBe(0);
  let mails = await mailTo(customer.body.email);
  expect(mails.map((m) => m.subject)).toEqual(['Your subscription ends soon']);
  expect(mails[0].body).toContain('paid until 22 December 2026');

  app.clock.set(new Date('2026-12-22T09:00:01Z'));
  await Promise.all([sendDueReminders(deps()), sendDueReminders(deps())]);
  mails = await mailTo(customer.body.email);
  expect(mails.map((m) => m.subject)).toEqual(['Your subscription ends soon', 'Your subscription has ended']);
  expect(mails[1].body).toContain('3 days of grace');
});

it('retries a reminder whose send failed', async () => {
  const customer = await signUpAndPay(app);
  app.clock.set(new Date('2026-12-16T09:00:00Z'));
  const failing: Notifier = {
    sendEmail: async () => Promise.reject(new Error('SMTP down')),
    sendText: async () => Promise.reject(new Error('SMTP down')),
    sendStep: async () => Promise.reject(new Error('SMTP down')),
    sendChatPush: async () => Promise.reject(new Error('SMTP down')),
  };
  expect(await sendDueReminders(deps(failing))).toBe(0);
  expect(await sendDueReminders(deps())).toBeGreaterThanOrEqual(1);
  expect((await mailTo(customer.body.email)).map((m) => m.subject)).toEqual(['Your subscription ends soon']);
});

it('records a reminder as sent in the transaction that queues it: neither is kept without the other', async () => {
  const customer = await signUpAndPay(app);
  app.clock.set(new Date('2026-12-16T09:00:00Z'));
  const recorded = () => app.db('subscription_reminders').where({ user_id: customer.userId }).select('kind');
  // The outbox refusing stands in for a crash between the two: no record is left to stop a retry.
  expect(await withOutboxClosed(app.db, () => sendDueReminders(deps()))).toBe(0);
  expect(await recorded()).toEqual([]);
  expect(await mailTo(customer.body.email)).toEqual([]);

  // Each message is written in the transaction that holds the record (a crash keeps both or neither).
  const outbox = outboxNotifier({ clock: app.clock });
  const recordSeenBy: unknown[] = [];
  const watching: Notifier = {
    async sendEmail(message, trx) {
      if (message.to === customer.body.email) {
        recordSeenBy.push(
          trx ? (await trx('subscription_reminders').where({ user_id: customer.userId })).length : 'no transaction',
        );
      }
      return outbox.sendEmail(message, trx);
    },
    sendText: (phone, message, trx) => outbox.sendText(phone, message, trx),
    sendStep: (userId, step, trx) => outbox.sendStep(userId, step, trx),
    sendChatPush: (userId, bookingId, push, trx) => outbox.sendChatPush(userId, bookingId, push, trx),
  };
  expect(await sendDueReminders(deps(watching))).toBeGreaterThanOrEqual(1);
  expect(recordSeenBy).toEqual([1]);
  expect(await recorded()).toEqual([{ kind: 'expiring' }]);
  expect((await mailTo(customer.body.email)).map((m) => m.subject)).toEqual(['Your subscription ends soon']);
  expect(await sendDueReminders(deps())).toBe(0); // recorded with the messages: never queued twice
});

it('sends no reminders after the subscription is cancelled, and the paid period still runs to its end', async () => {
  const customer = await signUpAndPay(app);
  const cancel = await app.request('/api/subscription/cancel', {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(cancel.body.message).toMatch(/stays active until the end/);
  app.clock.set(new Date('2026-12-16T09:00:00Z'));
  await sendDueReminders(deps());
  expect(await mailTo(customer.body.email)).toEqual([]);
  const data = await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(data.body.customer.subscription.state).toBe('expiring');
});
