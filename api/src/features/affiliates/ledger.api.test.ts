import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, paySandbox, signUp, signUpAffiliate as newAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import type { PaymentIntent } from '../../../../contract/payments.ts';
import { type FakePaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { movePayout, pendingBalance } from './payouts.ts';

// A commission of 40% of the referred user's first month (₵4.00 customer, ₵10.80
// professional) when, and only when, the referred user completes registration and payment; once
// per referred user; never for renewals. Pending payout = credited − payouts not failed.
const affiliateData = (app: TestApp, a: { email: string; token: string }) =>
  app.request(`/api/affiliate-data/${encodeURIComponent(a.email)}`, { headers: bearer(a.token) });

async function payInSandbox(app: TestApp, payment: PaymentIntent) {
  await paySandbox(app, payment);
  return app.request('/api/verify-payment', { method: 'POST', json: { reference: payment.reference } });
}

describe('commission ledger and payouts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('credits ₵4.00 per customer and ₵10.80 per professional, only once they pay, never for renewals', async () => {
    const affiliate = await newAffiliate(app);
    const unpaid = await signUp(app, { referrerCode: affiliate.code, firstName: 'Pending', lastName: 'Person' });
    let data = (await affiliateData(app, affiliate)).body.affiliate;
    expect(data).toMatchObject({
      totalReferrals: 1,
      paidReferrals: 0,
      conversionRate: 0,
      totalEarnings: 0,
      pendingPayout: 0,
    });
    expect(data.recentReferrals[0]).toMatchObject({
      name: 'Pending P.',
      type: 'customer',
      commission: 0,
      status: 'pending',
    });

    const customer = await signUpAndPay(app, { referrerCode: affiliate.code });
    const pro = await signUpAndPay(app, {
      referrerCode: affiliate.code,
      userType: 'professional',
      profession: 'Welder',
      localAddress: 'Tema',
    });
    data = (await affiliateData(app, affiliate)).body.affiliate;
    expect(data).toMatchObject({
      totalReferrals: 3,
      paidReferrals: 2,
      conversionRate: 67,
      totalEarnings: 14.8,
      pendingPayout: 14.8,
    });

    // A renewal by a referred customer earns nothing more.
    const renewal = await app.request('/api/subscription/renew', { method: 'POST', headers: bearer(customer.token) });
    expect(renewal.body.payment).toMatchObject({ amountKobo: 1000, reference: expect.stringMatching(/^SEPC/) });
    expect((await payInSandbox(app, renewal.body.payment)).body.success).toBe(true);
    const ledger = await app
      .db('affiliate_commissions')
      .where({ affiliate_user_id: affiliate.id })
      .orderBy('amount_pesewas');
    expect(ledger.map((c) => c.amount_pesewas)).toEqual([400, 1080]);
    expect(unpaid.userId).toBeGreaterThan(0);
    expect(pro.userId).toBeGreaterThan(0);
  });

  it('refuses a payout under ₵250 with the minimum in words, and keeps the balance equal to the ledger', async () => {
    const affiliate = await newAffiliate(app);
    await signUpAndPay(app, { referrerCode: affiliate.code });
    const res = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Minimum payout is ₵250. You currently have ₵4.00');
    expect(await pendingBalance(app.db, affiliate.id)).toBe(400);
  });

  it('pays out the whole balance once, even when asked twice at once; a failed payout returns the money', async () => {
    const affiliate = await newAffiliate(app);
    // 25 professional referrals' worth of commissions (₵270), written as the settle step writes them.
    const referred = await Promise.all(
      Array.from({ length: 25 }, () =>
        signUpAndPay(app, {
          referrerCode: affiliate.code,
          userType: 'professional',
          profession: 'Cook',
          localAddress: 'Ho',
        }),
      ),
    );
    expect(referred).toHaveLength(25);
    expect(await pendingBalance(app.db, affiliate.id)).toBe(27_000);

    const [a, b] = await Promise.all([
      app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) }),
      app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const payout = (a.status === 201 ? a : b).body.payout;
    expect(payout).toMatchObject({ amount: 270, status: 'pending', method: 'mobile-money', details: '+233559990001' });
    expect(payout.reference).toMatch(/^payout_\d+_[0-9a-f]{8}$/);
    expect(await pendingBalance(app.db, affiliate.id)).toBe(0);

    const deps = { db: app.db, clock: app.clock, notifier: outboxNotifier({ clock: app.clock }) };
    await expect(movePayout(deps, payout.id, 'complete')).rejects.toThrow(/only a processing payout can be completed/);
    const rejected = await movePayout(deps, payout.id, 'reject', 'Wrong number');
    expect(rejected.status).toBe('failed');
    expect(await pendingBalance(app.db, affiliate.id)).toBe(27_000);

    const again = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) });
    expect((await movePayout(deps, again.body.payout.id, 'approve')).status).toBe('processing');
    const done = await movePayout(deps, again.body.payout.id, 'complete');
    expect(done).toMatchObject({ status: 'completed', processedDate: app.clock.now().toISOString() });
    const history = await app.request('/api/affiliate/payouts', { headers: bearer(affiliate.token) });
    expect(history.body.payouts.map((p: { status: string }) => p.status)).toEqual(['completed', 'failed']);
    const data = (await affiliateData(app, affiliate)).body.affiliate;
    expect(data).toMatchObject({ totalEarnings: 270, pendingPayout: 0 });
  });

  it('keeps payouts to affiliates', async () => {
    const customer = await signUpAndPay(app);
    expect(
      (await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(customer.token) })).status,
    ).toBe(403);
    expect((await app.request('/api/affiliate/payouts', { method: 'POST' })).status).toBe(401);
  });
});

describe('renewal', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('extends from the current end when paid early, so no paid day is lost', async () => {
    const customer = await signUpAndPay(app);
    const path = `/api/customer-data/${encodeURIComponent(customer.body.email)}`;
    expect((await app.request(path, { headers: bearer(customer.token) })).body.customer.subscription).toMatchObject({
      paidUntil: '2026-12-22T09:00:00.000Z',
      state: 'active',
      daysLeft: 30,
    });
    app.clock.set(new Date('2026-12-18T09:00:00Z'));
    expect((await app.request(path, { headers: bearer(customer.token) })).body.customer.subscription.state).toBe(
      'expiring',
    );
    const renewal = await app.request('/api/subscription/renew', { method: 'POST', headers: bearer(customer.token) });
    expect((await payInSandbox(app, renewal.body.payment)).body.success).toBe(true);
    expect((await app.request(path, { headers: bearer(customer.token) })).body.customer.subscription).toMatchObject({
      paidUntil: '2027-01-22T09:00:00.000Z',
      state: 'active',
    });
  });

  it('is for customers and professionals only', async () => {
    const affiliate = await newAffiliate(app);
    expect(
      (await app.request('/api/subscription/renew', { method: 'POST', headers: bearer(affiliate.token) })).status,
    ).toBe(403);
  });
});

describe('commission written once when the webhook and the browser complete together', () => {
  let paystack: FakePaystack;
  let app: TestApp;
  useTestApp(async () => ({ app, paystack } = await startTestAppWithPaystack()));

  it('credits one ₵10.80', async () => {
    const affiliate = await newAffiliate(app);
    const pro = await signUp(app, {
      referrerCode: affiliate.code,
      userType: 'professional',
      profession: 'Painter',
      localAddress: 'Wa',
    });
    const tx = paystack.charge({
      reference: pro.payment.reference,
      amount: 2700,
      email: pro.body.email,
      metadata: pro.payment.metadata,
    });
    const hook = paystack.webhook('charge.success', tx);
    await Promise.all([
      app.request('/api/paystack/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
        body: hook.body,
      }),
      app.request('/api/complete-registration', {
        method: 'POST',
        json: { userId: pro.userId, paymentReference: pro.payment.reference },
      }),
      app.request('/api/verify-payment', { method: 'POST', json: { reference: pro.payment.reference } }),
    ]);
    const ledger = await app.db('affiliate_commissions').where({ affiliate_user_id: affiliate.id });
    expect(ledger.map((c) => c.amount_pesewas)).toEqual([1080]);
  });
});
