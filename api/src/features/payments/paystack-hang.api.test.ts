import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import { bearer, signUp } from '../../../test/accounts.ts';
import { PROVIDER_CHECK_MS } from '../subscriptions/momo.ts';
import { signUpAndPayAtPaystack, startTestAppWithPaystack, type FakePaystack } from '../../../test/fake-paystack.ts';
import type { TestApp } from '../../../test/harness.ts';

// A Paystack that takes the request and never answers (docs/PRODUCT.md "Failed payments"): the
// payer hears back within 10 s in plain words, the payment stays pending, nobody else waits (no
// transaction or connection is held meanwhile), and the payment is settled once Paystack answers.
let app: TestApp;
let paystack: FakePaystack;
beforeAll(async () => {
  ({ app, paystack } = await startTestAppWithPaystack());
});
afterAll(async () => {
  paystack?.hang(false);
  await app?.close();
});

const timed = async <T>(work: Promise<T>) => {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
};

it('a hanging Paystack answers the payer within 10 s, holds up no sign-in, and the payment settles later', async () => {
  const bystander = await signUpAndPayAtPaystack(app, paystack);
  const { userId, payment, body } = await signUp(app);
  // Paid at Paystack; then Paystack stops answering before the server hears of it.
  paystack.charge({
    reference: payment.reference,
    amount: payment.amountKobo,
    email: body.email,
    metadata: payment.metadata,
  });
  paystack.hang(true);
  const completion = { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret };

  const completing = timed(app.request('/api/complete-registration', { method: 'POST', json: completion }));
  // While the completion waits on Paystack, another person signs in.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const signIn = await timed(
    app.request('/api/auth/login', {
      method: 'POST',
      json: { loginMethod: 'email', email: bystander.body.email, password: bystander.body.password },
    }),
  );
  expect(signIn.result.status).toBe(200);
  expect(signIn.ms).toBeLessThan(3_000);
  expect(paystack.held).toBeGreaterThan(0);

  const answer = await completing;
  expect(answer.ms).toBeLessThan(10_500);
  expect(answer.result.status).toBe(503);
  expect(answer.result.body).toMatchObject({ code: 'provider_unavailable', message: PAYMENT_MESSAGES.providerSlow });
  // Still pending: nothing granted, nothing refused.
  expect(await app.db('payments').where({ reference: payment.reference }).first()).toMatchObject({
    status: 'initialized',
  });
  expect(await app.db('subscriptions').where({ user_id: userId })).toEqual([]);

  // Paystack answers again: the same completion settles it, once.
  paystack.hang(false);
  const settled = await app.request('/api/complete-registration', { method: 'POST', json: completion });
  expect(settled.status).toBe(200);
  expect(await app.db('payments').where({ reference: payment.reference }).first()).toMatchObject({ status: 'success' });
  const again = await app.request('/api/verify-payment', { method: 'POST', json: { reference: payment.reference } });
  expect(again.status).toBeLessThan(500);
  expect(await app.db('subscriptions').where({ user_id: userId })).toHaveLength(1);
});

it('a mobile-money prompt through a hanging Paystack answers within 10 s in plain words; the polling settles it once Paystack answers', async () => {
  app.clock.reset();
  const ama = await signUpAndPayAtPaystack(app, paystack, { phone: '0551234988' });
  const [before] = await app.db('subscriptions').where({ user_id: ama.userId }).max({ end: 'period_end' });
  paystack.hang(true);
  const sent = await timed(
    app.request('/api/subscription/momo', { method: 'POST', json: { provider: 'mtn' }, headers: bearer(ama.token) }),
  );
  expect(sent.ms).toBeLessThan(10_500);
  expect(sent.result.status).toBe(200);
  expect(sent.result.body).toMatchObject({
    success: true,
    status: 'pending',
    message: 'We could not confirm that the prompt was sent. If one arrives, approve it; this page keeps checking.',
  });
  const reference = sent.result.body.reference as string;
  expect(await app.db('payments').where({ reference }).first()).toMatchObject({ status: 'initialized' });

  // The prompt did reach the phone; Paystack answers again and the page's polling settles it, once.
  paystack.hang(false);
  paystack.approveMomo(reference);
  app.clock.advance(PROVIDER_CHECK_MS);
  const status = await app.request(`/api/subscription/momo/${reference}`, { headers: bearer(ama.token) });
  expect(status.body).toMatchObject({ success: true, status: 'success' });
  const subscriptions = await app.db('subscriptions').where({ user_id: ama.userId }).orderBy('id');
  expect(subscriptions).toHaveLength(2);
  expect(new Date(subscriptions[1].period_start).toISOString()).toBe(new Date(before.end).toISOString());
});
