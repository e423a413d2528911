import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOMO_MESSAGES, MOMO_PROMPT_TTL_MS } from '../../../../contract/momo.ts';
import { bearer, proveNumber, signUpAndPay } from '../../../test/accounts.ts';
import { PROVIDER_CHECK_MS } from './momo.ts';
import { SANDBOX_PROMPT_TEXT, SANDBOX_VOUCHER } from '../../providers/sandbox.ts';
import {
  type FakePaystack,
  MOMO_VOUCHER,
  signUpAndPayAtPaystack,
  startTestAppWithPaystack,
} from '../../../test/fake-paystack.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// The server creates the renewal payment and Paystack's direct
// charge rings the phone; only settlement (verify: amount, currency, owner, one use) grants time.
const START = new Date('2026-11-22T09:00:00Z'); // the first month runs to 2026-12-22 09:00

describe('renewal by a mobile-money prompt, through the real Paystack adapter and a fake Paystack', () => {
  let paystack: FakePaystack;
  let app: TestApp;
  useTestApp(async () => ({ app, paystack } = await startTestAppWithPaystack()));

  /** A customer who paid the first month at Paystack; `prompt` asks for a renewal prompt. */
  async function subscriber(overrides: Record<string, unknown> = {}) {
    app.clock.set(START);
    const { userId, body, token } = await signUpAndPayAtPaystack(app, paystack, overrides);
    return {
      userId,
      email: body.email as string,
      token,
      prove: (phone: string) => proveNumber(app, token, phone),
      prompt: (json: Record<string, unknown> = {}) =>
        app.request('/api/subscription/momo', { method: 'POST', json, headers: bearer(token) }),
      status: (reference: string, as = token) =>
        app.request(`/api/subscription/momo/${reference}`, { headers: bearer(as) }),
      otp: (reference: string, otp: string) =>
        app.request('/api/subscription/momo/otp', { method: 'POST', json: { reference, otp }, headers: bearer(token) }),
    };
  }
  const paidUntil = async (userId: number) => {
    const [row] = await app.db('subscriptions').where({ user_id: userId }).max({ end: 'period_end' });
    return new Date(row.end).toISOString();
  };

  it("pay_offline: rings the account's number, says so, and grants the month once the phone approves", async () => {
    const ama = await subscriber({ phone: '0551234987' });
    const sent = await ama.prompt({ provider: 'mtn' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      status: 'pay_offline',
      message: 'Approve the ₵10.00 prompt on 055…987 within 3 minutes.',
    });
    const charged = paystack.momoCharges.at(-1)!;
    expect(charged).toMatchObject({
      amount: 1000,
      email: ama.email,
      mobile_money: { phone: '0551234987', provider: 'mtn' },
      reference: sent.body.reference,
    });
    // Not approved yet: still waiting, nothing granted.
    expect((await ama.status(sent.body.reference)).body.status).toBe('pay_offline');
    expect(await paidUntil(ama.userId)).toBe('2026-12-22T09:00:00.000Z');
    paystack.approveMomo(sent.body.reference);
    // Paystack is asked again only once PROVIDER_CHECK_MS have passed since it was last asked.
    app.clock.advance(PROVIDER_CHECK_MS);
    const paid = await ama.status(sent.body.reference);
    expect(paid.body).toMatchObject({ success: true, status: 'success', paidUntil: '2027-01-22T09:00:00.000Z' });
    expect(paid.body.message).toContain('22 January 2027');
    // Asked again (or the webhook after the poll): granted once.
    expect((await ama.status(sent.body.reference)).body.status).toBe('success');
    const hook = paystack.webhook('charge.success', { reference: sent.body.reference });
    expect(
      (
        await app.request('/api/paystack/webhook', {
          method: 'POST',
          body: hook.body,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
        })
      ).status,
    ).toBe(200);
    expect(await paidUntil(ama.userId)).toBe('2027-01-22T09:00:00.000Z');
    expect((await app.db('subscriptions').where({ user_id: ama.userId })).length).toBe(2);
    // The network named is remembered for next time.
    expect((await app.db('users').where({ id: ama.userId }).first('momo_network'))!.momo_network).toBe('mtn');
  });

  it('the webhook before the poll settles it too, and the poll then says paid', async () => {
    const kofi = await subscriber();
    await kofi.prove('0271234567');
    const sent = await kofi.prompt({ provider: 'atl', phone: '0271234567' });
    expect(sent.body.message).toBe('Approve the ₵10.00 prompt on 027…567 within 3 minutes.');
    paystack.approveMomo(sent.body.reference);
    const hook = paystack.webhook('charge.success', { reference: sent.body.reference });
    const headers = { 'content-type': 'application/json', 'x-paystack-signature': hook.signature };
    expect((await app.request('/api/paystack/webhook', { method: 'POST', body: hook.body, headers })).status).toBe(200);
    expect((await app.request('/api/paystack/webhook', { method: 'POST', body: hook.body, headers })).status).toBe(200); // replayed
    expect((await kofi.status(sent.body.reference)).body).toMatchObject({
      status: 'success',
      paidUntil: '2027-01-22T09:00:00.000Z',
    });
    expect((await app.db('subscriptions').where({ user_id: kofi.userId })).length).toBe(2);
  });

  it('a double tap sends one prompt; another number sends another', async () => {
    const efua = await subscriber();
    const before = paystack.momoCharges.length;
    const [first, second] = await Promise.all([efua.prompt({ provider: 'mtn' }), efua.prompt({ provider: 'mtn' })]);
    expect(first.body.reference).toBe(second.body.reference);
    // The second tap finds the first's prompt: still being sent, or already ringing.
    expect(['pending', 'pay_offline']).toContain(second.body.status);
    expect((await efua.prompt({ provider: 'mtn' })).body).toMatchObject({
      reference: first.body.reference,
      status: 'pay_offline',
    });
    expect(paystack.momoCharges.length).toBe(before + 1);
    await efua.prove('0241112223');
    const other = await efua.prompt({ provider: 'mtn', phone: '0241112223' });
    expect(other.body.reference).not.toBe(first.body.reference);
    expect(paystack.momoCharges.length).toBe(before + 2);
  });

  it('send_otp: Telecel asks for a voucher code, a wrong one is asked again, the right one leads to the prompt', async () => {
    const yaw = await subscriber({ phone: '0201234567' });
    const sent = await yaw.prompt({ provider: 'vod' });
    expect(sent.body).toMatchObject({ status: 'send_otp', message: 'Please enter the voucher code' });
    expect((await yaw.otp(sent.body.reference, '12')).status).toBe(400);
    expect((await yaw.otp(sent.body.reference, '000000')).body.status).toBe('send_otp');
    const ok = await yaw.otp(sent.body.reference, MOMO_VOUCHER);
    expect(ok.body).toMatchObject({
      status: 'pay_offline',
      message: 'Approve the ₵10.00 prompt on 020…567 within 3 minutes.',
    });
    expect((await yaw.otp(sent.body.reference, MOMO_VOUCHER)).status).toBe(409);
    paystack.approveMomo(sent.body.reference);
    expect((await yaw.status(sent.body.reference)).body.status).toBe('success');
  });

  it("pending then success; failed with the network's reason; refused numbers; the provider away", async () => {
    const abena = await subscriber();
    paystack.nextMomo('pending');
    const pending = await abena.prompt({ provider: 'mtn' });
    expect(pending.body).toMatchObject({
      status: 'pending',
      message: expect.stringContaining('Waiting for the mobile-money network'),
    });
    paystack.approveMomo(pending.body.reference);
    expect((await abena.status(pending.body.reference)).body.status).toBe('success');

    paystack.nextMomo('failed');
    const failed = await abena.prompt({ provider: 'mtn' });
    expect(failed.body).toMatchObject({
      success: false,
      status: 'failed',
      message:
        'The payment did not go through: Not enough funds in the wallet. Nothing was taken. You can send the prompt again.',
    });
    expect((await app.db('payments').where({ reference: failed.body.reference }).first('status'))!.status).toBe(
      'failed',
    );
    expect((await abena.status(failed.body.reference)).body.status).toBe('failed');

    for (const phone of ['0261234567', '+233302123456', '0541234567']) await abena.prove(phone);
    const declined = await abena.prompt({ provider: 'atl', phone: '0261234567' });
    paystack.declineMomo(declined.body.reference);
    expect((await abena.status(declined.body.reference)).body).toMatchObject({ success: false, status: 'failed' });

    // A number Paystack refuses (a landline-looking one is still a Ghana number to us).
    const refused = await abena.prompt({ provider: 'mtn', phone: '+233302123456' });
    expect(refused.body).toMatchObject({ status: 'failed' });
    expect(refused.body.message).toContain('030…456');

    // Paystack away: whether the prompt left is unknown, so the page keeps asking until it expires.
    paystack.failNext(500);
    const away = await abena.prompt({ provider: 'mtn', phone: '0541234567' });
    expect(away.body).toMatchObject({
      success: true,
      status: 'pending',
      message: expect.stringContaining('could not confirm'),
    });
    expect((await abena.status(away.body.reference)).body.status).toBe('pending');
    app.clock.advance(MOMO_PROMPT_TTL_MS + 1000);
    expect((await abena.status(away.body.reference)).body.status).toBe('failed');
  });

  it('an unapproved prompt expires after 3 minutes, is recorded as failed, and can be sent again', async () => {
    const esi = await subscriber();
    const sent = await esi.prompt({ provider: 'mtn' });
    app.clock.advance(MOMO_PROMPT_TTL_MS + 1000);
    const expired = await esi.status(sent.body.reference);
    expect(expired.body).toMatchObject({
      success: false,
      status: 'failed',
      message: expect.stringContaining('expired'),
    });
    const again = await esi.prompt({ provider: 'mtn' });
    expect(again.body.reference).not.toBe(sent.body.reference);
    expect(again.body.status).toBe('pay_offline');
    // Approved at the last second after all: the money was taken, so the month is granted.
    paystack.approveMomo(sent.body.reference);
    const hook = paystack.webhook('charge.success', { reference: sent.body.reference });
    await app.request('/api/paystack/webhook', {
      method: 'POST',
      body: hook.body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    });
    expect((await esi.status(sent.body.reference)).body.status).toBe('success');
  });

  it("refuses a wrong amount, another account's reference, and bad input, in plain words", async () => {
    const a = await subscriber();
    const b = await subscriber();
    const sent = await a.prompt({ provider: 'mtn' });
    expect((await b.status(sent.body.reference, b.token)).status).toBe(404);
    expect((await b.otp(sent.body.reference, '123456')).status).toBe(404);
    // Paystack reports less than the price: never granted.
    await app.db('payments').where({ reference: sent.body.reference }).update({ amount_pesewas: 2000 });
    paystack.approveMomo(sent.body.reference);
    expect((await a.status(sent.body.reference)).body.status).toBe('failed');
    expect((await app.db('subscriptions').where({ user_id: a.userId })).length).toBe(1);

    const bad = await a.prompt({ phone: '12345', provider: 'mtn' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MOMO_MESSAGES.badPhone);
    expect((await a.prompt({ provider: 'orange' })).status).toBe(400);
    expect((await a.prompt({ provider: 'mtn', months: 2 })).status).toBe(400);
    expect((await a.prompt({ phone: '0'.repeat(5000), provider: 'mtn' })).status).toBe(400);
    expect((await app.request('/api/subscription/momo', { method: 'POST', json: {} })).status).toBe(401);
    // No network named yet and none remembered: asked for, not guessed from the prefix.
    const fresh = await subscriber();
    const unnamed = await fresh.prompt({});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe(MOMO_MESSAGES.noNetwork);
  });
});

describe('renewal by a mobile-money prompt in the sandbox (TEST MODE: the test phone answers)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('rings the test phone, which approves or declines; Telecel asks for the TEST MODE voucher first', async () => {
    const { token, userId } = await signUpAndPay(app);
    const prompt = (json: Record<string, unknown>) =>
      app.request('/api/subscription/momo', { method: 'POST', json, headers: bearer(token) });
    const phone = (reference: string, approve: boolean) =>
      app.request(`/api/sandbox/momo/${reference}`, { method: 'POST', json: { approve } });
    const status = (reference: string) =>
      app.request(`/api/subscription/momo/${reference}`, { headers: bearer(token) });

    const declined = await prompt({ provider: 'mtn' });
    expect(declined.body.status).toBe('pay_offline');
    expect((await phone(declined.body.reference, false)).status).toBe(200);
    expect((await status(declined.body.reference)).body.status).toBe('failed');
    expect((await phone(declined.body.reference, true)).status).toBe(404); // answered already

    await proveNumber(app, token, '0201234567');
    const voucher = await prompt({ provider: 'vod', phone: '0201234567' });
    expect(voucher.body).toMatchObject({ status: 'send_otp', message: SANDBOX_PROMPT_TEXT.voucher });
    expect((await phone(voucher.body.reference, true)).status).toBe(409); // the code comes first
    const otp = (code: string) =>
      app.request('/api/subscription/momo/otp', {
        method: 'POST',
        json: { reference: voucher.body.reference, otp: code },
        headers: bearer(token),
      });
    expect((await otp('999999')).body).toMatchObject({ status: 'send_otp', message: SANDBOX_PROMPT_TEXT.wrongVoucher });
    expect((await otp(SANDBOX_VOUCHER)).body.status).toBe('pay_offline');
    await phone(voucher.body.reference, true);
    expect((await status(voucher.body.reference)).body).toMatchObject({
      status: 'success',
      paidUntil: '2027-01-22T09:00:00.000Z',
    });
    expect((await app.db('subscriptions').where({ user_id: userId })).length).toBe(2);
  });
});
