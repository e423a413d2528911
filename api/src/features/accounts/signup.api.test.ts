import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFFILIATE_MESSAGES, SIGNUP_MESSAGES } from '../../../../contract/accounts.ts';
import { AFFILIATE_TERMS_VERSION, TERMS_VERSION } from '../../../../contract/account-types.ts';
import { affiliateSignupBody, signUp, signupBody, signUpAndPay } from '../../../test/accounts.ts';
import { projectRoot } from '../../site.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

describe('POST /api/signup (the form rules, server side too)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  const post = (body: Record<string, unknown>) => app.request('/api/signup', { method: 'POST', json: body });

  it('creates a pending customer with the phone stored as +233…', async () => {
    const body = signupBody({ phone: '024 555 0101' });
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: { id: expect.any(Number) } });
    const user = await app.db('users').where({ id: res.body.user.id }).first();
    expect(user).toMatchObject({ status: 'pending', user_type: 'customer', phone: '+233245550101', email: body.email });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('refuses a sign-up without the terms agreed, by its field, and records which terms and when for one with', async () => {
    for (const agreeToTerms of [undefined, false, 'true', 1]) {
      const refused = await post(signupBody({ agreeToTerms }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field: 'agreeToTerms', message: SIGNUP_MESSAGES.terms });
    }
    const agreed = await post(signupBody());
    expect(agreed.status).toBe(201);
    const user = await app.db('users').where({ id: agreed.body.user.id }).first();
    expect(user).toMatchObject({ terms_version: TERMS_VERSION, terms_agreed_at: app.clock.now() });
    // An affiliate's agreement is recorded too, against the affiliate terms.
    const affiliateBody = affiliateSignupBody();
    const affiliate = await app.request('/api/affiliate-signup', { method: 'POST', json: affiliateBody });
    expect(affiliate.status).toBe(201);
    const row = await app.db('users').where({ email: affiliateBody.email }).first();
    expect(row?.terms_version).toBe(AFFILIATE_TERMS_VERSION);
  });

  it('keeps the recorded terms versions equal to the dates on the terms pages', () => {
    const lastUpdated = (file: string) =>
      /^lastUpdated:\s*(\S+)/m.exec(readFileSync(join(projectRoot, 'content', 'legal', file), 'utf8'))?.[1];
    expect(lastUpdated('terms.md')).toBe(TERMS_VERSION);
    expect(lastUpdated('affiliate-terms.md')).toBe(AFFILIATE_TERMS_VERSION);
  });

  it('gives professionals who send 0 rates ₵30–₵50, negotiable, Monday–Friday 09:00–17:00', async () => {
    const res = await post(
      signupBody({
        userType: 'professional',
        profession: 'Electrician',
        localAddress: 'Adum, Kumasi',
        location: 'Kumasi',
      }),
    );
    const profile = await app.db('professional_profiles').where({ user_id: res.body.user.id }).first();
    expect(profile).toMatchObject({
      profession: 'Electrician',
      base_rate_pesewas: 3000,
      max_rate_pesewas: 5000,
      rate_negotiable: true,
    });
    const availability =
      typeof profile!.availability === 'string' ? JSON.parse(profile!.availability) : profile!.availability;
    expect(availability).toEqual({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      start: '09:00',
      end: '17:00',
    });
  });

  it.each([
    ['first name missing', { firstName: '' }, SIGNUP_MESSAGES.required],
    ['last name missing', { lastName: undefined }, SIGNUP_MESSAGES.required],
    ['email missing', { email: '' }, SIGNUP_MESSAGES.required],
    ['phone missing', { phone: '' }, SIGNUP_MESSAGES.required],
    ['password missing', { password: '' }, SIGNUP_MESSAGES.required],
    ['a bad email', { email: 'ama@example' }, SIGNUP_MESSAGES.invalidEmail],
    ['a short password', { password: 'short', confirmPassword: 'short' }, SIGNUP_MESSAGES.shortPassword],
    ['a mismatched confirmation', { confirmPassword: 'something-else' }, SIGNUP_MESSAGES.passwordMismatch],
    ['a non-Ghana phone', { phone: '+44 7700 900123' }, SIGNUP_MESSAGES.invalidPhone],
    ['no plan', { userType: '' }, SIGNUP_MESSAGES.noPlan],
    [
      'a professional without profession',
      { userType: 'professional', localAddress: 'Osu' },
      SIGNUP_MESSAGES.noProfession,
    ],
    [
      'a professional without local address',
      { userType: 'professional', profession: 'Plumber' },
      SIGNUP_MESSAGES.noLocalAddress,
    ],
    ['a one-letter name', { firstName: 'A' }, SIGNUP_MESSAGES.nameLength],
    [
      'a profession outside the 12',
      { userType: 'professional', profession: 'Astronaut', localAddress: 'Osu' },
      SIGNUP_MESSAGES.noProfession,
    ],
    ['a picture that is not PNG/JPG', { profilePicture: 'me.gif' }, 'Profile picture must be a PNG or JPG file'],
  ])('refuses %s', async (_label, overrides, message) => {
    const res = await post(signupBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('reports a missing field before a bad pattern, as the product rules order the checks', async () => {
    const res = await post(signupBody({ email: 'not-an-email', phone: '' }));
    expect(res.body.message).toBe(SIGNUP_MESSAGES.required);
  });

  it('answers 409 naming the email, whatever its case, and the phone, in either spelling', async () => {
    const first = signupBody();
    await post(first);
    const sameEmail = await post(signupBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toMatch(/email already exists/);
    const samePhone = await post(signupBody({ phone: `+233${first.phone.slice(1)}` }));
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toMatch(/phone number already exists/);
  });

  it('records the referral of a valid referrer code, and refuses an unknown or malformed code by its field', async () => {
    const affiliate = await app.request('/api/affiliate-signup', {
      method: 'POST',
      json: {
        firstName: 'Kofi',
        lastName: 'Owusu',
        email: 'kofi.affiliate@example.com',
        phone: '0509990001',
        password: 'affiliate-pass-1',
        location: 'Accra',
        payoutMethod: 'mobile-money',
        momoNumber: '0559990001',
        agreeToTerms: true,
      },
    });
    const code = affiliate.body.affiliate.referrerCode as string;
    const referred = await signUp(app, { referrerCode: code.toLowerCase() });
    const referral = await app.db('referrals').where({ referred_user_id: referred.userId }).first();
    expect(referral!.referrer_code).toBe(code);
    expect(Number(referral!.affiliate_user_id)).toBe(affiliate.body.user.id);
    const unknownBody = signupBody({ referrerCode: 'SEAFFNOPE00' });
    const unknown = await post(unknownBody);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: 'referrerCode', message: expect.stringMatching(/could not find that referrer code/) },
    ]);
    expect(await app.db('users').where({ email: unknownBody.email }).first()).toBeUndefined();
    for (const bad of ['SEAFF 7K2', 'x'.repeat(33), '<script>']) {
      const malformed = await post(signupBody({ referrerCode: bad }));
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/letters and numbers/);
    }
    // An empty code is no code.
    expect((await post(signupBody({ referrerCode: '' }))).status).toBe(201);
    // The affiliate's own email or phone cannot sign up again at all, so cannot refer itself.
    const self = await post(signupBody({ email: 'kofi.affiliate@example.com', referrerCode: code }));
    expect(self.status).toBe(409);
  });
});

describe('POST /api/affiliate-signup', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Efua',
    lastName: 'Asante',
    email: `efua${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: `020${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    password: 'affiliate-pass-1',
    location: 'Cape Coast',
    payoutMethod: 'bank-account',
    bankAccount: 'GCB Bank, 1234567890, Efua Asante',
    momoNumber: '',
    description: 'Student ambassador',
    agreeToTerms: true,
    ...overrides,
  });

  it('signs the affiliate up without payment, with a unique SEAFF code, and signs them in', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await app.request('/api/affiliate-signup', { method: 'POST', json: body() });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        autoLogin: true,
        user: { userType: 'affiliate', status: 'active' },
      });
      expect(res.body.affiliate.referrerCode).toMatch(/^SEAFF[2-9A-HJ-NP-Z]{6}$/);
      expect(res.body.affiliate.referrerCode).not.toBe('SEAFF0000');
      codes.add(res.body.affiliate.referrerCode);
      const me = await app.request('/api/auth/verify', {
        method: 'POST',
        headers: { authorization: `Bearer ${res.body.token}` },
      });
      expect(me.status).toBe(200);
    }
    expect(codes.size).toBe(5);
  });

  it.each([
    ['a missing location', { location: '' }, AFFILIATE_MESSAGES.required],
    ['no payout method', { payoutMethod: undefined }, AFFILIATE_MESSAGES.noPayoutMethod],
    [
      'mobile money without a number',
      { payoutMethod: 'mobile-money', momoNumber: '' },
      AFFILIATE_MESSAGES.noMomoNumber,
    ],
    ['bank account without details', { bankAccount: '' }, AFFILIATE_MESSAGES.noBankAccount],
    ['terms not agreed', { agreeToTerms: false }, AFFILIATE_MESSAGES.terms],
    ['a bad email', { email: 'efua@' }, AFFILIATE_MESSAGES.invalidEmail],
    ['a bad phone', { phone: '12345' }, AFFILIATE_MESSAGES.invalidPhone],
  ])('refuses %s', async (_label, overrides, message) => {
    const res = await app.request('/api/affiliate-signup', { method: 'POST', json: body(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 409 for an email a customer already uses', async () => {
    const customer = await signUpAndPay(app);
    const res = await app.request('/api/affiliate-signup', {
      method: 'POST',
      json: body({ email: customer.body.email }),
    });
    expect(res.status).toBe(409);
  });
});
