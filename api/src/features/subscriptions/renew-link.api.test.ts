import { describe, expect, it } from 'vitest';
import { bearer, proveNumber, remindedRenewLink, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { paymentProvider } from '../../providers/index.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { loadConfig } from '../../config.ts';
import { RENEW_LINK_TTL_MS, renewLinks } from './renew-link.ts';

// /renew/{token} is single-use, 72 hours, only for that
// account's next renewal, and stored hashed.
describe('one-tap renewal links', () => {
  let app: TestApp;
  let links: ReturnType<typeof renewLinks>;
  const logger = createLogger('error', { write: () => true });
  useTestApp(async () => {
    app = await startTestApp();
    const config = loadConfig({ NODE_ENV: 'test' });
    links = renewLinks({
      db: app.db,
      clock: app.clock,
      logger,
      payments: paymentProvider(config, app.db, app.clock),
      notifier: outboxNotifier({ clock: app.clock }),
    });
    return app;
  });

  let serial = 0;
  /** A paid customer (an MTN number ending 000, 001, …) and the link of the reminder just sent to them. */
  async function reminded() {
    app.clock.set(new Date('2026-11-22T09:00:00Z'));
    const customer = await signUpAndPay(app, { phone: `0551234${String(serial++).padStart(3, '0')}` });
    const token = await remindedRenewLink(app, customer.userId);
    return { customer, token };
  }

  it('shows the plan, the price and the masked number; keeps only the hash', async () => {
    const { customer, token } = await reminded();
    expect(await links.view(token)).toEqual({
      planName: 'Customer',
      amount: '₵10.00',
      phone: '055…000',
      network: 'mtn',
      paidUntil: '2026-12-22T09:00:00.000Z',
    });
    const row = await app.db('renew_links').where({ user_id: customer.userId }).first();
    expect(row!.token_hash).not.toContain(token);
    expect(JSON.stringify(app.logs)).not.toContain(token);
  });

  it('expires after 72 hours', async () => {
    const { token } = await reminded();
    app.clock.advance(RENEW_LINK_TTL_MS - 60_000);
    expect(await links.view(token)).toBeDefined();
    app.clock.advance(120_000);
    expect(await links.view(token)).toBeUndefined();
    await expect(links.send(token, 'mtn')).rejects.toMatchObject({ status: 410 });
  });

  it('is spent once its renewal is paid, and is good only for the period it was sent about', async () => {
    const { customer, token } = await reminded();
    const sent = await links.send(token, 'mtn');
    expect(sent.status).toBe('pay_offline');
    await app.request(`/api/sandbox/momo/${sent.reference}`, { method: 'POST', json: { approve: true } });
    expect((await links.status(token, sent.reference!)).status).toBe('success');
    expect(await links.view(token)).toBeUndefined();
    await expect(links.send(token, 'mtn')).rejects.toMatchObject({ status: 410 });
    // A second reminder's link for the period just paid is useless once the account renews another way.
    const second = await reminded();
    const renew = await app.request('/api/subscription/renew', {
      method: 'POST',
      json: {},
      headers: bearer(second.customer.token),
    });
    expect(renew.status).toBe(200);
    await app.request('/api/sandbox/charge', {
      method: 'POST',
      json: {
        reference: renew.body.payment.reference,
        amount: renew.body.payment.amountKobo,
        currency: 'GHS',
        email: renew.body.payment.email,
        metadata: renew.body.payment.metadata,
        outcome: 'success',
        method: 'card',
      },
    });
    await app.request('/api/verify-payment', {
      method: 'POST',
      json: { reference: renew.body.payment.reference },
      headers: bearer(second.customer.token),
    });
    expect(await links.view(second.token)).toBeUndefined();
    expect(customer.userId).not.toBe(second.customer.userId);
  });

  // A spent or expired link used to read and act on every prompt of its owner
  // by reference, dashboard prompts to other numbers too.
  it('acts only on the prompts it started, and on none once spent or expired', async () => {
    const { customer, token } = await reminded();
    const dashboardPrompt = (json: Record<string, unknown>) =>
      app.request('/api/subscription/momo', { method: 'POST', json, headers: bearer(customer.token) });
    const fromDashboard = await dashboardPrompt({ provider: 'mtn' });
    expect(fromDashboard.body.status).toBe('pay_offline');
    await proveNumber(app, customer.token, '0241234111');
    const toAnother = await dashboardPrompt({ provider: 'mtn', phone: '0241234111' });
    expect(toAnother.body.status).toBe('pay_offline');
    // The link's own prompt is a prompt of its own, even to the same phone.
    const own = await links.send(token, 'mtn');
    expect(own.reference).not.toBe(fromDashboard.body.reference);

    for (const reference of [fromDashboard.body.reference, toAnother.body.reference]) {
      await expect(links.status(token, reference)).rejects.toMatchObject({ status: 404 });
      await expect(links.otp(token, reference, '123456')).rejects.toMatchObject({ status: 404 });
      await expect(links.testPhone(token, reference, true)).rejects.toMatchObject({ status: 404 });
    }
    // The test phone never answered the dashboard's prompts through the link.
    expect(
      (await app.db('sandbox_transactions').where({ reference: fromDashboard.body.reference }).first('status'))!.status,
    ).toBe('pending');

    // Spent by its own paid prompt: still says how that one ended, acts on nothing.
    await links.testPhone(token, own.reference!, true);
    expect((await links.status(token, own.reference!)).status).toBe('success');
    expect((await links.status(token, own.reference!)).status).toBe('success');
    await expect(links.testPhone(token, own.reference!, true)).rejects.toMatchObject({ status: 410 });
    await expect(links.otp(token, own.reference!, '123456')).rejects.toMatchObject({ status: 410 });
    await expect(links.status(token, fromDashboard.body.reference)).rejects.toMatchObject({ status: 404 });

    // Expired: nothing at all, not even its own prompt.
    app.clock.advance(RENEW_LINK_TTL_MS + 1000);
    await expect(links.status(token, own.reference!)).rejects.toMatchObject({ status: 410 });
  });

  it('an expired link no longer acts on its own open prompt', async () => {
    const { token } = await reminded();
    const own = await links.send(token, 'mtn');
    app.clock.advance(RENEW_LINK_TTL_MS + 1000);
    await expect(links.testPhone(token, own.reference!, true)).rejects.toMatchObject({ status: 410 });
    await expect(links.status(token, own.reference!)).rejects.toMatchObject({ status: 410 });
    expect((await app.db('sandbox_transactions').where({ reference: own.reference! }).first('status'))!.status).toBe(
      'pending',
    );
  });

  // docs/PRODUCT.md "Mobile money in one tap": a spent link, opened again, says how its prompt ended.
  it('once spent, says when its own prompt was paid and how long the account now runs; nothing once expired', async () => {
    const { customer, token } = await reminded();
    expect(await links.ended(token)).toBeUndefined();
    const own = await links.send(token, 'mtn');
    // Declined: the link is still live, and nothing ended yet.
    await links.testPhone(token, own.reference!, false);
    expect((await links.status(token, own.reference!)).status).toBe('failed');
    expect(await links.ended(token)).toBeUndefined();
    expect(await links.view(token)).toBeDefined();

    app.clock.advance(60 * 60_000);
    const again = await links.send(token, 'mtn');
    await links.testPhone(token, again.reference!, true);
    expect((await links.status(token, again.reference!)).status).toBe('success');
    expect(await links.view(token)).toBeUndefined();
    const [latest] = await app.db('subscriptions').where({ user_id: customer.userId }).max({ end: 'period_end' });
    expect(await links.ended(token)).toEqual({
      paidAt: expect.stringMatching(/^2026-11-22T10:0\d:/),
      paidUntil: new Date(latest!.end).toISOString(),
    });
    expect(new Date(latest!.end).toISOString()).toBe('2027-01-22T09:00:00.000Z');

    app.clock.advance(RENEW_LINK_TTL_MS);
    expect(await links.ended(token)).toBeUndefined();
  });

  it('knows nothing of a token nobody issued, however it is shaped', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', 'a'.repeat(10_000), '../../etc']) {
      expect(await links.view(token)).toBeUndefined();
      expect(await links.ended(token)).toBeUndefined();
      await expect(links.send(token, 'mtn')).rejects.toMatchObject({ status: 410 });
    }
  });
});
