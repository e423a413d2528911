import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_SIGNUP_CODE_TRIES,
  AFFILIATE_SIGNUP_CODE_TTL_MINUTES,
  AFFILIATE_SIGNUP_MESSAGES,
  AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY,
  AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR,
  AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY,
} from '../../../../contract/affiliate-signups.ts';
import { MINUTE_MS, HOUR_MS } from '../../../../contract/dates.ts';
import { bearer, signUp, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { type FakePaystack, startTestAppWithPaystack } from '../../../test/fake-paystack.ts';
import { startTestApp, TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';
import { nextStepOf, TEXTS_IN_TOTAL } from './service.ts';

describe('the next step named to a listed professional', () => {
  it("is the phone menu's code when the menu is on", () => {
    const ussd = { provider: 'africastalking', callbackSecret: 'x'.repeat(24), dialCode: '*920*55#' } as const;
    expect(nextStepOf(ussd)).toBe('Ask them to dial *920*55# to set their PIN.');
  });
});

// An affiliate signs up a professional from the dashboard (docs/PRODUCT.md "Signed up by an
// affiliate"): a code to the professional's phone, the first payment's prompt on that phone, and
// the referral and commission the affiliate's.
describe('an affiliate signs up a professional', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  let spare = 0;
  /** A Ghana number no account has. */
  const freshNumber = () => `0247${String(process.pid % 1000).padStart(3, '0')}${String(spare++).padStart(3, '0')}`;
  const e164 = (local: string) => `+233${local.slice(1)}`;

  const details = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Yaw',
    lastName: 'Mason',
    phone: freshNumber(),
    profession: 'Plumber',
    location: 'Kumasi',
    localAddress: 'Asokwa',
    network: 'mtn',
    agreeToTerms: true,
    ...overrides,
  });
  const start = (token: string, body: Record<string, unknown>) =>
    app.request('/api/affiliate/signups', { method: 'POST', json: body, headers: bearer(token) });
  const prove = (token: string, id: number, code: string) =>
    app.request(`/api/affiliate/signups/${id}/code`, { method: 'POST', json: { code }, headers: bearer(token) });
  const status = (token: string, id: number) => app.request(`/api/affiliate/signups/${id}`, { headers: bearer(token) });
  /** The sign-up codes a number's phone got. */
  const textsTo = (local: string) =>
    app
      .db('notifications')
      .where({ recipient: e164(local), subject: 'Sign-up code' })
      .whereNull('fallback_of')
      .orderBy('id')
      .select('body');
  const lastCode = async (local: string) => /code (\d{6})\./.exec((await textsTo(local)).at(-1)!.body)![1];
  const accountOf = (phone: string) =>
    app
      .db('users')
      .where({ phone: e164(phone) })
      .first();
  const notCode = (code: string) => (code === '000000' ? '111111' : '000000');
  const listed = async (phone: string) =>
    app
      .db('professional_profiles as p')
      .join('users as u', 'u.id', 'p.user_id')
      .where('u.phone', e164(phone))
      .where('u.status', 'active')
      .whereNotNull('p.paid_until')
      .first('u.id');

  /** An affiliate who started a sign-up: its id, the number and the code texted. */
  async function started(overrides: Record<string, unknown> = {}) {
    const affiliate = await signUpAffiliate(app);
    const body = details(overrides);
    const res = await start(affiliate.token, body);
    expect(res.status).toBe(201);
    return { affiliate, body, id: res.body.signup.id as number, code: await lastCode(body.phone), res };
  }

  it('texts a code, makes the account on the right code, rings the phone, and lists it once paid, with the referral and commission', async () => {
    app.clock.set(TEST_START);
    const { affiliate, body, id, code, res } = await started({ email: '' });
    expect(res.body.signup).toMatchObject({
      stage: 'code_sent',
      name: 'Yaw Mason',
      phone: `${body.phone.slice(0, 3)}…${body.phone.slice(-3)}`,
      prompt: null,
      nextStep: null,
    });
    const [text] = await textsTo(body.phone);
    expect(text.body).toBe(
      `ServiceConnect: Kofi is signing you up (Plumber). If you agree, give them the code ${code}. It works ${AFFILIATE_SIGNUP_CODE_TTL_MINUTES} minutes.`,
    );
    expect(text.body.length).toBeLessThanOrEqual(160);
    // Nothing is made before the number is proved.
    expect(await accountOf(body.phone)).toBeUndefined();

    const proved = await prove(affiliate.token, id, code);
    expect(proved.status).toBe(200);
    expect(proved.body.signup).toMatchObject({ stage: 'paying', prompt: { status: 'pay_offline' } });
    const user = await accountOf(body.phone);
    expect(user).toMatchObject({
      status: 'pending',
      user_type: 'professional',
      email: `${e164(body.phone).slice(1)}@no-email.invalid`,
    });
    const referral = await app.db('referrals').where({ referred_user_id: user!.id }).first();
    expect([Number(referral?.affiliate_user_id), referral?.referrer_code]).toEqual([affiliate.id, affiliate.code]);
    // Unpaid: not listed.
    expect(await listed(body.phone)).toBeUndefined();

    // The professional approves the prompt on their own phone (the TEST MODE phone).
    const reference = proved.body.signup.prompt.reference as string;
    expect(
      (await app.request(`/api/sandbox/momo/${reference}`, { method: 'POST', json: { approve: true } })).status,
    ).toBe(200);
    const paid = await status(affiliate.token, id);
    expect(paid.body.signup).toMatchObject({
      stage: 'listed',
      // This server has no phone menu: the next step is the web.
      nextStep: 'They can sign in with Mobile Money on the website to answer requests.',
    });
    expect(await listed(body.phone)).toBeDefined();
    const commission = await app.db('affiliate_commissions').where({ referred_user_id: user!.id }).first();
    expect([Number(commission?.affiliate_user_id), commission?.amount_pesewas]).toEqual([affiliate.id, 1080]);
    // No email goes to an account made without one.
    expect(
      await app.db('notifications').where({ channel: 'email' }).where('recipient', 'like', '%.invalid').first(),
    ).toBeUndefined();
    // The details typed are not kept once the account holds them.
    expect((await app.db('affiliate_signups').where({ id }).first())!.details).toBeNull();
  });

  it('an account made without an email gets its password by a texted link from "Forgot password?", a few a day', async () => {
    app.clock.set(TEST_START);
    const { affiliate, body, id, code } = await started({ email: '' });
    const proved = await prove(affiliate.token, id, code);
    await app.request(`/api/sandbox/momo/${proved.body.signup.prompt.reference}`, {
      method: 'POST',
      json: { approve: true },
    });
    expect((await status(affiliate.token, id)).body.signup.stage).toBe('listed');
    // No password works until they choose one.
    const login = (password: string) =>
      app.request('/api/auth/login', { method: 'POST', json: { loginMethod: 'phone', phone: body.phone, password } });
    expect((await login('!none')).status).toBe(401);
    const forgot = () => app.request('/api/auth/forgot-password', { method: 'POST', json: { phone: body.phone } });
    expect((await forgot()).status).toBe(200);
    const links = () =>
      app
        .db('notifications')
        .where({ recipient: e164(body.phone), subject: 'Reset your password' })
        .whereNull('fallback_of');
    const [text] = await links();
    expect(text.body.length).toBeLessThanOrEqual(160);
    const token = /reset-password\?token=(\S+)/.exec(text.body)![1];
    const reset = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'chosen-by-yaw-1' },
    });
    expect(reset.status).toBe(200);
    expect((await login('chosen-by-yaw-1')).status).toBe(200);
    // Asked again at once: nothing new; then one every 20 minutes, 5 a day.
    expect((await forgot()).status).toBe(200);
    expect(await links()).toHaveLength(1);
    for (let i = 0; i < 10; i++) {
      app.clock.advance(20 * MINUTE_MS + 1000);
      await forgot();
    }
    expect(await links()).toHaveLength(5);
  });

  it('keeps the account unlisted while the payment is not approved, and a declined prompt can be sent again', async () => {
    const { affiliate, body, id, code } = await started({ email: 'yaw.mason@example.com' });
    const proved = await prove(affiliate.token, id, code);
    const reference = proved.body.signup.prompt.reference as string;
    await app.request(`/api/sandbox/momo/${reference}`, { method: 'POST', json: { approve: false } });
    const declined = await status(affiliate.token, id);
    expect(declined.body.signup).toMatchObject({ stage: 'paying', prompt: { status: 'failed' } });
    expect(await listed(body.phone)).toBeUndefined();
    expect((await accountOf(body.phone))!.email).toBe('yaw.mason@example.com');
    const again = await app.request(`/api/affiliate/signups/${id}/prompt`, {
      method: 'POST',
      headers: bearer(affiliate.token),
    });
    expect(again.status).toBe(200);
    expect(again.body.signup.prompt).toMatchObject({ status: 'pay_offline' });
    expect(again.body.signup.prompt.reference).not.toBe(reference);
  });

  it('refuses a wrong code in words, and after the tries the code is gone', async () => {
    const { affiliate, id, code, body } = await started();
    for (let i = 1; i < AFFILIATE_SIGNUP_CODE_TRIES; i++) {
      const wrong = await prove(affiliate.token, id, notCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'invalid_input', message: AFFILIATE_SIGNUP_MESSAGES.wrongCode });
    }
    const last = await prove(affiliate.token, id, notCode(code));
    expect(last.status).toBe(410);
    expect(last.body).toMatchObject({ code: 'gone', message: AFFILIATE_SIGNUP_MESSAGES.gone });
    expect((await prove(affiliate.token, id, code)).status).toBe(410);
    expect(await accountOf(body.phone)).toBeUndefined();
    const malformed = await prove(affiliate.token, id, 'abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(AFFILIATE_SIGNUP_MESSAGES.badCode);
  });

  it('refuses an expired code', async () => {
    app.clock.set(TEST_START);
    const { affiliate, id, code, body } = await started();
    app.clock.advance(AFFILIATE_SIGNUP_CODE_TTL_MINUTES * MINUTE_MS);
    const late = await prove(affiliate.token, id, code);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(AFFILIATE_SIGNUP_MESSAGES.gone);
    expect((await status(affiliate.token, id)).body.signup).toMatchObject({
      stage: 'code_sent',
      message: AFFILIATE_SIGNUP_MESSAGES.gone,
    });
    expect(await accountOf(body.phone)).toBeUndefined();
  });

  it('refuses a number that already has an account, and texts it nothing', async () => {
    const affiliate = await signUpAffiliate(app);
    const existing = await signUp(app);
    const res = await start(affiliate.token, details({ phone: existing.body.phone }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'already_exists', errors: [{ field: 'phone' }] });
    expect(await textsTo(existing.body.phone)).toHaveLength(0);
    const email = await start(affiliate.token, details({ email: existing.body.email }));
    expect(email.status).toBe(409);
    expect(email.body.errors).toEqual([{ field: 'email', message: expect.stringContaining('email') }]);
  });

  it('refuses a number taken between the code and its proof', async () => {
    const { affiliate, body, id, code } = await started();
    await signUp(app, { phone: body.phone });
    const res = await prove(affiliate.token, id, code);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'already_exists', errors: [{ field: 'phone' }] });
  });

  it("lists the affiliate's own sign-ups of the last day, newest first, where each stands, to carry on with one", async () => {
    app.clock.set(TEST_START);
    const { affiliate, body: first, id: firstId, code } = await started({ firstName: 'Ama', lastName: 'Weaver' });
    const second = details({ firstName: 'Kojo', lastName: 'Welder' });
    const secondId = (await start(affiliate.token, second)).body.signup.id as number;
    const list = () => app.request('/api/affiliate/signups', { headers: bearer(affiliate.token) });
    const masked = (phone: string) => `${phone.slice(0, 3)}…${phone.slice(-3)}`;
    expect((await list()).body).toEqual({
      success: true,
      signups: [
        { id: secondId, stage: 'code_sent', name: 'Kojo Welder', phone: masked(second.phone) },
        { id: firstId, stage: 'code_sent', name: 'Ama Weaver', phone: masked(first.phone) },
      ],
    });
    // Proved: the name comes from the account now; paid: listed.
    const reference = (await prove(affiliate.token, firstId, code)).body.signup.prompt.reference as string;
    expect((await list()).body.signups[1]).toMatchObject({ id: firstId, stage: 'paying', name: 'Ama Weaver' });
    await app.request(`/api/sandbox/momo/${reference}`, { method: 'POST', json: { approve: true } });
    // The list asks no payment provider: the payment settles (here, by opening the sign-up) and then it shows.
    expect((await status(affiliate.token, firstId)).body.signup.stage).toBe('listed');
    expect((await list()).body.signups[1]).toMatchObject({ id: firstId, stage: 'listed' });
    // Another affiliate sees none of them; a customer has no list; a stranger is asked to sign in.
    const other = await signUpAffiliate(app);
    expect((await app.request('/api/affiliate/signups', { headers: bearer(other.token) })).body.signups).toEqual([]);
    const customer = await signUpAndPay(app);
    const asCustomer = await app.request('/api/affiliate/signups', { headers: bearer(customer.token) });
    expect([asCustomer.status, asCustomer.body.message]).toEqual([403, AFFILIATE_SIGNUP_MESSAGES.notAffiliate]);
    expect((await app.request('/api/affiliate/signups')).status).toBe(401);
    // A day on, the list is empty (the rows go with the next sign-up; the list never shows them).
    app.clock.set(new Date(TEST_START.getTime() + 24 * 60 * 60_000 + 1000));
    expect((await list()).body.signups).toEqual([]);
  });

  it("another affiliate, a customer or a stranger cannot act on an affiliate's sign-up", async () => {
    const { id, code } = await started();
    const other = await signUpAffiliate(app);
    for (const res of [
      await prove(other.token, id, code),
      await status(other.token, id),
      await app.request(`/api/affiliate/signups/${id}/prompt`, { method: 'POST', headers: bearer(other.token) }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: AFFILIATE_SIGNUP_MESSAGES.notFound });
    }
    const customer = await signUpAndPay(app);
    const asCustomer = await start(customer.token, details());
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.message).toBe(AFFILIATE_SIGNUP_MESSAGES.notAffiliate);
    expect((await app.request(`/api/affiliate/signups/${id}`)).status).toBe(401);
  });

  it('a suspended affiliate cannot start a sign-up', async () => {
    const affiliate = await signUpAffiliate(app);
    await app.db('users').where({ id: affiliate.id }).update({ status: 'suspended' });
    const res = await start(affiliate.token, details());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'suspended' });
  });

  it('caps the codes per number a day, whichever affiliates ask', async () => {
    app.clock.set(TEST_START);
    const phone = freshNumber();
    for (let i = 0; i < AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY; i++) {
      const affiliate = await signUpAffiliate(app);
      expect((await start(affiliate.token, details({ phone }))).status).toBe(201);
    }
    const next = await signUpAffiliate(app);
    const refused = await start(next.token, details({ phone }));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: AFFILIATE_SIGNUP_MESSAGES.numberDay });
    expect(await textsTo(phone)).toHaveLength(AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY);
    // A day later the number may be texted again.
    app.clock.advance(24 * HOUR_MS + MINUTE_MS);
    expect((await start(next.token, details({ phone }))).status).toBe(201);
    // The day's rows are gone: the number is no longer kept for the sign-ups of yesterday.
    expect(await app.db('affiliate_signups').where({ phone: e164(phone) })).toHaveLength(1);
  });

  it('caps the codes per affiliate an hour and a day', async () => {
    app.clock.set(TEST_START);
    const affiliate = await signUpAffiliate(app);
    let sent = 0;
    const startOne = () => start(affiliate.token, details());
    for (; sent < AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR; sent++) expect((await startOne()).status).toBe(201);
    const hour = await startOne();
    expect(hour.status).toBe(429);
    expect(hour.body.message).toBe(AFFILIATE_SIGNUP_MESSAGES.affiliateHour);
    while (sent < AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY) {
      app.clock.advance(HOUR_MS);
      for (
        let i = 0;
        i < AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR && sent < AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY;
        i++, sent++
      )
        expect((await startOne()).status).toBe(201);
    }
    app.clock.advance(HOUR_MS);
    const day = await startOne();
    expect(day.status).toBe(429);
    expect(day.body.message).toBe(AFFILIATE_SIGNUP_MESSAGES.affiliateDay);
  });

  it('caps the codes the service texts in an hour, whoever asks', async () => {
    app.clock.set(TEST_START);
    const affiliate = await signUpAffiliate(app);
    // The service's hour as if other affiliates had used it up.
    await app.db('rate_limits').insert({
      key: `${TEXTS_IN_TOTAL.name}:all`,
      window_start: TEST_START,
      hits: TEXTS_IN_TOTAL.perHour,
    });
    const body = details();
    const res = await start(affiliate.token, body);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limited', message: AFFILIATE_SIGNUP_MESSAGES.inTotal });
    expect(await textsTo(body.phone)).toHaveLength(0);
  });

  it('refuses bad details by field, in words', async () => {
    const affiliate = await signUpAffiliate(app);
    const res = await start(affiliate.token, details({ phone: '12345', profession: 'Astronaut' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['phone', 'profession']),
    );
    const unticked = await start(affiliate.token, details({ agreeToTerms: false }));
    expect(unticked.status).toBe(400);
    expect(unticked.body).toMatchObject({
      message: AFFILIATE_SIGNUP_MESSAGES.terms,
      errors: [{ field: 'agreeToTerms', message: AFFILIATE_SIGNUP_MESSAGES.terms }],
    });
    const long = await start(affiliate.token, details({ localAddress: 'x'.repeat(100_000) }));
    expect(long.status).toBe(400);
  });
});

describe('a professional without an email, signed up by an affiliate, pays through Paystack', () => {
  let app: TestApp;
  let paystack: FakePaystack;
  useTestApp(async () => {
    ({ app, paystack } = await startTestAppWithPaystack({ env: { PUBLIC_URL: 'https://serviceconnect.com.gh' } }));
    return app;
  });

  it("is known to Paystack by their number at the site's own host, never the stand-in address, and is listed once paid", async () => {
    const affiliate = await signUpAffiliate(app);
    const phone = '0247000123';
    const started = await app.request('/api/affiliate/signups', {
      method: 'POST',
      headers: bearer(affiliate.token),
      json: {
        firstName: 'Yaw',
        lastName: 'Mason',
        phone,
        profession: 'Plumber',
        location: 'Kumasi',
        localAddress: 'Asokwa',
        network: 'mtn',
        agreeToTerms: true,
      },
    });
    expect(started.status).toBe(201);
    const id = started.body.signup.id as number;
    const text = await app
      .db('notifications')
      .where({ recipient: '+233247000123', subject: 'Sign-up code' })
      .first('body');
    const code = /code (\d{6})\./.exec(text!.body)![1];
    const proved = await app.request(`/api/affiliate/signups/${id}/code`, {
      method: 'POST',
      headers: bearer(affiliate.token),
      json: { code },
    });
    expect(proved.body.signup).toMatchObject({ stage: 'paying', prompt: { status: 'pay_offline' } });
    // The account keeps its stand-in; Paystack was given an address on a domain that exists.
    const user = await app.db('users').where({ phone: '+233247000123' }).first('email');
    expect(user!.email).toBe('233247000123@no-email.invalid');
    expect(paystack.momoCharges.map((c) => c.email)).toEqual(['233247000123@serviceconnect.com.gh']);
    paystack.approveMomo(proved.body.signup.prompt.reference);
    const paid = await app.request(`/api/affiliate/signups/${id}`, { headers: bearer(affiliate.token) });
    expect(paid.body.signup.stage).toBe('listed');
  });
});
