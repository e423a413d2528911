import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES } from '../../../../contract/accounts.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import { attemptLogin } from './login.ts';
import type { LoginForm } from './login.ts';

const user: SessionUser = {
  id: 3,
  email: 'kojo@example.com',
  phone: '+233241234567',
  firstName: 'Kojo',
  lastName: 'Sparks',
  userType: 'professional',
  status: 'active',
  location: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const form = (overrides: Partial<LoginForm> = {}): LoginForm => ({
  accountType: 'customer',
  loginMethod: 'email',
  email: 'kojo@example.com',
  phone: '',
  password: 'secret-pass',
  ...overrides,
});

let sent: unknown[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent = [];
});

describe('attemptLogin', () => {
  it('checks the form with loginSchema before sending anything', async () => {
    answer(200, {});
    expect(await attemptLogin(form({ email: '  ' }))).toEqual({
      kind: 'invalid',
      message: LOGIN_MESSAGES.required,
      field: 'email',
    });
    expect(await attemptLogin(form({ password: '' }))).toEqual({
      kind: 'invalid',
      message: LOGIN_MESSAGES.required,
      field: 'password',
    });
    expect(await attemptLogin(form({ loginMethod: 'phone' }))).toMatchObject({ kind: 'invalid', field: 'phone' });
    expect(sent).toEqual([]);
  });

  it('sends only the identifier of the chosen method', async () => {
    answer(200, { success: true, message: 'ok', token: 't', user });
    await attemptLogin(form({ loginMethod: 'phone', phone: '024 123 4567', email: 'ignored@example.com' }));
    expect(sent).toEqual([
      { loginMethod: 'phone', phone: '024 123 4567', password: 'secret-pass', accountType: 'customer' },
    ]);
  });

  it('success: the server’s type decides, and a different pick is reported as corrected', async () => {
    answer(200, { success: true, message: 'ok', token: 't', user });
    expect(await attemptLogin(form())).toEqual({
      kind: 'success',
      token: 't',
      user,
      corrected: true,
      firstVisit: false,
    });
    answer(200, { success: true, message: 'ok', token: 't', user });
    expect(await attemptLogin(form({ accountType: 'professional' }))).toMatchObject({ corrected: false });
  });

  it('wrong credentials, suspended and throttled: "Login Failed" with the server’s message', async () => {
    answer(401, { success: false, code: 'wrong_credentials', message: 'Invalid login credentials' });
    expect(await attemptLogin(form())).toEqual({ kind: 'failed', message: 'Invalid login credentials' });
    answer(403, { success: false, code: 'suspended', message: LOGIN_MESSAGES.suspended });
    expect(await attemptLogin(form())).toEqual({ kind: 'failed', message: LOGIN_MESSAGES.suspended });
    answer(429, { success: false, code: 'rate_limited', message: LOGIN_MESSAGES.throttled });
    expect(await attemptLogin(form())).toEqual({ kind: 'failed', message: LOGIN_MESSAGES.throttled });
    answer(401, {});
    expect(await attemptLogin(form())).toEqual({ kind: 'failed', message: LOGIN_MESSAGES.failedFallback });
  });

  it('an unpaid account: the payment to offer', async () => {
    const payment = { provider: 'sandbox', reference: 'SEPC1', amountKobo: 1000 };
    answer(403, {
      success: false,
      code: 'payment_required',
      message: LOGIN_MESSAGES.pendingPayment,
      userId: 9,
      payment,
    });
    expect(await attemptLogin(form())).toEqual({
      kind: 'payment-required',
      message: LOGIN_MESSAGES.pendingPayment,
      userId: 9,
      intent: payment,
    });
  });

  it('no connection: "Login Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await attemptLogin(form())).toEqual({ kind: 'network' });
  });
});
