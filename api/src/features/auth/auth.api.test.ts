import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../contract/dates.ts';
import { FORGOT_PASSWORD_ANSWER, LOGIN_MESSAGES } from '../../../../contract/accounts.ts';
import { bearer, paySandbox, signUp, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';

describe('sign-in, session, sign-out', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));
  const login = (json: Record<string, unknown>) => app.request('/api/auth/login', { method: 'POST', json });

  it('signs in by email, whatever its case, and the server decides the user type', async () => {
    const { body } = await signUpAndPay(app, { userType: 'professional', profession: 'Plumber', localAddress: 'Osu' });
    const res = await login({
      loginMethod: 'email',
      email: body.email.toUpperCase(),
      password: body.password,
      accountType: 'customer',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      user: { userType: 'professional', email: body.email, firstName: 'Ama' },
    });
    expect(res.body.user.password_hash).toBeUndefined();
    const me = await app.request('/api/auth/verify', { method: 'POST', headers: bearer(res.body.token) });
    expect(me.body).toMatchObject({ success: true, user: { id: res.body.user.id } });
  });

  it('signs in by phone in either spelling', async () => {
    const { body } = await signUpAndPay(app);
    for (const phone of [body.phone, `+233${body.phone.slice(1)}`]) {
      const res = await login({ loginMethod: 'phone', phone, password: body.password });
      expect(res.status).toBe(200);
    }
  });

  it('says whether this is the account\'s first sign-in, so a new user is not welcomed "back"', async () => {
    const { body } = await signUpAndPay(app);
    // As an account that paid without being signed in by the payment (the payment's auto sign-in is a visit).
    const user = await app.db('users').where({ email: body.email }).first();
    await app.db('sessions').where({ user_id: user!.id }).del();
    const first = await login({ loginMethod: 'email', email: body.email, password: body.password });
    const second = await login({ loginMethod: 'email', email: body.email, password: body.password });
    expect([first.body.firstVisit, second.body.firstVisit]).toEqual([true, false]);
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const { body } = await signUpAndPay(app);
    const wrong = await login({ loginMethod: 'email', email: body.email, password: 'not-the-password' });
    const unknown = await login({ loginMethod: 'email', email: 'nobody@example.com', password: 'whatever-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, code: 'wrong_credentials', message: LOGIN_MESSAGES.wrongCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses missing credentials with 400', async () => {
    expect((await login({ loginMethod: 'email', password: 'x' })).status).toBe(400);
    expect((await login({ loginMethod: 'phone', email: 'a@b.co', password: 'x' })).status).toBe(400);
    expect((await login({ loginMethod: 'email', email: 'a@b.co' })).status).toBe(400);
  });

  it('tells an unpaid account to complete payment and offers a payment to do it', async () => {
    const { body, userId } = await signUp(app);
    const res = await login({ loginMethod: 'email', email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'payment_required',
      message: LOGIN_MESSAGES.pendingPayment,
      userId,
    });
    expect(res.body.payment).toMatchObject({ amountKobo: 1000, email: body.email, provider: 'sandbox' });
    expect(res.body.token).toBeUndefined();
    // Paying that offer activates the account.
    await paySandbox(app, res.body.payment);
    const done = await app.request('/api/complete-registration', {
      method: 'POST',
      json: {
        userId,
        paymentReference: res.body.payment.reference,
        completionSecret: res.body.payment.completionSecret,
      },
    });
    expect(done.body).toMatchObject({ success: true, autoLogin: true });
    expect((await login({ loginMethod: 'email', email: body.email, password: body.password })).status).toBe(200);
  });

  it('refuses a suspended account, and its sessions stop working at once', async () => {
    const { body, token, userId } = await signUpAndPay(app);
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer(token) })).status).toBe(200);
    await app.db('users').where({ id: userId }).update({ status: 'suspended' });
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer(token) })).status).toBe(401);
    const res = await login({ loginMethod: 'email', email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'suspended', message: LOGIN_MESSAGES.suspended });
  });

  it('revokes the token on sign-out', async () => {
    const { token } = await signUpAndPay(app);
    expect((await app.request('/api/auth/logout', { method: 'POST', headers: bearer(token) })).body.success).toBe(true);
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer(token) })).status).toBe(401);
  });

  it('refuses missing, malformed and made-up tokens', async () => {
    expect((await app.request('/api/auth/verify', { method: 'POST' })).status).toBe(401);
    expect(
      (await app.request('/api/auth/verify', { method: 'POST', headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer('A'.repeat(43)) })).status).toBe(
      401,
    );
  });

  it('ends sessions after 30 days', async () => {
    const { token } = await signUpAndPay(app);
    app.clock.advance(31 * DAY_MS);
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer(token) })).status).toBe(401);
  });

  it('answers 429 after 10 failures for one account within 15 minutes, then lets the owner in after', async () => {
    const { body, userId } = await signUpAndPay(app);
    for (let i = 0; i < 10; i++) {
      expect((await login({ loginMethod: 'email', email: body.email, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await login({ loginMethod: 'email', email: body.email, password: body.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(LOGIN_MESSAGES.throttled);
    expect(blocked.headers.get('retry-after')).toBe('900');
    const stored = await app
      .db('login_attempts')
      .where({ account_key: `user:${userId}` })
      .count({ n: '*' });
    expect(Number(stored[0].n)).toBe(10); // counted in the database, so every process agrees
    app.clock.advance(16 * 60 * 1000);
    expect((await login({ loginMethod: 'email', email: body.email, password: body.password })).status).toBe(200);
  });
});

describe('own data only: GET /api/{type}-data/{email}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers the signed-in account its own record, 401 without a token, 403 for another email', async () => {
    const customer = await signUpAndPay(app);
    const other = await signUpAndPay(app);
    const path = (email: string) => `/api/customer-data/${encodeURIComponent(email)}`;
    const own = await app.request(path(customer.body.email), { headers: bearer(customer.token) });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      customer: { email: customer.body.email, firstName: 'Ama', subscription: { planType: 'customer' } },
    });
    expect((await app.request(path(customer.body.email))).status).toBe(401);
    const theirs = await app.request(path(other.body.email), { headers: bearer(customer.token) });
    expect(theirs.status).toBe(403);
    expect(JSON.stringify(theirs.body)).not.toContain(other.body.phone.slice(1));
    expect(
      (
        await app.request(`/api/professional-data/${encodeURIComponent(customer.body.email)}`, {
          headers: bearer(customer.token),
        })
      ).status,
    ).toBe(404);
  });

  it('gives a professional their rates in cedis and an affiliate their code', async () => {
    const pro = await signUpAndPay(app, { userType: 'professional', profession: 'Cook', localAddress: 'Tema' });
    const res = await app.request(`/api/professional-data/${encodeURIComponent(pro.body.email)}`, {
      headers: bearer(pro.token),
    });
    expect(res.body.professional).toMatchObject({
      profession: 'Cook',
      baseRate: 30,
      maxRate: 50,
      rateNegotiable: true,
      skills: ['Cook'],
    });
  });
});

describe('password reset', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));
  const lastMail = async () => (await app.request('/api/dev/mailbox')).body.messages[0];
  const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('sends a single-use link that changes the password and signs out every session', async () => {
    const { body, token: oldSession } = await signUpAndPay(app);
    const res = await app.request('/api/auth/forgot-password', { method: 'POST', json: { email: body.email } });
    // The test server has diagnostics on: the answer says the message waits in the dev mailbox.
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER, devMailbox: true });
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: body.email, subject: 'Reset your password' });
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const token = tokenIn(mail.text);

    const reset = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'brand-new-pass-9' },
    });
    expect(reset.body.success).toBe(true);
    expect((await app.request('/api/auth/verify', { method: 'POST', headers: bearer(oldSession) })).status).toBe(401);
    const again = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'another-pass-99' },
    });
    expect(again.status).toBe(400);
    const login = (password: string) =>
      app.request('/api/auth/login', { method: 'POST', json: { loginMethod: 'email', email: body.email, password } });
    expect((await login(body.password)).status).toBe(401);
    expect((await login('brand-new-pass-9')).status).toBe(200);
  });

  it('keeps a reset link only with its email: when the outbox cannot take it, a new request works at once', async () => {
    const { body, userId } = await signUpAndPay(app);
    const ask = () => app.request('/api/auth/forgot-password', { method: 'POST', json: { email: body.email } });
    await withOutboxClosed(app.db, async () => {
      expect((await ask()).status).toBe(500);
    });
    expect(await app.db('password_resets').where({ user_id: userId })).toEqual([]);
    expect((await ask()).status).toBe(200); // no link nobody received holds back the minute between requests
    expect(await app.db('password_resets').where({ user_id: userId })).toHaveLength(1);
    expect(await lastMail()).toMatchObject({ to: body.email, subject: 'Reset your password' });
  });

  // On PostgreSQL (PGlite runs one statement at a time) this sent more than one link before the row lock.
  it('sends one link for a double tap: requests at the same moment write one link and one email', async () => {
    const { body, userId } = await signUpAndPay(app);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.request('/api/auth/forgot-password', { method: 'POST', json: { email: body.email } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await app.db('password_resets').where({ user_id: userId })).toHaveLength(1);
    const mails = (await app.request('/api/dev/mailbox')).body.messages.filter(
      (m: { to: string }) => m.to === body.email,
    );
    expect(
      mails.map((m: { subject: string }) => m.subject).filter((s: string) => s === 'Reset your password'),
    ).toHaveLength(1);
  });

  it('gives the same answer for an unknown account and sends nothing', async () => {
    const before = (await app.request('/api/dev/mailbox')).body.messages.length;
    const res = await app.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: 'nobody@example.com' },
    });
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER, devMailbox: true });
    expect((await app.request('/api/dev/mailbox')).body.messages.length).toBe(before);
  });

  it('works from a phone number, and a link older than 1 hour is refused', async () => {
    const { body } = await signUpAndPay(app);
    await app.request('/api/auth/forgot-password', { method: 'POST', json: { phone: body.phone } });
    const token = tokenIn((await lastMail()).text);
    app.clock.advance(61 * 60 * 1000);
    const res = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'brand-new-pass-9' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
  });

  it('refuses a made-up token and a short new password', async () => {
    expect(
      (
        await app.request('/api/auth/reset-password', {
          method: 'POST',
          json: { token: 'x'.repeat(43), password: 'brand-new-pass-9' },
        })
      ).status,
    ).toBe(400);
    const short = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: 'x'.repeat(43), password: 'short' },
    });
    expect(short.body.message).toBe('Password must be at least 8 characters long');
  });

  it('keeps the dev mailbox closed, and out of the reset answer, when diagnostics are off', async () => {
    const production = await startTestApp({ env: { NODE_ENV: 'production', PAYMENTS: 'sandbox' } });
    try {
      expect((await production.request('/api/dev/mailbox')).status).toBe(404);
      const forgot = await production.request('/api/auth/forgot-password', {
        method: 'POST',
        json: { email: 'nobody@example.com' },
      });
      expect(forgot.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER, devMailbox: false });
      expect(
        (
          await production.request('/api/payments/test-intent', {
            method: 'POST',
            json: { plan: 'customer', email: 'a@b.co' },
          })
        ).status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/dev/clock (browser tests move time)', () => {
  it('exists only for a test server with a movable clock', async () => {
    const dev = await startTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect((await dev.request('/api/dev/clock', { method: 'POST', json: { advanceMs: 1000 } })).status).toBe(404);
    } finally {
      await dev.close();
    }
    const test = await startTestApp({ env: { NODE_ENV: 'test' } });
    try {
      const before = test.clock.now().getTime();
      const res = await test.request('/api/dev/clock', { method: 'POST', json: { advanceMs: 3600_000 } });
      expect(res.status).toBe(200);
      expect(test.clock.now().getTime()).toBe(before + 3600_000);
      expect((await test.request('/api/dev/clock', { method: 'POST', json: { advanceMs: -5 } })).status).toBe(400);
      // Only forward, or back to the start: anything else is refused and moves nothing.
      for (const json of [{ reset: false }, {}, { reset: 'yes' }]) {
        const refused = await test.request('/api/dev/clock', { method: 'POST', json });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBeTruthy();
      }
      expect(test.clock.now().getTime()).toBe(before + 3600_000);
      // A browser test puts back what it moved.
      expect((await test.request('/api/dev/clock', { method: 'POST', json: { reset: true } })).status).toBe(200);
      expect(test.clock.now().getTime()).toBe(before);
    } finally {
      await test.close();
    }
  });
});
