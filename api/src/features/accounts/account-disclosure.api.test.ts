import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../../../contract/accounts.ts';
import { LOGIN_MESSAGES, SIGNUP_MESSAGES } from '../../../../contract/account-types.ts';
import { affiliateSignupBody, signUp, signupBody } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { LIMITS } from '../../http/rate-limit.ts';

// Sign-up said whether an email or phone has an account; sign-in and forgot-password
// do not. The decision (docs/SECURITY.md "Second round"): sign-up must say so (the
// person is about to pay for a second account, and is sent to sign in instead), but only once the
// rest of the form is valid, and at most LIMITS.signupTakenByAddress times an hour to one network;
// past that every sign-up from the network is refused, so the refusal tells nothing either.

let app: TestApp;
useTestApp(async () => (app = await startTestApp({ env: { TRUST_PROXY_HOPS: '1' } })));

let networks = 0;
/** A fresh IPv6 /64 for each test, so their counts stand apart. */
const newNetwork = () => `2001:db8:26:${(++networks).toString(16)}`;
const signupFrom = (network: string, body: Record<string, unknown>) =>
  app.request('/api/signup', { method: 'POST', headers: { 'x-forwarded-for': `${network}::1` }, json: body });
const affiliateSignupFrom = (network: string, overrides: Record<string, unknown>) =>
  app.request('/api/affiliate-signup', {
    method: 'POST',
    headers: { 'x-forwarded-for': `${network}::2` },
    json: affiliateSignupBody(overrides),
  });
const TAKEN = /already exists/;
const { perHour } = LIMITS.signupTakenByAddress;

describe('#26.14 whether an email or phone number has an account', () => {
  it('sign-in and forgot-password answer the same for an account that exists and for one that does not', async () => {
    const { body: owner } = await signUp(app);
    const login = (json: Record<string, unknown>) => app.request('/api/auth/login', { method: 'POST', json });
    const strip = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
    const unknownPhone = '0209876543';
    for (const [known, unknown] of [
      [
        { loginMethod: 'email', email: owner.email, password: 'wrong-password' },
        { loginMethod: 'email', email: 'nobody.here@example.com', password: 'wrong-password' },
      ],
      [
        { loginMethod: 'phone', phone: owner.phone, password: 'wrong-password' },
        { loginMethod: 'phone', phone: unknownPhone, password: 'wrong-password' },
      ],
    ]) {
      const [a, b] = [strip(await login(known)), strip(await login(unknown))];
      expect(a).toEqual(b);
      expect(a).toEqual({
        status: 401,
        body: { success: false, code: 'wrong_credentials', message: LOGIN_MESSAGES.wrongCredentials },
      });
    }
    const forgot = (json: Record<string, unknown>) =>
      app.request('/api/auth/forgot-password', { method: 'POST', json }).then(strip);
    expect(await forgot({ email: owner.email })).toEqual(await forgot({ email: 'nobody.here@example.com' }));
    expect(await forgot({ phone: owner.phone })).toEqual(await forgot({ phone: unknownPhone }));
    expect((await forgot({ email: owner.email })).body).toMatchObject({ message: FORGOT_PASSWORD_ANSWER });
  });

  it('sign-up says an email or phone has an account only once the rest of the form is valid', async () => {
    const network = newNetwork();
    const { body: owner } = await signUp(app);
    for (const identity of [{ email: owner.email }, { phone: owner.phone }]) {
      const mismatch = await signupFrom(network, signupBody({ ...identity, confirmPassword: 'something-else-1' }));
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe(SIGNUP_MESSAGES.passwordMismatch);
      // An unknown referrer code is the form's last check: it is answered before the account is looked up.
      const unknownCode = await signupFrom(network, signupBody({ ...identity, referrerCode: 'SEAFFNOPE00' }));
      expect(unknownCode.status).toBe(400);
      expect(unknownCode.body.errors).toEqual([{ field: 'referrerCode', message: SIGNUP_MESSAGES.referrerUnknown }]);
      expect(JSON.stringify(unknownCode.body)).not.toMatch(TAKEN);
    }
    const taken = await signupFrom(network, signupBody({ email: owner.email }));
    expect(taken.status).toBe(409);
    // What to do next: the person signing up is most likely the owner.
    expect(taken.body.message).toMatch(/email already exists.*sign in/i);
    expect(taken.body.message).toMatch(/Forgot password/);
    expect((await signupFrom(network, signupBody({ phone: owner.phone }))).body.message).toMatch(
      /phone number already exists/,
    );
  });

  it(`tells one network at most ${perHour} times an hour that an email or phone has an account, then refuses all its sign-ups for the hour`, async () => {
    const network = newNetwork();
    const { body: owner } = await signUp(app);
    for (let i = 0; i < perHour; i++)
      expect((await signupFrom(network, signupBody({ email: owner.email }))).status).toBe(409);
    const refusal = { status: 429, body: { message: LIMITS.signupTakenByAddress.message } };
    // Past the limit a taken email and a free one get the same answer, so the answer tells nothing.
    expect(await signupFrom(network, signupBody({ email: owner.email }))).toMatchObject(refusal);
    const fresh = signupBody();
    expect(await signupFrom(network, fresh)).toMatchObject(refusal);
    expect(await app.db('users').where({ email: fresh.email }).first()).toBeUndefined();
    expect(await affiliateSignupFrom(network, { phone: owner.phone })).toMatchObject(refusal);
    expect(await affiliateSignupFrom(network, {})).toMatchObject(refusal);
    // Another network is not held up; the next hour this one may sign up again.
    expect((await signupFrom(newNetwork(), signupBody({ email: owner.email }))).status).toBe(409);
    app.clock.advance(3600_000);
    expect((await signupFrom(network, fresh)).status).toBe(201);
  });

  it('counts sign-ups sent at the same moment in turn: no more than the limit learn anything', async () => {
    const network = newNetwork();
    const { body: owner } = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: perHour + 10 }, () => signupFrom(network, signupBody({ phone: owner.phone }))),
    );
    expect(answers.filter((a) => a.status === 409)).toHaveLength(perHour);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it('does not refuse a crowd behind one carrier address signing up at the same moment', async () => {
    const network = newNetwork();
    const answers = await Promise.all(Array.from({ length: perHour + 5 }, () => signupFrom(network, signupBody())));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  });

  it('affiliate sign-up follows the same rule', async () => {
    const network = newNetwork();
    const { body: owner } = await signUp(app);
    expect((await affiliateSignupFrom(network, { email: owner.email, password: 'short' })).status).toBe(400);
    const taken = await affiliateSignupFrom(network, { email: owner.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/email already exists.*sign in/i);
  });
});
