import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, REFERENCE_PATTERN, approvedSandboxCharge } from '../../../../contract/payments.ts';
import { bearer, signUp } from '../../../test/accounts.ts';
import { type FakePaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { startTestApp, type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';

// Value is granted only when the provider says success, the amount equals the plan price
// in pesewas, the currency is GHS, the reference belongs to this pending account, and the reference
// was never used before. Every refusal answers "Failed to verify payment. Please contact support."
describe('subscription payments through the real Paystack adapter and a fake Paystack', () => {
  let paystack: FakePaystack;
  let app: TestApp;
  useTestApp(async () => ({ app, paystack } = await startTestAppWithPaystack()));

  const complete = (userId: number, reference: string, completionSecret?: string) =>
    app.request('/api/complete-registration', {
      method: 'POST',
      json: { userId, paymentReference: reference, paymentData: { reference }, completionSecret },
    });
  const statusOf = async (userId: number) => (await app.db('users').where({ id: userId }).first())!.status;
  const subscriptionsOf = (userId: number) => app.db('subscriptions').where({ user_id: userId });
  const refused = { success: false, code: 'payment_failed', message: PAYMENT_MESSAGES.verifyFailed };

  it('tells the browser to use Paystack with the public key, never the secret', async () => {
    const res = await app.request('/api/payments/config');
    expect(res.body).toEqual({
      provider: 'paystack',
      publicKey: paystack.publicKey,
      channels: ['card', 'mobile_money', 'ussd', 'qr', 'bank_transfer'],
    });
    expect(JSON.stringify(res.body)).not.toContain('sk_test');
  });

  it('activates a customer who paid ₵10, records one month, and signs them in', async () => {
    const { userId, payment, body } = await signUp(app);
    expect(payment).toMatchObject({
      provider: 'paystack',
      amount: 10,
      amountKobo: 1000,
      currency: 'GHS',
      email: body.email,
    });
    expect(payment.reference).toMatch(REFERENCE_PATTERN);
    expect(payment.reference).toMatch(new RegExp(`^SEPC\\d{13}[A-Z0-9]{6}${userId}$`));
    expect(await statusOf(userId)).toBe('pending');

    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email, metadata: payment.metadata });
    const verify = await app.request('/api/verify-payment', { method: 'POST', json: { reference: payment.reference } });
    expect(verify.body).toEqual({ success: true, message: 'Payment verified successfully.' });
    const res = await complete(userId, payment.reference, payment.completionSecret);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      autoLogin: true,
      user: { id: userId, userType: 'customer', status: 'active' },
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await statusOf(userId)).toBe('active');

    const [subscription] = await subscriptionsOf(userId);
    expect(subscription).toMatchObject({ plan_type: 'customer', amount_pesewas: 1000 });
    expect(new Date(subscription.period_end).toISOString()).toBe('2026-12-22T09:00:00.000Z'); // one month from payment
    const stored = await app.db('payments').where({ reference: payment.reference }).first();
    expect(stored).toMatchObject({
      status: 'success',
      amount_pesewas: 1000,
      channel: 'mobile_money',
      purpose: 'registration',
    });

    const me = await app.request('/api/auth/verify', { method: 'POST', headers: bearer(res.body.token) });
    expect(me.body.user.email).toBe(body.email);
    expect(paystack.requests.every((r) => r.authorization === `Bearer ${paystack.secretKey}`)).toBe(true);
  });

  it('activates a professional who paid ₵27 with an SEPP reference', async () => {
    const { userId, payment, body } = await signUp(app, {
      userType: 'professional',
      profession: 'Plumber',
      localAddress: 'Osu, Accra',
    });
    expect(payment.reference).toMatch(/^SEPP/);
    expect(payment.amountKobo).toBe(2700);
    paystack.charge({ reference: payment.reference, amount: 2700, email: body.email, metadata: payment.metadata });
    const res = await complete(userId, payment.reference);
    expect(res.body).toMatchObject({ success: true, user: { userType: 'professional', status: 'active' } });
  });

  it('grants nothing twice when the same completion is repeated', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email, metadata: payment.metadata });
    expect((await complete(userId, payment.reference)).body.success).toBe(true);
    const again = await complete(userId, payment.reference);
    expect(again.body.success).toBe(true);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    expect(
      (await app.request('/api/verify-payment', { method: 'POST', json: { reference: payment.reference } })).body
        .success,
    ).toBe(true);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
  });

  it('grants one month when completions race', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email, metadata: payment.metadata });
    const results = await Promise.all(Array.from({ length: 5 }, () => complete(userId, payment.reference)));
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
  });

  it.each([
    ['an underpaid amount', { amount: 100 }],
    ['an overpaid amount that is not the plan price', { amount: 2700 }],
    ['another currency', { currency: 'NGN' }],
    ['a failed payment', { status: 'failed' }],
    ['an abandoned payment', { status: 'abandoned' }],
    ['a reversed payment', { status: 'reversed' }],
  ])('refuses %s and leaves the account pending', async (_label, tampered) => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({
      reference: payment.reference,
      amount: 1000,
      email: body.email,
      metadata: payment.metadata,
      ...tampered,
    });
    const res = await complete(userId, payment.reference);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await statusOf(userId)).toBe('pending');
    expect(await subscriptionsOf(userId)).toHaveLength(0);
  });

  it('refuses a reference Paystack does not know, and one the server never issued', async () => {
    const { userId, payment } = await signUp(app);
    expect((await complete(userId, payment.reference)).body).toEqual(refused);
    expect((await complete(userId, `SEPC${Date.now()}ABCDEF${userId}`)).body).toEqual(refused);
    expect((await app.request('/api/verify-payment', { method: 'POST', json: { reference: 'NOPE' } })).status).toBe(
      400,
    );
    expect(await statusOf(userId)).toBe('pending');
  });

  it("refuses someone else's reference", async () => {
    const payer = await signUp(app);
    const other = await signUp(app);
    paystack.charge({
      reference: payer.payment.reference,
      amount: 1000,
      email: payer.body.email,
      metadata: payer.payment.metadata,
    });
    const res = await complete(other.userId, payer.payment.reference);
    expect(res.body).toEqual(refused);
    expect(await statusOf(other.userId)).toBe('pending');
    expect(await statusOf(payer.userId)).toBe('pending'); // nothing granted to anyone by the attempt
  });

  it('refuses a payment whose metadata names another user, even at the right price', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({
      reference: payment.reference,
      amount: 1000,
      email: body.email,
      metadata: { ...payment.metadata, user_id: '999999' },
    });
    expect((await complete(userId, payment.reference)).body).toEqual(refused);
  });

  it('accepts the owner by email when Paystack returns no metadata ("")', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email.toUpperCase(), metadata: '' });
    expect((await complete(userId, payment.reference)).body.success).toBe(true);
  });

  it('refuses when neither metadata nor email ties the payment to the account', async () => {
    const { userId, payment } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: 'someone.else@example.com', metadata: 0 });
    expect((await complete(userId, payment.reference)).body).toEqual(refused);
  });

  it('keeps the payment open when Paystack is down, so a later try succeeds', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email, metadata: payment.metadata });
    // Not refused: not confirmed yet, in plain words, and the payment stays open.
    const notYet = { success: false, code: 'provider_unavailable', message: PAYMENT_MESSAGES.providerSlow };
    paystack.failNext(500);
    expect((await complete(userId, payment.reference)).body).toEqual(notYet);
    paystack.failNext(429);
    expect((await complete(userId, payment.reference)).body).toEqual(notYet);
    expect((await complete(userId, payment.reference)).body.success).toBe(true);
  });

  it('activates a user who paid but closed the tab, through a signed charge.success webhook', async () => {
    const { userId, payment, body } = await signUp(app);
    const tx = paystack.charge({
      reference: payment.reference,
      amount: 1000,
      email: body.email,
      metadata: payment.metadata,
    });
    const hook = paystack.webhook('charge.success', tx);
    const res = await app.request('/api/paystack/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
      body: hook.body,
    });
    expect(res.status).toBe(200);
    expect(await statusOf(userId)).toBe('active');
    // Paystack retries: the same event again changes nothing.
    await app.request('/api/paystack/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
      body: hook.body,
    });
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    // A later completion in the browser still works, without a second month.
    expect((await complete(userId, payment.reference)).body.success).toBe(true);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
  });

  it('refuses forged webhooks with 401 and grants nothing', async () => {
    const { userId, payment, body } = await signUp(app);
    const tx = paystack.charge({
      reference: payment.reference,
      amount: 1000,
      email: body.email,
      metadata: payment.metadata,
    });
    const forged = paystack.webhook('charge.success', tx, 'sk_test_not_the_secret');
    for (const signature of [forged.signature, '', 'abc']) {
      const res = await app.request('/api/paystack/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body: forged.body,
      });
      expect(res.status).toBe(401);
    }
    const genuine = paystack.webhook('charge.success', tx);
    const tampered = genuine.body.replace('"amount":1000', '"amount":1');
    const res = await app.request('/api/paystack/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': genuine.signature },
      body: tampered,
    });
    expect(res.status).toBe(401);
    expect(await statusOf(userId)).toBe('pending');
  });

  it('has no sandbox when real keys are configured', async () => {
    const { payment } = await signUp(app);
    const res = await app.request('/api/sandbox/charge', {
      method: 'POST',
      json: { reference: payment.reference, amount: 1000, currency: 'GHS', email: payment.email, outcome: 'success' },
    });
    expect(res.status).toBe(404);
  });

  it('does not sign in a completion that comes long after the sign-up', async () => {
    const { userId, payment, body } = await signUp(app);
    paystack.charge({ reference: payment.reference, amount: 1000, email: body.email, metadata: payment.metadata });
    app.clock.advance(2 * 60 * 60 * 1000);
    const res = await complete(userId, payment.reference, payment.completionSecret);
    expect(res.body).toMatchObject({ success: true, autoLogin: false });
    expect(res.body.token).toBeUndefined();
  });
});

describe('subscription payments in the sandbox (no Paystack keys)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  let pending: Awaited<ReturnType<typeof signUp>>;
  beforeEach(async () => {
    pending = await signUp(app);
  });
  const charge = (overrides: Record<string, unknown> = {}) =>
    app.request('/api/sandbox/charge', {
      method: 'POST',
      json: { ...approvedSandboxCharge(pending.payment), ...overrides },
    });
  const complete = () =>
    app.request('/api/complete-registration', {
      method: 'POST',
      json: {
        userId: pending.userId,
        paymentReference: pending.payment.reference,
        completionSecret: pending.payment.completionSecret,
      },
    });

  it('says it is the sandbox, with no key', async () => {
    expect((await app.request('/api/payments/config')).body).toMatchObject({ provider: 'sandbox', publicKey: null });
    expect(pending.payment.provider).toBe('sandbox');
  });

  it('activates after an approved TEST MODE checkout', async () => {
    expect((await charge()).body).toEqual({ success: true });
    const res = await complete();
    expect(res.body).toMatchObject({ success: true, autoLogin: true, user: { status: 'active' } });
  });

  it('grants the month and queues its receipt together: when the outbox cannot take the receipt, nothing is granted', async () => {
    await charge();
    const state = async () => ({
      payment: (await app.db('payments').where({ reference: pending.payment.reference }).first('status'))!.status,
      user: (await app.db('users').where({ id: pending.userId }).first('status'))!.status,
      months: (await app.db('subscriptions').where({ user_id: pending.userId })).length,
      receipts: (await app.db('notifications').where({ recipient: pending.payment.email })).map((n) => n.subject),
    });
    await withOutboxClosed(app.db, async () => {
      expect((await complete()).status).toBe(500);
    });
    expect(await state()).toEqual({ payment: 'initialized', user: 'pending', months: 0, receipts: [] });

    expect((await complete()).body).toMatchObject({ success: true, user: { status: 'active' } });
    expect(await state()).toEqual({
      payment: 'success',
      user: 'active',
      months: 1,
      receipts: ['Welcome: your subscription is active'],
    });
  });

  it('checks sandbox payments like real ones: a tampered amount is refused', async () => {
    await charge({ amount: 1 });
    expect((await complete()).body).toEqual({
      success: false,
      code: 'payment_failed',
      message: PAYMENT_MESSAGES.verifyFailed,
    });
  });

  it('refuses a declined checkout, a completion before any checkout, and a second checkout', async () => {
    expect((await complete()).body.success).toBe(false);
    await charge({ outcome: 'failed' });
    expect((await complete()).body.success).toBe(false);
    expect((await charge()).status).toBe(409);
  });

  it('refuses a checkout for a reference the server never issued', async () => {
    const res = await charge({ reference: 'SEPC0000000000000ABCDEF1' });
    expect(res.status).toBe(404);
  });
});
