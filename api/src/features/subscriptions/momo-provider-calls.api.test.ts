import { describe, expect, it } from 'vitest';
import { bearer, remindedRenewLink } from '../../../test/accounts.ts';
import {
  type FakePaystack,
  paystackEnv,
  signUpAndPayAtPaystack,
  startTestAppWithPaystack,
} from '../../../test/fake-paystack.ts';
import { TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { paymentProvider } from '../../providers/index.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { PROVIDER_CHECK_MS } from './momo.ts';
import { renewLinks } from './renew-link.ts';

// Every read of a prompt's status (the dashboard's poll, each reload of the
// renewal page) used to call Paystack's verify: 200 reads, 200 calls. Paystack is asked at most
// once every PROVIDER_CHECK_MS per reference; the rest is answered from the database, and the
// webhook settles a paid prompt without waiting for a read.
describe('how often Paystack is asked about a prompt', () => {
  let app: TestApp;
  let paystack: FakePaystack;
  let links: ReturnType<typeof renewLinks>;
  const logger = createLogger('error', { write: () => true });
  useTestApp(async () => {
    ({ app, paystack } = await startTestAppWithPaystack());
    const config = loadConfig({ NODE_ENV: 'test', ...paystackEnv(paystack) });
    const notifier = outboxNotifier({ clock: app.clock });
    links = renewLinks({
      db: app.db,
      clock: app.clock,
      logger,
      payments: paymentProvider(config, app.db, app.clock),
      notifier,
    });
    return app;
  });

  const verifies = (reference: string) =>
    paystack.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;

  /** A customer whose first month was paid at Paystack, signed in. */
  async function subscriber() {
    app.clock.set(TEST_START);
    return signUpAndPayAtPaystack(app, paystack);
  }

  it('200 reads of a prompt from the dashboard ask Paystack once per interval', async () => {
    const ama = await subscriber();
    const sent = await app.request('/api/subscription/momo', {
      method: 'POST',
      json: { provider: 'mtn' },
      headers: bearer(ama.token),
    });
    expect(sent.body.status).toBe('pay_offline');
    const reference = sent.body.reference as string;
    const read = () => app.request(`/api/subscription/momo/${reference}`, { headers: bearer(ama.token) });

    const answers = await Promise.all(Array.from({ length: 200 }, read));
    expect(answers.map((a) => a.body.status)).toEqual(Array(200).fill('pay_offline'));
    expect(verifies(reference)).toBe(1);

    // Approved on the phone: reads within the interval still answer from the database…
    paystack.approveMomo(reference);
    app.clock.advance(PROVIDER_CHECK_MS - 1000);
    expect((await read()).body.status).toBe('pay_offline');
    expect(verifies(reference)).toBe(1);
    // …and the first read after it asks again, and finds it paid.
    app.clock.advance(1000);
    const paid = await Promise.all(Array.from({ length: 20 }, read));
    expect(paid.filter((a) => a.body.status === 'success').length).toBeGreaterThan(0);
    expect(verifies(reference)).toBe(2);
    // Paid: never asked again, however often it is read.
    app.clock.advance(PROVIDER_CHECK_MS * 10);
    expect((await read()).body.status).toBe('success');
    expect(verifies(reference)).toBe(2);
    expect((await app.db('subscriptions').where({ user_id: ama.userId })).length).toBe(2);
  });

  it('100 loads of the renewal page for a prompt ask Paystack once; the webhook settles it without a load', async () => {
    const kofi = await subscriber();
    const token = await remindedRenewLink(app, kofi.userId);
    const sent = await links.send(token, 'mtn');
    const reference = sent.reference!;

    const loads = await Promise.all(Array.from({ length: 100 }, () => links.status(token, reference)));
    expect(new Set(loads.map((a) => a.status))).toEqual(new Set(['pay_offline']));
    expect(verifies(reference)).toBe(1);

    paystack.approveMomo(reference);
    const hook = paystack.webhook('charge.success', { reference });
    const delivered = await app.request('/api/paystack/webhook', {
      method: 'POST',
      body: hook.body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    });
    expect(delivered.status).toBe(200);
    expect(verifies(reference)).toBe(2);
    // Paid by the webhook: the page says so at once, from the database.
    expect((await links.status(token, reference)).status).toBe('success');
    expect(verifies(reference)).toBe(2);
  });
});
