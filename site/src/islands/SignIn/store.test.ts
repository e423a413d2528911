import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES } from '../../../../contract/account-types.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import type { PaymentIntent } from '../../../../contract/payments.ts';
import { NetworkError } from '../../lib/api.ts';

const calls = vi.hoisted(() => ({
  attemptLogin: vi.fn(),
  firstPaymentFor: vi.fn(),
  payForIntent: vi.fn(),
  verifyAndComplete: vi.fn(),
  setPendingUserId: vi.fn(),
}));
vi.mock('./login.ts', () => ({ attemptLogin: calls.attemptLogin }));
vi.mock('../../lib/first-payment.ts', () => ({ firstPaymentFor: calls.firstPaymentFor }));
vi.mock('../../lib/payment.ts', () => ({
  payForIntent: calls.payForIntent,
  verifyAndComplete: calls.verifyAndComplete,
}));
vi.mock('../../stores/session.ts', () => ({ setPendingUserId: calls.setPendingUserId }));

const { $signInPayment, choosePaymentMonths, dropPayment, offerPayment, payFirstPayment } = await import('./store.ts');

const intent = (reference: string, months = 1) =>
  ({
    reference,
    months,
    provider: 'sandbox',
    completionSecret: 'secret',
    metadata: { subscription_type: 'customer' },
  }) as unknown as PaymentIntent;
const user = {
  id: 7,
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama@example.com',
  userType: 'customer',
} as unknown as SessionUser;
const form = {
  accountType: 'customer',
  loginMethod: 'email',
  email: 'ama@example.com',
  phone: '',
  password: 'GoodPass123',
} as const;

beforeEach(() => {
  vi.clearAllMocks();
  dropPayment();
  calls.firstPaymentFor.mockImplementation(async (_user: number, given: PaymentIntent, months: number) => ({
    ...given,
    months,
  }));
});

describe('the first payment asked at sign-in', () => {
  it('offers the payment for the intent length, and the chosen months are paid for', async () => {
    offerPayment({ message: 'Payment required', userId: 7, intent: intent('SEPC1') });
    expect($signInPayment.get()).toMatchObject({ busy: false, error: null, used: false, months: 1 });
    choosePaymentMonths(3);
    calls.payForIntent.mockResolvedValue({ status: 'success', reference: 'SEPC1' });
    calls.verifyAndComplete.mockResolvedValue({ autoLogin: true, token: 'tok', user });

    const result = await payFirstPayment(form);

    expect(calls.firstPaymentFor).toHaveBeenCalledWith(7, expect.objectContaining({ reference: 'SEPC1' }), 3);
    expect(calls.verifyAndComplete).toHaveBeenCalledWith(7, 'SEPC1', 'secret');
    expect(calls.setPendingUserId.mock.calls).toEqual([[7], [null]]);
    expect(result).toEqual({ kind: 'signed-in', token: 'tok', user, autoLogin: true });
    expect($signInPayment.get()).toBeNull();
  });

  it('a completion without a session says the account is active', async () => {
    offerPayment({ message: 'Payment required', userId: 7, intent: intent('SEPC1') });
    calls.payForIntent.mockResolvedValue({ status: 'success', reference: 'SEPC1' });
    calls.verifyAndComplete.mockResolvedValue({ autoLogin: false, user });
    expect(await payFirstPayment(form)).toEqual({ kind: 'activated' });
    expect($signInPayment.get()).toBeNull();
  });

  it('a closed pop-up keeps the panel with the cancelled words; the retry asks the server for a fresh intent', async () => {
    offerPayment({ message: 'Payment required', userId: 7, intent: intent('SEPC1') });
    calls.payForIntent.mockResolvedValueOnce({ status: 'cancelled' });
    expect(await payFirstPayment(form)).toEqual({ kind: 'stopped' });
    expect($signInPayment.get()).toMatchObject({ busy: false, used: true, error: PAYMENT_MESSAGES.cancelled });

    calls.attemptLogin.mockResolvedValue({
      kind: 'payment-required',
      message: 'Payment required',
      userId: 7,
      intent: intent('SEPC2'),
    });
    calls.payForIntent.mockResolvedValue({ status: 'success', reference: 'SEPC2' });
    calls.verifyAndComplete.mockResolvedValue({ autoLogin: true, token: 'tok', user });
    expect(await payFirstPayment(form)).toMatchObject({ kind: 'signed-in' });
    expect(calls.attemptLogin).toHaveBeenCalledWith(form);
    expect(calls.payForIntent).toHaveBeenLastCalledWith(expect.objectContaining({ reference: 'SEPC2' }));
  });

  it('a retry finds the account already paid and signs in; or says why it stopped', async () => {
    offerPayment({ message: 'Payment required', userId: 7, intent: intent('SEPC1') });
    $signInPayment.set({ ...$signInPayment.get()!, used: true });
    calls.attemptLogin.mockResolvedValueOnce({ kind: 'network' });
    expect(await payFirstPayment(form)).toEqual({ kind: 'stopped' });
    expect($signInPayment.get()).toMatchObject({ busy: false, error: LOGIN_MESSAGES.network });

    calls.attemptLogin.mockResolvedValueOnce({
      kind: 'success',
      token: 'tok',
      user,
      corrected: false,
      firstVisit: false,
    });
    expect(await payFirstPayment(form)).toEqual({ kind: 'signed-in', token: 'tok', user, firstVisit: false });
    expect(calls.payForIntent).not.toHaveBeenCalled();
    expect($signInPayment.get()).toBeNull();
  });

  it('a failure shows plain words and frees the button; a second tap while busy does nothing', async () => {
    offerPayment({ message: 'Payment required', userId: 7, intent: intent('SEPC1') });
    let release: (value: unknown) => void = () => {};
    calls.payForIntent.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const first = payFirstPayment(form);
    await vi.waitFor(() => expect(calls.payForIntent).toHaveBeenCalled());
    expect(await payFirstPayment(form)).toEqual({ kind: 'stopped' });
    calls.verifyAndComplete.mockRejectedValueOnce(new NetworkError());
    release({ status: 'success', reference: 'SEPC1' });
    expect(await first).toEqual({ kind: 'stopped' });
    const shown = $signInPayment.get();
    expect(shown?.busy).toBe(false);
    expect(shown?.error).toBe(new NetworkError().message);
    expect(calls.payForIntent).toHaveBeenCalledTimes(1);
  });
});
