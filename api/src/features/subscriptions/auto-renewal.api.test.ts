import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../../../contract/payments.ts';
import { DAY_MS } from '../../../../contract/dates.ts';
import { bearer, paySandbox, signUp } from '../../../test/accounts.ts';
import { signInAdmin } from '../../../test/admin.ts';
import { type FakePaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { startTestApp, type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { paymentProvider } from '../../providers/index.ts';
import { ChargeRefusedError } from '../../providers/payments.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { chargeDueRenewals } from './auto-renewal.ts';
import { sendDueReminders } from './reminders.ts';
import { NO_CARD } from './routes.ts';

// "Card payers may opt into automatic renewal where Paystack allows it (reusable card
// authorization)" and docs/PRODUCT.md "Failed payments".
const START = new Date('2026-11-22T09:00:00Z'); // a month paid now runs to 2026-12-22 09:00
const END = new Date('2026-12-22T09:00:00Z');
const DAY = DAY_MS;
const at = (ms: number) => new Date(END.getTime() + ms);

describe('automatic renewal through the real Paystack adapter and a fake Paystack', () => {
  let paystack: FakePaystack;
  let app: TestApp;
  let logLines: string[];
  useTestApp(async () => ({ app, paystack } = await startTestAppWithPaystack()));

  const job = () => {
    logLines = logLines ?? [];
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
      PAYSTACK_API_BASE: paystack.apiBase,
    });
    return chargeDueRenewals({
      db: app.db,
      clock: app.clock,
      logger: createLogger('debug', { write: (line: string) => void logLines.push(line) }),
      payments: paymentProvider(config, app.db, app.clock),
      notifier: outboxNotifier({ clock: app.clock }),
      config: { publicUrl: 'https://sc.example' },
    });
  };

  /** Signs up and pays at Paystack by card (reusable Visa 4081) or mobile money; returns the session. */
  async function payer(channel: 'card' | 'mobile_money', overrides: Record<string, unknown> = {}) {
    app.clock.set(START);
    const { userId, payment, body } = await signUp(app, overrides);
    const tx = paystack.charge({
      reference: payment.reference,
      amount: payment.amountKobo,
      email: body.email,
      metadata: payment.metadata,
      channel,
    });
    const done = await app.request('/api/complete-registration', {
      method: 'POST',
      json: { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret },
    });
    expect(done.status).toBe(200);
    const token = done.body.token as string;
    const optIn = (enabled: boolean) =>
      app.request('/api/subscription/auto-renew', { method: 'POST', json: { enabled }, headers: bearer(token) });
    return { userId, email: body.email, token, code: tx.authorization.authorization_code as string, optIn };
  }
  const periods = async (userId: number) =>
    (await app.db('subscriptions').where({ user_id: userId }).orderBy('period_end')).map((s) => [
      new Date(s.period_start).toISOString(),
      new Date(s.period_end).toISOString(),
    ]);
  const chargesOf = (code: string) => paystack.authorizationCharges.filter((c) => c.authorization_code === code);
  const mailTo = (to: string, subject: string) =>
    app.db('notifications').where({ recipient: to, subject }).orderBy('id');
  /** The dashboard's data, signed in afresh (sessions last 30 days; these tests move the clock past that). */
  const dashboard = async (p: { email: string }) => {
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: p.email, password: 'correct-horse-42' },
    });
    return app.request(`/api/customer-data/${encodeURIComponent(p.email)}`, { headers: bearer(login.body.token) });
  };

  it('offers automatic renewal only to a reusable card; a mobile-money payer cannot opt in', async () => {
    const momo = await payer('mobile_money');
    expect((await dashboard(momo)).body.customer.subscription.autoRenewal).toBeNull();
    const refused = await momo.optIn(true);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_CARD);
    expect(await app.db('card_authorizations').where({ user_id: momo.userId })).toEqual([]);

    const card = await payer('card');
    expect((await dashboard(card)).body.customer.subscription.autoRenewal).toEqual({
      card: 'Visa ending 4081',
      enabled: false,
    });
    const on = await card.optIn(true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      success: true,
      autoRenewal: { card: 'Visa ending 4081', enabled: true },
      message: expect.stringMatching(/Visa ending 4081/),
    });

    const admin = await signInAdmin(app);
    const adminView = async (id: number) =>
      (await app.request(`/api/admin/users/${id}`, { headers: bearer(admin.token) })).body.user.autoRenewal;
    expect(await adminView(card.userId)).toBe(true);
    expect(await adminView(momo.userId)).toBe(false);

    // The authorization code is in no answer and no log line.
    const answers = JSON.stringify([
      await dashboard(card),
      on.body,
      await app.request(`/api/admin/users/${card.userId}`, { headers: bearer(admin.token) }),
    ]);
    expect(answers).not.toContain(card.code);
    expect(JSON.stringify(app.logs)).not.toContain(card.code);
    expect(answers).not.toMatch(/AUTH_/);
  });

  it('charges a due subscription once with two jobs at once; the new month starts when the paid one ends', async () => {
    const p = await payer('card');
    await p.optIn(true);
    logLines = [];

    // The reminder tells them which card will be charged instead of asking them to renew.
    app.clock.set(at(-7 * DAY + 1000));
    await sendDueReminders({
      db: app.db,
      clock: app.clock,
      logger: createLogger('silent'),
      notifier: outboxNotifier({ clock: app.clock }),
      config: { publicUrl: 'https://sc.example' },
    });
    const [reminder] = await mailTo(p.email, 'Your subscription renews soon');
    expect(reminder.body).toMatch(/charge ₵10 to your Visa ending 4081/);

    app.clock.set(at(-4 * DAY - 1000)); // not yet: 4 days before the end is the first attempt
    await job();
    expect(chargesOf(p.code)).toHaveLength(0);
    app.clock.set(at(-4 * DAY + 1000));
    await Promise.all([job(), job()]);
    expect(chargesOf(p.code)).toHaveLength(1);
    await job();

    const charges = chargesOf(p.code);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 1000, currency: 'GHS', email: p.email });
    expect(charges[0].reference).toMatch(REFERENCE_PATTERN);
    expect(await periods(p.userId)).toEqual([
      [START.toISOString(), END.toISOString()],
      [END.toISOString(), '2027-01-22T09:00:00.000Z'],
    ]);
    const payment = await app.db('payments').where({ reference: charges[0].reference }).first();
    expect(payment).toMatchObject({ purpose: 'renewal', status: 'success', channel: 'card', amount_pesewas: 1000 });
    expect(await mailTo(p.email, 'Subscription renewed')).toHaveLength(1);

    // The next period is not due until 4 days before it ends.
    app.clock.set(new Date('2027-01-18T08:59:00Z'));
    await job();
    expect(chargesOf(p.code)).toHaveLength(1);
    expect(logLines.join('\n')).not.toContain(p.code);
    expect(logLines.join('\n')).toMatch(/automatic renewal attempted/);
  });

  it('a declined charge grants nothing and tells the payer; retried daily, service stops 7 days after the first failure', async () => {
    const p = await payer('card');
    await p.optIn(true);
    paystack.decline(p.code);
    const phone = (await app.db('users').where({ id: p.userId }).first('phone'))!.phone;

    app.clock.set(at(-4 * DAY + 60_000));
    await job();
    await job(); // today's attempt is spent
    expect(chargesOf(p.code)).toHaveLength(1);
    expect(await periods(p.userId)).toHaveLength(1);
    const [failedPayment] = await app.db('payments').where({ user_id: p.userId, purpose: 'renewal' });
    expect(failedPayment.status).toBe('failed');
    const [mail] = await mailTo(p.email, 'We could not renew your subscription');
    expect(mail.body).toMatch(/₵10\.00 to your Visa ending 4081/);
    expect(mail.body).toMatch(/try the card again tomorrow/);
    expect(mail.body).toMatch(/service stops on 25 December 2026/);
    const texts = await app.db('notifications').where({ recipient: phone, subject: 'Automatic renewal failed' });
    expect(texts.map((t) => t.channel)).toEqual(['sms', 'whatsapp']);
    expect(texts[0].body).toBe(
      'ServiceConnect: your Visa ending 4081 was declined for GHS 10.00. We retry tomorrow. Service stops 25 Dec 2026 unless you renew: https://sc.example/signin',
    );

    // Still in service through the grace period while the card is retried once a day.
    for (let day = 1; day < 7; day++) {
      app.clock.set(at((day - 4) * DAY + 60_000));
      await job();
      expect(chargesOf(p.code)).toHaveLength(day + 1);
    }
    expect(chargesOf(p.code)).toHaveLength(7);
    const last = (await mailTo(p.email, 'We could not renew your subscription')).at(-1);
    expect(last!.body).not.toMatch(/again tomorrow/);
    const lastText = (
      await app
        .db('notifications')
        .where({ recipient: phone, subject: 'Automatic renewal failed', channel: 'sms' })
        .orderBy('id')
    ).at(-1);
    expect(lastText!.body).not.toMatch(/retry/);
    expect(lastText!.body.length).toBeLessThanOrEqual(160);
    app.clock.set(at(3 * DAY - 1000));
    expect((await dashboard(p)).body.customer.subscription.state).toBe('grace');

    // 7 days after the first failure: no more attempts, and the service has stopped.
    app.clock.set(at(3 * DAY + 1000));
    await job();
    expect(chargesOf(p.code)).toHaveLength(7);
    expect((await dashboard(p)).body.customer.subscription.state).toBe('expired');
    expect(await periods(p.userId)).toHaveLength(1);
    const token = (
      await app.request('/api/auth/login', { method: 'POST', json: { email: p.email, password: 'correct-horse-42' } })
    ).body.token;
    const book = await app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: 1, date: '2026-12-28', time: '09:00', description: 'x' },
      headers: bearer(token),
    });
    expect(book.status).toBe(402);
  });

  it('closes a declined attempt and queues its notice together: after a failure between the two, the next run tells the payer once', async () => {
    const p = await payer('card');
    await p.optIn(true);
    paystack.decline(p.code);
    const other = await payer('card');
    await other.optIn(true);
    paystack.decline(other.code);
    const attempts = async () => (await app.db('renewal_charges').where({ user_id: p.userId })).map((r) => r.status);
    const notices = async () => (await mailTo(p.email, 'We could not renew your subscription')).length;

    app.clock.set(at(-4 * DAY + 60_000));
    // The outbox refusing stands in for a crash after the decline: the attempt stays open, untold.
    // The job goes on to the next payer, and says which payers it could not finish.
    logLines = [];
    await withOutboxClosed(app.db, job);
    expect(chargesOf(p.code)).toHaveLength(1);
    expect(chargesOf(other.code)).toHaveLength(1);
    const failedFor = logLines
      .map((line) => JSON.parse(line))
      .filter((l) => l.msg === 'automatic renewal failed for this payer')
      .map((l) => l.userId);
    expect(failedFor.sort()).toEqual([p.userId, other.userId].sort());
    expect(await attempts()).toEqual(['charging']);
    expect(await notices()).toBe(0);

    // The next run asks Paystack about the open attempt, closes it with its notice, and charges nothing more today.
    app.clock.set(at(-4 * DAY + 120_000));
    await job();
    await job();
    expect(chargesOf(p.code)).toHaveLength(1);
    expect(await attempts()).toEqual(['failed']);
    expect(await notices()).toBe(1);
  });

  it('after a decline, a card that works again on a later day renews from the later of now and the end', async () => {
    const p = await payer('card');
    await p.optIn(true);
    paystack.decline(p.code);
    app.clock.set(at(-4 * DAY + 60_000));
    await job();
    paystack.decline(p.code, false);
    app.clock.set(at(1 * DAY + 60_000)); // the day after the period ended, in the grace period
    await job();
    expect(await periods(p.userId)).toEqual([
      [START.toISOString(), END.toISOString()],
      [at(1 * DAY + 60_000).toISOString(), '2027-01-23T09:01:00.000Z'],
    ]);
    expect(chargesOf(p.code)).toHaveLength(2);
  });

  it('opting out, or cancelling, stops automatic charges', async () => {
    const out = await payer('card');
    await out.optIn(true);
    const off = await out.optIn(false);
    expect(off.body.autoRenewal).toEqual({ card: 'Visa ending 4081', enabled: false });
    const cancelled = await payer('card');
    await cancelled.optIn(true);
    await app.request('/api/subscription/cancel', { method: 'POST', headers: bearer(cancelled.token) });
    expect((await dashboard(cancelled)).body.customer.subscription.autoRenewal.enabled).toBe(false);

    app.clock.set(at(-4 * DAY + 60_000));
    await job();
    expect(chargesOf(out.code)).toEqual([]);
    expect(chargesOf(cancelled.code)).toEqual([]);
    expect(await periods(out.userId)).toHaveLength(1);
  });

  it('Paystack refusing the charge (an authorization no longer valid, or a mobile-money one) fails the attempt and grants nothing', async () => {
    const momo = await payer('mobile_money');
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
      PAYSTACK_API_BASE: paystack.apiBase,
    });
    const provider = paymentProvider(config, app.db, app.clock);
    await expect(
      provider.chargeAuthorization({
        authorizationCode: momo.code,
        email: momo.email,
        amount: 1000,
        reference: `SEPC${Date.now()}REFUSE${momo.userId}`,
        metadata: {},
      }),
    ).rejects.toThrow(new ChargeRefusedError('Paystack refused the charge: Authorization is not reusable'));

    const p = await payer('card');
    await p.optIn(true);
    await app.db('card_authorizations').where({ user_id: p.userId }).update({ authorization_code: 'AUTH_revoked0' });
    app.clock.set(at(-4 * DAY + 60_000));
    await job();
    const [attempt] = await app.db('renewal_charges').where({ user_id: p.userId });
    expect(attempt).toMatchObject({
      status: 'failed',
      reason: 'Paystack refused the charge: Invalid authorization code',
    });
    expect((await app.db('payments').where({ id: attempt.payment_id! }).first())!.status).toBe('failed');
    expect(await periods(p.userId)).toHaveLength(1);
    expect(await mailTo(p.email, 'We could not renew your subscription')).toHaveLength(1);
  });

  it('does not charge again while an earlier charge’s outcome is unknown (Paystack timed out)', async () => {
    const p = await payer('card');
    await p.optIn(true);
    app.clock.set(at(-4 * DAY + 60_000));
    paystack.failNext(500); // the charge call fails: unknown whether money moved
    await job();
    expect(chargesOf(p.code)).toHaveLength(0); // (this time Paystack never took it)
    const [attempt] = await app.db('renewal_charges').where({ user_id: p.userId });
    expect(attempt.status).toBe('pending');
    app.clock.set(at(-3 * DAY + 60_000));
    // Paystack never recorded it: the next day asks, then tries once more after an hour has passed.
    await job();
    expect(chargesOf(p.code)).toHaveLength(1);
    expect(await periods(p.userId)).toHaveLength(2);
    expect(
      (await app.db('renewal_charges').where({ user_id: p.userId }).orderBy('attempt')).map((r) => r.status),
    ).toEqual(['failed', 'success']);
    expect(await mailTo(p.email, 'We could not renew your subscription')).toEqual([]); // never reached Paystack: nothing was declined
  });
});

describe('automatic renewal in the sandbox (no Paystack keys)', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('keeps the TEST MODE card, lets its owner opt in, and charges it again; sandbox mobile money cannot', async () => {
    app.clock.set(START);
    const pay = async (method: 'card' | 'mobile_money') => {
      const { userId, payment } = await signUp(app);
      await paySandbox(app, payment, method);
      const done = await app.request('/api/complete-registration', {
        method: 'POST',
        json: { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret },
      });
      return { userId, token: done.body.token as string };
    };
    const momo = await pay('mobile_money');
    expect(
      (
        await app.request('/api/subscription/auto-renew', {
          method: 'POST',
          json: { enabled: true },
          headers: bearer(momo.token),
        })
      ).status,
    ).toBe(409);
    const card = await pay('card');
    const on = await app.request('/api/subscription/auto-renew', {
      method: 'POST',
      json: { enabled: true },
      headers: bearer(card.token),
    });
    expect(on.body.autoRenewal).toEqual({ card: 'Visa ending 4081', enabled: true });

    app.clock.set(at(-4 * DAY + 60_000));
    const config = loadConfig({ NODE_ENV: 'test' });
    const attempts = await chargeDueRenewals({
      db: app.db,
      clock: app.clock,
      logger: createLogger('silent'),
      payments: paymentProvider(config, app.db, app.clock),
      notifier: outboxNotifier({ clock: app.clock }),
      config,
    });
    expect(attempts).toBe(1);
    const ends = (await app.db('subscriptions').where({ user_id: card.userId }).orderBy('period_end')).map((s) =>
      new Date(s.period_end).toISOString(),
    );
    expect(ends).toEqual([END.toISOString(), '2027-01-22T09:00:00.000Z']);
    expect(await app.db('subscriptions').where({ user_id: momo.userId })).toHaveLength(1);
  });
});
