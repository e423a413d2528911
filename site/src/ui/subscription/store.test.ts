import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import { NetworkError } from '../../lib/api.ts';

const calls = vi.hoisted(() => ({ apiFetch: vi.fn(), payForIntent: vi.fn() }));
vi.mock('../../lib/payment.ts', () => ({ payForIntent: calls.payForIntent }));
vi.mock('../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api.ts')>()),
  apiFetch: calls.apiFetch,
}));

const { $renewal, RENEW_FAILED, renew, retryRenewal, showRenewalCard } = await import('./store.ts');

const intent = { reference: 'SERN1', months: 3 };
const answers = (verify: unknown) =>
  calls.apiFetch.mockImplementation(async (path: string) => {
    if (path === '/api/subscription/renew') return { success: true, payment: intent };
    if (path === '/api/verify-payment') {
      if (verify instanceof Error) throw verify;
      return verify;
    }
    throw new Error(`unexpected ${path}`);
  });

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  showRenewalCard();
});

describe('renewing from the subscription card', () => {
  it('renews, verifies, asks for a reload, and hands the success to the next card shown once', async () => {
    const card = showRenewalCard();
    answers({ success: true });
    calls.payForIntent.mockResolvedValue({ status: 'success', reference: 'SERN1' });
    const onRenewed = vi.fn();
    await renew({ card, token: 't', previous: '2030-01-10T00:00:00.000Z', onRenewed }, 3);

    expect(calls.apiFetch).toHaveBeenCalledWith(
      '/api/subscription/renew',
      expect.objectContaining({ body: { months: 3 }, token: 't' }),
    );
    expect(calls.apiFetch).toHaveBeenCalledWith(
      '/api/verify-payment',
      expect.objectContaining({ body: { reference: 'SERN1' } }),
    );
    expect($renewal.get()).toEqual({
      kind: 'renewed',
      previous: '2030-01-10T00:00:00.000Z',
      estimate: '2030-04-10T00:00:00.000Z',
    });
    expect(onRenewed).toHaveBeenCalledOnce();

    showRenewalCard(); // the dashboard reloaded and shows a new card
    expect($renewal.get().kind).toBe('renewed');
    showRenewalCard();
    expect($renewal.get().kind).toBe('idle');
  });

  it('a closed pop-up is cancelled; a refused start says so in plain words', async () => {
    const card = showRenewalCard();
    answers({ success: true });
    calls.payForIntent.mockResolvedValue({ status: 'cancelled' });
    await renew({ card, token: 't', previous: '', onRenewed: vi.fn() }, 1);
    expect($renewal.get()).toEqual({ kind: 'cancelled' });

    calls.apiFetch.mockResolvedValueOnce({ success: false });
    await renew({ card, token: 't', previous: '', onRenewed: vi.fn() }, 1);
    expect($renewal.get()).toEqual({ kind: 'failed', message: RENEW_FAILED, reference: null, months: 1 });
  });

  it('Try Again after a failed verification verifies the same reference, not a new payment', async () => {
    const card = showRenewalCard();
    answers(new NetworkError());
    calls.payForIntent.mockResolvedValue({ status: 'success', reference: 'SERN1' });
    const context = { card, token: 't', previous: '', onRenewed: vi.fn() };
    await renew(context, 3);
    expect($renewal.get()).toMatchObject({
      kind: 'failed',
      reference: 'SERN1',
      months: 3,
      message: new NetworkError().message,
    });

    answers({ success: false });
    await retryRenewal(context, 1);
    expect(calls.payForIntent).toHaveBeenCalledOnce();
    expect($renewal.get()).toMatchObject({
      kind: 'failed',
      reference: 'SERN1',
      message: PAYMENT_MESSAGES.verifyFailed,
    });
  });

  it('a renewal started by a card no longer shown moves nothing on screen', async () => {
    const card = showRenewalCard();
    answers({ success: true });
    let pay: (value: unknown) => void = () => {};
    calls.payForIntent.mockReturnValue(new Promise((resolve) => (pay = resolve)));
    const running = renew({ card, token: 't', previous: '', onRenewed: vi.fn() }, 1);
    await vi.waitFor(() => expect(calls.payForIntent).toHaveBeenCalled());
    showRenewalCard();
    pay({ status: 'cancelled' });
    await running;
    expect($renewal.get()).toEqual({ kind: 'idle' });
  });
});
