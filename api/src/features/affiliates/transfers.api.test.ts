import { expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin.ts';
import { bearer, signUpAffiliate } from '../../../test/accounts.ts';
import { type FakePaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { type TestApp, useTestApp } from '../../../test/harness.ts';
import { paystackTransfers } from '../../providers/transfers.ts';

// With Paystack keys, a mobile-money payout whose network the affiliate chose is paid by
// a Paystack transfer (recipient, transfer, verify), against a local server speaking Paystack's API.
let paystack: FakePaystack;
let app: TestApp;
let adminToken: string;
useTestApp(async () => {
  ({ app, paystack } = await startTestAppWithPaystack());
  adminToken = (await signInAdmin(app)).token;
  return { app };
});

async function requestedPayout(overrides: Record<string, unknown> = { momoNetwork: 'VOD', momoNumber: '0501234567' }) {
  const affiliate = await signUpAffiliate(app, overrides);
  await app.request('/api/dev/affiliate-credit', { method: 'POST', json: { email: affiliate.email, amount: 250 } });
  const res = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) });
  expect(res.status).toBe(201);
  return { affiliate, payout: res.body.payout as { id: number; reference: string } };
}
const act = (id: number, action: string) =>
  app.request(`/api/admin/payouts/${id}/${action}`, { method: 'PUT', headers: bearer(adminToken) });
const balance = async (affiliate: { email: string; token: string }) =>
  (
    await app.request(`/api/affiliate-data/${encodeURIComponent(affiliate.email)}`, {
      headers: bearer(affiliate.token),
    })
  ).body.affiliate.pendingPayout;
const webhook = (event: string, reference: string) => {
  const hook = paystack.webhook(event, { reference });
  return app.request('/api/paystack/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    body: hook.body,
  });
};

it('approving sends the transfer to the chosen network; completing waits for Paystack to report success', async () => {
  const { payout } = await requestedPayout();
  const approved = await act(payout.id, 'approve');
  expect(approved).toMatchObject({ status: 200, body: { payout: { status: 'processing' } } });
  expect(paystack.transfers.get(payout.reference)).toMatchObject({
    amount: 25000,
    bank_code: 'VOD',
    account_number: '0501234567',
    name: 'Kofi Refer',
    status: 'pending',
  });

  const early = await act(payout.id, 'complete');
  expect(early).toMatchObject({
    status: 409,
    body: { message: expect.stringMatching(/not finished this transfer yet \(status: pending\)/) },
  });
  paystack.finishTransfer(payout.reference, 'success');
  const done = await act(payout.id, 'complete');
  expect(done.body.payout).toMatchObject({ status: 'completed' });
  expect(await app.db('affiliate_payouts').where({ id: payout.id }).first()).toMatchObject({
    transfer_status: 'success',
  });
});

it('a transfer.failed webhook, checked with Paystack, fails the payout and returns the money', async () => {
  const { affiliate, payout } = await requestedPayout();
  await act(payout.id, 'approve');
  expect(await balance(affiliate)).toBe(0);

  // The event alone changes nothing while Paystack still says pending.
  expect((await webhook('transfer.failed', payout.reference)).status).toBe(200);
  expect((await app.db('affiliate_payouts').where({ id: payout.id }).first())!.status).toBe('processing');

  paystack.finishTransfer(payout.reference, 'failed');
  expect((await webhook('transfer.failed', payout.reference)).status).toBe(200);
  const row = await app.db('affiliate_payouts').where({ id: payout.id }).first();
  expect(row).toMatchObject({ status: 'failed', transfer_status: 'failed' });
  expect(row!.notes).toMatch(/back in the balance/);
  expect(await balance(affiliate)).toBe(250);
  const mail = await app.db('notifications').where({ recipient: affiliate.email }).orderBy('id', 'desc').first();
  expect(mail!.subject).toBe('Payout failed: ₵250.00');
});

it('a transfer.success webhook completes the payout without the administrator', async () => {
  const { payout } = await requestedPayout();
  await act(payout.id, 'approve');
  paystack.finishTransfer(payout.reference, 'success');
  await webhook('transfer.success', payout.reference);
  expect((await app.db('affiliate_payouts').where({ id: payout.id }).first())!.status).toBe('completed');
});

it('when Paystack refuses or cannot be reached, the payout stays pending and says why', async () => {
  const { payout } = await requestedPayout();
  paystack.nextTransferStatus('refuse');
  const refused = await act(payout.id, 'approve');
  paystack.nextTransferStatus('pending');
  expect(refused).toMatchObject({
    status: 502,
    body: { message: expect.stringMatching(/balance is not enough.*has not moved/) },
  });
  paystack.failNext(500);
  expect((await act(payout.id, 'approve')).status).toBe(503);
  expect((await app.db('affiliate_payouts').where({ id: payout.id }).first())!.status).toBe('pending');
  expect((await act(payout.id, 'approve')).body.payout.status).toBe('processing');
});

it('without a network on file, or for bank payouts, the payout is paid by hand (no transfer)', async () => {
  const { payout } = await requestedPayout({ momoNumber: '0241234567' });
  expect((await act(payout.id, 'approve')).body.payout.status).toBe('processing');
  expect(paystack.transfers.has(payout.reference)).toBe(false);
  expect((await act(payout.id, 'complete')).body.payout.status).toBe('completed');

  const bank = await requestedPayout({
    payoutMethod: 'bank-account',
    bankAccount: 'GCB 1234567890 Accra',
    momoNumber: '',
  });
  await act(bank.payout.id, 'approve');
  expect(paystack.transfers.has(bank.payout.reference)).toBe(false);
});

it('sending the same payout twice (a retry after a crash) finds the first transfer instead of paying again', async () => {
  const transfers = paystackTransfers({ secretKey: paystack.secretKey, apiBase: paystack.apiBase });
  const request = {
    reference: 'payout_retry_1',
    amountPesewas: 30000,
    name: 'Ama',
    accountNumber: '0241234567',
    network: 'MTN' as const,
    reason: 'test',
  };
  const first = await transfers.send(request);
  const again = await transfers.send(request);
  expect(again.transferCode).toBe(first.transferCode);
  expect([...paystack.transfers.values()].filter((t) => t.reference === 'payout_retry_1')).toHaveLength(1);
});

it('refuses a network that is not on the list at sign-up', async () => {
  const res = await app.request('/api/affiliate-signup', {
    method: 'POST',
    json: {
      firstName: 'Kofi',
      lastName: 'Refer',
      email: 'bad-network@example.com',
      phone: '0501112223',
      password: 'affiliate-pass-1',
      location: 'Accra',
      payoutMethod: 'mobile-money',
      momoNumber: '0501112223',
      momoNetwork: 'XYZ',
      agreeToTerms: true,
    },
  });
  expect(res).toMatchObject({
    status: 400,
    body: { errors: [{ field: 'momoNetwork', message: 'Please choose your mobile money network from the list' }] },
  });
});

it('while an approval waits on a hanging Paystack, nobody waits on it and the payout cannot be rejected meanwhile', async () => {
  const { affiliate, payout } = await requestedPayout();
  paystack.hang(true);
  try {
    const approving = act(payout.id, 'approve');
    const held = paystack.held;
    while (paystack.held === held) await new Promise((resolve) => setTimeout(resolve, 20));
    // Rejecting now would return the money while Paystack may be paying it.
    const rejected = await act(payout.id, 'reject');
    expect(rejected.status).toBe(409);
    expect(rejected.body.message).toMatch(/being sent to Paystack/);
    // No lock or transaction is held meanwhile: the affiliate's own page answers at once.
    const started = performance.now();
    expect(await balance(affiliate)).toBe(0);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect((await approving).status).toBe(503);
  } finally {
    paystack.hang(false);
  }
  expect(await app.db('affiliate_payouts').where({ id: payout.id }).first()).toMatchObject({
    status: 'pending',
    transfer_status: null,
  });
  expect((await act(payout.id, 'approve')).body.payout.status).toBe('processing');
  expect(paystack.transfers.get(payout.reference)).toMatchObject({ amount: 25000 });
});

it('an approval interrupted before Paystack answered is approved again, and then pays once', async () => {
  const { payout } = await requestedPayout();
  // What a process that stopped mid-way leaves: claimed, never recorded.
  await app
    .db('affiliate_payouts')
    .where({ id: payout.id })
    .update({ status: 'processing', transfer_status: 'sending', processed_at: app.clock.now() });
  expect((await act(payout.id, 'complete')).body.message).toMatch(/being sent to Paystack/);
  app.clock.advance(2 * 60_000);
  expect((await act(payout.id, 'reject')).body.message).toMatch(/interrupted. Approve it again/);
  const approved = await act(payout.id, 'approve');
  expect(approved.body.payout).toMatchObject({ status: 'processing', processedDate: null });
  expect(paystack.transfers.get(payout.reference)).toMatchObject({ amount: 25000 });
  expect((await act(payout.id, 'approve')).status).toBe(409);
});
