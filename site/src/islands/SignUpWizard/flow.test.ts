import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillSignupForm } from './filled-form.test-helper.ts';

// The payment and the server calls are stubbed: this checks what the wizard does with each outcome.
const payment = vi.hoisted(() => ({ payForIntent: vi.fn(), verifyAndComplete: vi.fn() }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const session = vi.hoisted(() => ({ signIn: vi.fn(), setPendingUserId: vi.fn() }));
const photos = vi.hoisted(() => ({ uploadProfilePhoto: vi.fn() }));
vi.mock('../../stores/photo-changes.ts', () => photos);
vi.mock('../../lib/payment.ts', async (original) => ({ ...(await original<object>()), ...payment }));
vi.mock('../../lib/api.ts', async (original) => ({ ...(await original<object>()), ...api }));
vi.mock('../../stores/session.ts', () => session);

const { $signup, $signupForm, $signupPhoto, choosePhoto, resetSignup, retryPayment, submitSignup } = await import(
  './store.ts'
);
const { RegistrationNotCompletedError } = await import('../../lib/payment.ts');

const intent = {
  completionSecret: 'one-time-secret',
  provider: 'sandbox',
  reference: 'SEPC1732262400000AB12CD42',
  amountKobo: 1000,
  months: 1,
  email: 'ama@example.com',
};
const user = { id: 42, firstName: 'Ama', email: 'ama@example.com', userType: 'customer' };

beforeEach(() => {
  resetSignup();
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('window', { location: { assign: vi.fn() } });
  fillSignupForm();
  api.apiFetch.mockResolvedValue({ success: true, message: 'ok', user: { id: 42 }, payment: intent });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sign-up payment flow', () => {
  it('creates the account once, pays, verifies, signs in and redirects after 3 s', async () => {
    vi.useFakeTimers();
    payment.payForIntent.mockResolvedValue({ status: 'success', reference: intent.reference });
    payment.verifyAndComplete.mockResolvedValue({ success: true, message: 'ok', autoLogin: true, token: 'tok', user });
    await submitSignup();
    expect(session.setPendingUserId.mock.calls).toEqual([[42], [null]]);
    expect(payment.verifyAndComplete).toHaveBeenCalledWith(42, intent.reference, 'one-time-secret');
    expect(session.signIn).toHaveBeenCalledWith('tok', user, { rememberEmail: true });
    expect($signup.get().phase).toMatchObject({ name: 'done', signedIn: true, to: '/customer-dashboard' });
    vi.advanceTimersByTime(2999);
    expect(window.location.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.location.assign).toHaveBeenCalledWith('/customer-dashboard');
  });

  it('the photo chosen at sign-up is uploaded once signed in; the page moves on after both, or stays to say it failed', async () => {
    vi.useFakeTimers();
    const file = new File([new Uint8Array(100)], 'me.jpg', { type: 'image/jpeg' });
    expect(choosePhoto(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }))).toBe(false);
    expect($signupPhoto.get()).toMatchObject({ file: null, error: expect.stringMatching(/not a photo/) });
    expect(choosePhoto(file)).toBe(true);
    payment.payForIntent.mockResolvedValue({ status: 'success', reference: intent.reference });
    payment.verifyAndComplete.mockResolvedValue({ success: true, message: 'ok', autoLogin: true, token: 'tok', user });
    let answer!: (outcome: unknown) => void;
    photos.uploadProfilePhoto.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await submitSignup();
    expect(photos.uploadProfilePhoto).toHaveBeenCalledWith(file);
    expect($signup.get().phase).toMatchObject({ name: 'done', photo: { state: 'sending' } });
    vi.advanceTimersByTime(5000);
    expect(window.location.assign).not.toHaveBeenCalled(); // still sending
    answer({ ok: true, message: 'Profile photo saved.' });
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/customer-dashboard'));
    expect($signup.get().phase).toMatchObject({ photo: { state: 'saved' } });
  });

  it('a photo that could not be saved is said on the done screen, and the page waits for Go to Dashboard', async () => {
    vi.useFakeTimers();
    choosePhoto(new File([new Uint8Array(100)], 'me.jpg', { type: 'image/jpeg' }));
    payment.payForIntent.mockResolvedValue({ status: 'success', reference: intent.reference });
    payment.verifyAndComplete.mockResolvedValue({ success: true, message: 'ok', autoLogin: true, token: 'tok', user });
    photos.uploadProfilePhoto.mockResolvedValueOnce({ ok: false, message: 'The photo could not be read.' });
    await submitSignup();
    await vi.waitFor(() =>
      expect($signup.get().phase).toMatchObject({
        photo: { state: 'failed', message: 'The photo could not be read.' },
      }),
    );
    vi.advanceTimersByTime(10_000);
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it('a cancelled payment says so; Try Again re-opens the same intent without a second account', async () => {
    payment.payForIntent.mockResolvedValueOnce({ status: 'cancelled' });
    await submitSignup();
    expect($signup.get().phase).toEqual({ name: 'failed', message: 'Payment was cancelled' });
    payment.payForIntent.mockResolvedValueOnce({ status: 'cancelled' });
    await retryPayment();
    expect(api.apiFetch).toHaveBeenCalledTimes(1);
    expect(payment.payForIntent).toHaveBeenCalledTimes(2);
    expect(payment.payForIntent.mock.calls[1]![0]).toBe(intent);
  });

  it('the months are sent with the sign-up; a length changed after a cancelled payment gets its own intent', async () => {
    $signupForm.setKey('months', 3);
    const threeMonths = { ...intent, months: 3, amountKobo: 3000 };
    api.apiFetch.mockResolvedValueOnce({ success: true, message: 'ok', user: { id: 42 }, payment: threeMonths });
    payment.payForIntent.mockResolvedValueOnce({ status: 'cancelled' });
    await submitSignup();
    expect(api.apiFetch.mock.calls[0]![1].body).toMatchObject({ months: 3, agreeToTerms: true });
    expect(payment.payForIntent.mock.calls[0]![0]).toBe(threeMonths);

    $signupForm.setKey('months', 12);
    const twelveMonths = { ...intent, months: 12, amountKobo: 12000, reference: 'SEPC1732262400000ZZ99YY42' };
    api.apiFetch.mockResolvedValueOnce({ success: true, payment: twelveMonths });
    payment.payForIntent.mockResolvedValueOnce({ status: 'cancelled' });
    await retryPayment();
    expect(api.apiFetch).toHaveBeenLastCalledWith('/api/signup/payment', {
      method: 'POST',
      body: { userId: 42, completionSecret: 'one-time-secret', months: 12 },
    });
    expect(payment.payForIntent.mock.calls[1]![0]).toBe(twelveMonths);
  });

  it('a verified payment whose completion failed is never shown as success; Try Again verifies again without paying', async () => {
    payment.payForIntent.mockResolvedValue({ status: 'success', reference: intent.reference });
    payment.verifyAndComplete.mockRejectedValueOnce(
      new RegistrationNotCompletedError(intent.reference, new Error('500')),
    );
    await submitSignup();
    const phase = $signup.get().phase;
    expect(phase.name).toBe('failed');
    expect(phase.name === 'failed' && phase.message).toContain('we could not activate your account yet');
    expect(session.signIn).not.toHaveBeenCalled();

    payment.verifyAndComplete.mockResolvedValueOnce({ success: true, message: 'ok', autoLogin: false, user });
    await retryPayment();
    expect(payment.payForIntent).toHaveBeenCalledTimes(1);
    expect($signup.get().phase).toMatchObject({ name: 'done', signedIn: false, to: '/signin' });
  });
});
