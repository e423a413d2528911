import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../../contract/accounts.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../../contract/dates.ts';
import {
  SIGNIN_CODE_MESSAGES,
  SIGNIN_CODE_TRIES,
  SIGNIN_CODE_TTL_MS,
  SIGNIN_TEXTS_PER_NUMBER_DAY,
  SIGNIN_TEXTS_PER_NUMBER_HOUR,
} from '../../../../contract/signin-codes.ts';
import { bearer, signUp, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { anonymiseUser } from '../privacy/anonymise.ts';
import { CODE_REQUEST_FLOOR_MS } from './code-signin.ts';

// "Sign in with Mobile Money": the account's phone number, a 6-digit code by text, and the same
// landing as a password sign-in (docs/PRODUCT.md "Signing in with a texted code").
describe('sign-in with a code texted to the account phone', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const e164 = (local: string) => `+233${local.slice(1)}`;
  const ask = (phone: string) => app.request('/api/auth/code', { method: 'POST', json: { phone } });
  const signIn = (requestId: string, code: string) =>
    app.request('/api/auth/code/sign-in', { method: 'POST', json: { requestId, code } });
  /** The sign-in texts the number's phone got (one row per text: the WhatsApp fallback waits unsent). */
  const textsTo = (local: string) =>
    app
      .db('notifications')
      .where({ recipient: e164(local), subject: 'Sign-in code' })
      .whereNull('fallback_of')
      .orderBy('id')
      .select('body');
  const codeIn = (body: string) => /(\d{6}) is your sign-in code/.exec(body)![1];
  const lastCode = async (local: string) => codeIn((await textsTo(local)).at(-1)!.body);
  /** A code that is not `code`. */
  const notCode = (code: string) => (code === '000000' ? '111111' : '000000');
  let spare = 0;
  /** A Ghana number no account has. */
  const strayNumber = () => `0209${String(process.pid % 1000).padStart(3, '0')}${String(spare++).padStart(3, '0')}`;

  it('texts a code to the account phone, and the code signs in as a password does', async () => {
    const { body, userId } = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Plumber',
      localAddress: 'Osu',
    });
    await app.db('sessions').where({ user_id: userId }).del();
    const asked = await ask(`+233 ${body.phone.slice(1, 3)} ${body.phone.slice(3)}`);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      success: true,
      message: SIGNIN_CODE_MESSAGES.sent,
      requestId: expect.any(String),
      devMailbox: expect.any(Boolean),
    });
    const texts = await textsTo(body.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatch(/^ServiceConnect: \d{6} is your sign-in code\. It works for 10 minutes\./);
    // One text per code: the WhatsApp copy waits, unsent, unless the SMS fails for good.
    const copies = await app
      .db('notifications')
      .where({ recipient: e164(body.phone) })
      .whereNotNull('fallback_of');
    expect(copies.every((c) => c.next_attempt_at === null)).toBe(true);
    // Only a hash of the code is kept.
    const code = codeIn(texts[0].body);
    const row = await app.db('signin_codes').where({ user_id: userId }).first();
    expect(JSON.stringify(row)).not.toContain(code);

    const signed = await signIn(asked.body.requestId, ` ${code.slice(0, 3)} ${code.slice(3)}`);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      success: true,
      firstVisit: true,
      user: { id: userId, userType: 'professional', firstName: 'Ama' },
    });
    const me = await app.request('/api/auth/verify', { method: 'POST', headers: bearer(signed.body.token) });
    expect(me.body).toMatchObject({ success: true, user: { id: userId } });

    // A code signs in once.
    const again = await signIn(asked.body.requestId, code);
    expect(again).toMatchObject({ status: 410, body: { code: 'gone', message: SIGNIN_CODE_MESSAGES.gone } });
  });

  it('answers a number with no account the same way, and texts nobody', async () => {
    const { body } = await signUpAndPay(app);
    const nobody = strayNumber();
    const started = Date.now();
    const unknown = await ask(nobody);
    const tookUnknown = Date.now() - started;
    const known = await ask(body.phone);
    expect(tookUnknown).toBeGreaterThanOrEqual(CODE_REQUEST_FLOOR_MS - 5);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect({ ...unknown.body, requestId: 'x' }).toEqual({ ...known.body, requestId: 'x' });
    expect(await app.db('notifications').where({ recipient: e164(nobody) })).toEqual([]);
    // Typing a code back answers as a wrong code would for an account.
    const tried = await signIn(unknown.body.requestId, '123456');
    expect(tried).toMatchObject({
      status: 401,
      body: { code: 'wrong_credentials', message: SIGNIN_CODE_MESSAGES.wrongCode },
    });
  });

  it('stops a code after 5 wrong tries, and after 10 minutes', async () => {
    const { body } = await signUpAndPay(app);
    const asked = await ask(body.phone);
    const code = await lastCode(body.phone);
    for (let i = 1; i < SIGNIN_CODE_TRIES; i++) {
      const wrong = await signIn(asked.body.requestId, notCode(code));
      expect(wrong, `try ${i}`).toMatchObject({
        status: 401,
        body: { code: 'wrong_credentials', message: SIGNIN_CODE_MESSAGES.wrongCode },
      });
    }
    const last = await signIn(asked.body.requestId, notCode(code));
    expect(last).toMatchObject({ status: 410, body: { code: 'gone', message: SIGNIN_CODE_MESSAGES.gone } });
    expect((await signIn(asked.body.requestId, code)).status).toBe(410);

    app.clock.advance(HOUR_MS); // a new code's text is allowed
    const fresh = await ask(body.phone);
    const freshCode = await lastCode(body.phone);
    app.clock.advance(SIGNIN_CODE_TTL_MS + SECOND_MS);
    const late = await signIn(fresh.body.requestId, freshCode);
    expect(late).toMatchObject({ status: 410, body: { code: 'gone' } });
  });

  it('refuses a suspended or unpaid account as a password sign-in does', async () => {
    const suspended = await signUpAndPay(app);
    await app.db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
    const askedSuspended = await ask(suspended.body.phone);
    const refused = await signIn(askedSuspended.body.requestId, await lastCode(suspended.body.phone));
    expect(refused).toMatchObject({ status: 403, body: { code: 'suspended', message: LOGIN_MESSAGES.suspended } });

    const unpaid = await signUp(app);
    const askedUnpaid = await ask(unpaid.body.phone);
    const pay = await signIn(askedUnpaid.body.requestId, await lastCode(unpaid.body.phone));
    expect(pay).toMatchObject({
      status: 403,
      body: { code: 'payment_required', message: LOGIN_MESSAGES.pendingPayment, userId: unpaid.userId },
    });
    expect(pay.body.payment).toMatchObject({ reference: expect.any(String) });

    // A suspended affiliate signs in to see their balance, with a code as with a password.
    const phone = `0278${String(process.pid % 1000).padStart(3, '0')}${String(spare++).padStart(3, '0')}`;
    const affiliate = await signUpAffiliate(app, { phone });
    await app.db('users').where({ id: affiliate.id }).update({ status: 'suspended' });
    const askedAffiliate = await ask(phone);
    const inside = await signIn(askedAffiliate.body.requestId, await lastCode(phone));
    expect(inside).toMatchObject({ status: 200, body: { user: { id: affiliate.id, userType: 'affiliate' } } });
  });

  it("bounds the texts to a number, and someone asking for the owner's number cannot lock the owner out", async () => {
    app.clock.set(TEST_START);
    const { body, userId } = await signUpAndPay(app);
    // The owner asks first; someone else then asks again and again, and types wrong codes on each of their requests.
    const owner = await ask(body.phone);
    const ownerCode = await lastCode(body.phone);
    for (let i = 0; i < SIGNIN_TEXTS_PER_NUMBER_HOUR + 1; i++) {
      const theirs = await ask(body.phone);
      expect(theirs.status).toBe(200);
      for (let t = 0; t < SIGNIN_CODE_TRIES; t++) await signIn(theirs.body.requestId, notCode(ownerCode));
    }
    // Texts are bounded: 3 in the hour, whoever asked.
    expect(await textsTo(body.phone)).toHaveLength(SIGNIN_TEXTS_PER_NUMBER_HOUR);
    // The owner's own request still takes the code the owner got.
    const signed = await signIn(owner.body.requestId, ownerCode);
    expect(signed).toMatchObject({ status: 200, body: { user: { id: userId } } });

    // Texts used up by someone else: the owner's new request sends no text, and the newest code
    // already on the owner's phone signs in.
    const others = await ask(body.phone);
    expect(others.status).toBe(200);
    for (let t = 0; t < SIGNIN_CODE_TRIES; t++) await signIn(others.body.requestId, '999999');
    const ownerAgain = await ask(body.phone);
    expect(await textsTo(body.phone)).toHaveLength(SIGNIN_TEXTS_PER_NUMBER_HOUR);
    const newest = await lastCode(body.phone);
    expect(await signIn(ownerAgain.body.requestId, newest)).toMatchObject({ status: 200 });

    // A day's texts to a number are bounded too.
    for (let hour = 1; hour <= 6; hour++) {
      app.clock.set(new Date(TEST_START.getTime() + hour * HOUR_MS));
      for (let i = 0; i < SIGNIN_TEXTS_PER_NUMBER_HOUR; i++) await ask(body.phone);
    }
    expect(await textsTo(body.phone)).toHaveLength(SIGNIN_TEXTS_PER_NUMBER_DAY);
    app.clock.set(new Date(TEST_START.getTime() + DAY_MS + MINUTE_MS));
    await ask(body.phone);
    expect(await textsTo(body.phone)).toHaveLength(SIGNIN_TEXTS_PER_NUMBER_DAY + 1);
  });

  it('texts no more than the hour allows when many ask for one number at the same moment', async () => {
    const { body } = await signUpAndPay(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(body.phone)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await textsTo(body.phone)).toHaveLength(SIGNIN_TEXTS_PER_NUMBER_HOUR);
  });

  it('refuses a network past its hourly requests, in words that offer the password', async () => {
    const { startOfHour } = await import('../../../../contract/dates.ts');
    await app
      .db('rate_limits')
      .insert({
        key: `${LIMITS.signinCodesByAddress.name}:127.0.0.1`,
        window_start: startOfHour(app.clock.now()),
        hits: LIMITS.signinCodesByAddress.perHour,
      })
      .onConflict(['key', 'window_start'])
      .merge();
    const refused = await ask(strayNumber());
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', message: LIMITS.signinCodesByAddress.message },
    });
    await app
      .db('rate_limits')
      .where({ key: `${LIMITS.signinCodesByAddress.name}:127.0.0.1` })
      .del();
  });

  it("lists an account's code requests in its data, and forgets them with the account", async () => {
    const { body, userId, token } = await signUpAndPay(app);
    await ask(body.phone);
    const data = await app.request('/api/me/export', { headers: bearer(token) });
    expect(data.body.signInCodes).toEqual([expect.objectContaining({ texted: true, usedAt: null })]);
    await app.db.transaction((trx) => anonymiseUser(trx, userId, app.clock.now()));
    expect(await app.db('signin_codes').where({ phone: e164(body.phone) })).toEqual([]);
  });

  it('refuses a number that is not a Ghana number, and a malformed code, in words', async () => {
    expect(await ask('12345')).toMatchObject({ status: 400, body: { message: SIGNIN_CODE_MESSAGES.badPhone } });
    expect(await ask('0'.repeat(5000))).toMatchObject({ status: 400 });
    expect(await signIn('x'.repeat(43), '12ab56')).toMatchObject({
      status: 400,
      body: { message: SIGNIN_CODE_MESSAGES.badCode },
    });
    expect(await signIn('x'.repeat(43), '123456')).toMatchObject({ status: 410, body: { code: 'gone' } });
  });
});
