import { describe, expect, it } from 'vitest';
import {
  LENGTH_MESSAGE,
  PAYMENT_MESSAGES,
  SIGNUP_PAYMENT_GONE,
  type PaymentIntent,
} from '../../../../contract/payments.ts';
import { bearer, paySandbox, signUp, signUpAffiliate, signUpAndPay, signupBody } from '../../../test/accounts.ts';
import { signInAdmin } from '../../../test/admin.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { sendDueReminders } from '../subscriptions/reminders.ts';

// docs/PRODUCT.md "Paying months ahead": a renewal or a first
// payment buys 1, 3, 6 or 12 months at the monthly price × months, less the administrator's
// discount for that length; settling extends the paid period by the months bought; an affiliate
// still earns 40% of ONE month. The clock stands at 2026-11-22 09:00 unless a test moves it.
describe('paying months ahead', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const renew = (token: string, json: unknown) =>
    app.request('/api/subscription/renew', { method: 'POST', headers: bearer(token), json });
  const verify = (reference: string) => app.request('/api/verify-payment', { method: 'POST', json: { reference } });
  const paidUntil = async (userId: number) =>
    new Date(
      (await app.db('subscriptions').where({ user_id: userId }).max({ end: 'period_end' }))[0].end,
    ).toISOString();
  const professional = () =>
    signUpAndPay(app, { userType: 'professional', profession: 'Plumber', localAddress: 'Osu, Accra' });

  async function setDiscounts(discounts: {
    discount3Months?: number;
    discount6Months?: number;
    discount12Months?: number;
  }) {
    const admin = await signInAdmin(app);
    const settings = (await app.request('/api/admin/settings', { headers: bearer(admin.token) })).body.settings;
    const saved = await app.request('/api/admin/settings', {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { ...settings, ...discounts },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return admin;
  }

  it('prices each length at the monthly price × months without a discount', async () => {
    const plans = (await app.request('/api/plans')).body;
    expect(plans.lengths.professional).toEqual([
      { months: 1, price: 27, discountPercent: 0 },
      { months: 3, price: 81, discountPercent: 0 },
      { months: 6, price: 162, discountPercent: 0 },
      { months: 12, price: 324, discountPercent: 0 },
    ]);
    expect(plans.lengths.customer.map((o: { price: number }) => o.price)).toEqual([10, 30, 60, 120]);

    const pro = await professional();
    const six = await renew(pro.token, { months: 6 });
    expect(six.status).toBe(200);
    expect(six.body.payment).toMatchObject({
      months: 6,
      amount: 162,
      amountKobo: 16200,
      metadata: { plan_duration: '6 months', amount_ghs: 162 },
    });
    // No body, or no months: one month, as before.
    expect(
      (await app.request('/api/subscription/renew', { method: 'POST', headers: bearer(pro.token) })).body.payment,
    ).toMatchObject({ months: 1, amountKobo: 2700, metadata: { plan_duration: 'monthly' } });
    expect(await app.db('payments').where({ reference: six.body.payment.reference }).first()).toMatchObject({
      months: 6,
      amount_pesewas: 16200,
      initiated_via: 'checkout',
      purpose: 'renewal',
    });
  });

  it('applies the discount an administrator set for a length, audited, to payments started afterwards only', async () => {
    const pro = await professional();
    const before = (await renew(pro.token, { months: 12 })).body.payment as PaymentIntent;
    const admin = await setDiscounts({ discount6Months: 10, discount12Months: 15 });
    try {
      const [entry] = await app
        .db('admin_audit_log')
        .where({ action: 'settings.update', admin_username: admin.username });
      expect(entry).toMatchObject({
        before: { discount6Months: 0, discount12Months: 0 },
        after: { discount6Months: 10, discount12Months: 15 },
      });

      expect((await app.request('/api/plans')).body.lengths.professional).toEqual([
        { months: 1, price: 27, discountPercent: 0 },
        { months: 3, price: 81, discountPercent: 0 },
        { months: 6, price: 145.8, discountPercent: 10 },
        { months: 12, price: 275.4, discountPercent: 15 },
      ]);
      expect((await renew(pro.token, { months: 6 })).body.payment).toMatchObject({ amount: 145.8, amountKobo: 14580 });
      expect((await renew(pro.token, { months: 1 })).body.payment).toMatchObject({ amountKobo: 2700 });

      // Started before the change: it keeps its price, and paying that price settles it.
      expect(before.amountKobo).toBe(32400);
      await paySandbox(app, before);
      expect((await verify(before.reference)).body.success).toBe(true);
      expect(await paidUntil(pro.userId)).toBe('2027-12-22T09:00:00.000Z');
    } finally {
      await setDiscounts({ discount6Months: 0, discount12Months: 0 });
    }
  });

  it('refuses a discount outside 0–50 % naming the field', async () => {
    const admin = await signInAdmin(app);
    const settings = (await app.request('/api/admin/settings', { headers: bearer(admin.token) })).body.settings;
    const put = (json: unknown) =>
      app.request('/api/admin/settings', { method: 'PUT', headers: bearer(admin.token), json });
    expect((await put({ ...settings, discount3Months: 51 })).body).toMatchObject({
      errors: [{ field: 'discount3Months', message: 'The 3-month discount must be 0 to 50' }],
    });
    expect((await put({ ...settings, discount6Months: 2.5 })).body).toMatchObject({
      errors: [{ field: 'discount6Months', message: 'The 6-month discount must be a whole number' }],
    });
    const { discount12Months: _left, ...missing } = settings;
    expect((await put(missing)).body.errors).toEqual([
      { field: 'discount12Months', message: 'The 12-month discount must be a number' },
    ]);
  });

  it('settling a renewal extends paid-until by the months bought; reminders and grace follow the new end', async () => {
    const pro = await professional(); // paid until 2026-12-22 09:00
    const intent = (await renew(pro.token, { months: 6 })).body.payment as PaymentIntent;
    await paySandbox(app, intent);
    expect((await verify(intent.reference)).body.success).toBe(true);
    expect(await paidUntil(pro.userId)).toBe('2027-06-22T09:00:00.000Z');
    const profile = await app.db('professional_profiles').where({ user_id: pro.userId }).first();
    expect(new Date(profile!.paid_until!).toISOString()).toBe('2027-06-22T09:00:00.000Z');
    const receipt = await app
      .db('notifications')
      .where({ recipient: pro.body.email, subject: 'Subscription renewed' })
      .first();
    expect(receipt!.body).toContain('₵162.00 for 6 months of the Professional plan');
    expect(receipt!.body).toContain('paid until 22 June 2027');

    const reminders = {
      db: app.db,
      clock: app.clock,
      logger: createLogger('silent'),
      notifier: outboxNotifier({ clock: app.clock }),
      config: { publicUrl: 'http://localhost:3000' },
    };
    // Signed in afresh each time: a session lasts less than the months the clock moves.
    const signIn = async () =>
      (
        await app.request('/api/auth/login', {
          method: 'POST',
          json: { loginMethod: 'email', email: pro.body.email, password: pro.body.password },
        })
      ).body.token as string;
    const listed = async () =>
      (await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(await signIn()) })).status === 200;
    const remindersTo = () =>
      app.db('subscription_reminders').where({ user_id: pro.userId }).orderBy('id').select('kind', 'period_end');
    // Where the one month would have ended, and past its grace: still active, listed, not reminded.
    app.clock.set(new Date('2026-12-27T09:00:00Z'));
    await sendDueReminders(reminders);
    expect(await remindersTo()).toEqual([]);
    const record = await app.request(`/api/professional-data/${encodeURIComponent(pro.body.email)}`, {
      headers: bearer(await signIn()),
    });
    expect(record.body.professional.subscription).toMatchObject({
      paidUntil: '2027-06-22T09:00:00.000Z',
      state: 'active',
    });
    expect(await listed()).toBe(true);

    // Seven days before the new end: reminded once, for that end.
    app.clock.set(new Date('2027-06-15T09:00:01Z'));
    await sendDueReminders(reminders);
    expect((await remindersTo()).map((r) => [r.kind, new Date(r.period_end).toISOString()])).toEqual([
      ['expiring', '2027-06-22T09:00:00.000Z'],
    ]);
    // Inside the grace days after the new end the professional is still listed; after them, not.
    app.clock.set(new Date('2027-06-24T09:00:00Z'));
    expect(await listed()).toBe(true);
    app.clock.set(new Date('2027-06-26T09:00:00Z'));
    expect(await listed()).toBe(false);
  });

  it('a first payment of 3 months activates for 3 months; the affiliate still earns 40% of one month', async () => {
    const affiliate = await signUpAffiliate(app);
    const { userId, payment } = await signUp(app, { referrerCode: affiliate.code, months: 3 });
    expect(payment).toMatchObject({ months: 3, amountKobo: 3000, metadata: { plan_duration: '3 months' } });
    await paySandbox(app, payment);
    const done = await app.request('/api/complete-registration', {
      method: 'POST',
      json: { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret },
    });
    expect(done.body).toMatchObject({ success: true, autoLogin: true, user: { status: 'active' } });
    expect(await paidUntil(userId)).toBe('2027-02-22T09:00:00.000Z');

    const [commission] = await app.db('affiliate_commissions').where({ referred_user_id: userId });
    expect(commission.amount_pesewas).toBe(400); // 40% of ₵10, not of the ₵30 paid

    const pro = await signUp(app, {
      referrerCode: affiliate.code,
      months: 12,
      userType: 'professional',
      profession: 'Welder',
      localAddress: 'Tema',
    });
    expect(pro.payment.amountKobo).toBe(32400);
    await paySandbox(app, pro.payment);
    expect((await verify(pro.payment.reference)).body.success).toBe(true);
    expect(
      (await app.db('affiliate_commissions').where({ referred_user_id: pro.userId }).first())!.amount_pesewas,
    ).toBe(1080);
  });

  it('refuses a payment that did not pay the price of the months: nothing is extended', async () => {
    const pro = await professional();
    const intent = (await renew(pro.token, { months: 6 })).body.payment as PaymentIntent;
    // The checkout paid one month's price for a 6-month payment.
    await paySandbox(app, { ...intent, amountKobo: 2700 });
    const refused = await verify(intent.reference);
    expect(refused).toMatchObject({ status: 400, body: { success: false, message: PAYMENT_MESSAGES.verifyFailed } });
    expect(await paidUntil(pro.userId)).toBe('2026-12-22T09:00:00.000Z');
    expect((await app.db('payments').where({ reference: intent.reference }).first())!.status).toBe('failed');

    // A sign-up whose first payment is 12 months, paid at one month's price, stays pending.
    const { userId, payment } = await signUp(app, { months: 12 });
    await paySandbox(app, { ...payment, amountKobo: 1000 });
    const completion = await app.request('/api/complete-registration', {
      method: 'POST',
      json: { userId, paymentReference: payment.reference },
    });
    expect(completion.status).toBe(400);
    expect((await app.db('users').where({ id: userId }).first())!.status).toBe('pending');
  });

  it('refuses months other than 1, 3, 6 or 12 with a 400 that says which', async () => {
    const customer = await signUpAndPay(app);
    for (const months of [0, 2, 5, 24, 6.5, '6', null]) {
      const res = await renew(customer.token, { months });
      expect(res, `months: ${JSON.stringify(months)}`).toMatchObject({
        status: 400,
        body: { message: LENGTH_MESSAGE, errors: [{ field: 'months', message: LENGTH_MESSAGE }] },
      });
    }
    const signup = await app.request('/api/signup', { method: 'POST', json: signupBody({ months: 2 }) });
    expect(signup).toMatchObject({ status: 400, body: { message: LENGTH_MESSAGE } });
    expect(await app.db('payments').where({ user_id: customer.userId, purpose: 'renewal' })).toHaveLength(0);
  });

  it('a pending account may ask for its first payment again for another length, with the secret of one it was given', async () => {
    const { userId, payment } = await signUp(app);
    const again = (json: Record<string, unknown>) =>
      app.request('/api/signup/payment', {
        method: 'POST',
        json: { userId, completionSecret: payment.completionSecret, ...json },
      });

    expect(await again({ months: 7 })).toMatchObject({ status: 400, body: { message: LENGTH_MESSAGE } });
    expect(await again({ completionSecret: 'not-the-secret' })).toMatchObject({
      status: 403,
      body: { message: SIGNUP_PAYMENT_GONE },
    });
    const other = await signUp(app);
    expect(await again({ userId: other.userId, months: 6 })).toMatchObject({
      status: 403,
      body: { message: SIGNUP_PAYMENT_GONE },
    });

    const twelve = await again({ months: 12 });
    expect(twelve.status).toBe(200);
    const intent = twelve.body.payment as PaymentIntent;
    expect(intent).toMatchObject({ months: 12, amountKobo: 12000 });
    expect(intent.reference).not.toBe(payment.reference);
    expect(intent.completionSecret).toBeTruthy();
    await paySandbox(app, intent);
    const done = await app.request('/api/complete-registration', {
      method: 'POST',
      json: { userId, paymentReference: intent.reference, completionSecret: intent.completionSecret },
    });
    expect(done.body).toMatchObject({ success: true, autoLogin: true });
    expect(await paidUntil(userId)).toBe('2027-11-22T09:00:00.000Z');

    // Paid: the secret gets nothing more.
    expect(await again({ months: 3 })).toMatchObject({ status: 403, body: { message: SIGNUP_PAYMENT_GONE } });
  });

  it('administrators see the months and how each payment was started', async () => {
    const pro = await professional();
    const intent = (await renew(pro.token, { months: 6 })).body.payment as PaymentIntent;
    await paySandbox(app, intent);
    await verify(intent.reference);
    await app.db('payments').where({ reference: intent.reference }).update({ initiated_via: 'momo_prompt' }); // as the prompt would start it
    const admin = await signInAdmin(app);
    const listed = (
      await app.request(`/api/admin/payments?search=${encodeURIComponent(pro.body.email)}`, {
        headers: bearer(admin.token),
      })
    ).body.payments;
    expect(listed).toEqual([
      expect.objectContaining({
        reference: intent.reference,
        amount: 162,
        months: 6,
        initiatedVia: 'momo_prompt',
        method: 'Mobile Money (test mode)',
      }),
      expect.objectContaining({ reference: pro.payment.reference, amount: 27, months: 1, initiatedVia: 'checkout' }),
    ]);
    const detail = (await app.request(`/api/admin/users/${pro.userId}`, { headers: bearer(admin.token) })).body;
    expect(detail.payments.map((p: { months: number; initiatedVia: string }) => [p.months, p.initiatedVia])).toEqual([
      [6, 'momo_prompt'],
      [1, 'checkout'],
    ]);
    const commissions = (
      await app.request('/api/admin/payments?pageSize=100', { headers: bearer(admin.token) })
    ).body.payments.filter((p: { type: string }) => p.type === 'commission');
    expect(commissions.length).toBeGreaterThan(0);
    for (const c of commissions) expect(c).toMatchObject({ months: null, initiatedVia: null });
  });
});
