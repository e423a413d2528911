import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../contract/account-types.ts';
import { affiliateSignupBody, bearer, signUpAndPay, signupBody } from '../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import { LIMITS } from './rate-limit.ts';
import { THROTTLE } from '../features/auth/throttle.ts';

// An IPv6 subscriber is handed a whole /64, so every address in it is one neighbour's.
// Limits per address count the /64 together (an IPv4 address stays itself); a neighbour in
// another /64 keeps its own count. The app trusts one proxy, so X-Forwarded-For names the client.

let app: TestApp;
useTestApp(async () => (app = await startTestApp({ env: { TRUST_PROXY_HOPS: '1' } })));

const from = (address: string) => ({ 'x-forwarded-for': address });
const NETWORK = '2001:db8:abcd:12';
const OTHER_NETWORK = '2001:db8:abcd:13::1';

/** The limit's only row for now (made by the first request), brought up to its hourly allowance. */
async function fillCount(limitName: string, perHour: number) {
  const rows = await app.db('rate_limits').where('key', 'like', `${limitName}:%`);
  expect(rows).toHaveLength(1);
  await app.db('rate_limits').where({ key: rows[0].key }).update({ hits: perHour });
}

describe('#26.3 per-address limits count an IPv6 /64 as one address', () => {
  it('contact: the 121st message from a /64 is refused, and so is the next from every other address in it', async () => {
    const contact = (address: string, n: number) =>
      app.request('/api/contact', {
        method: 'POST',
        headers: from(address),
        // A new sender each time: the per-email limit (10 an hour) stays out of the way.
        json: { name: 'Ama', email: `ama${n}@example.com`, message: 'Hello' },
      });
    for (let i = 0; i < LIMITS.contactByAddress.perHour; i++)
      expect((await contact(`${NETWORK}::1`, i)).status).toBe(201);
    expect(await contact(`${NETWORK}::1`, 1000)).toMatchObject({
      status: 429,
      body: { message: LIMITS.contactByAddress.message },
    });
    for (let host = 2; host <= 0x15; host++)
      expect((await contact(`${NETWORK}::${host.toString(16)}`, 1000 + host)).status).toBe(429);
    // The same /64 written out in full, and with a different interface part, is still the same network.
    expect((await contact('2001:0db8:abcd:0012:0000:0000:0000:00ff', 2000)).status).toBe(429);
    expect((await contact('2001:db8:abcd:12:ffff:ffff:ffff:ffff', 2001)).status).toBe(429);
    expect((await contact(OTHER_NETWORK, 2002)).status).toBe(201);
    expect((await contact('203.0.113.10', 2003)).status).toBe(201);
  });

  it('sign-up and affiliate sign-up: a neighbour in the /64 gets no fresh quota', async () => {
    expect(
      (await app.request('/api/signup', { method: 'POST', headers: from(`${NETWORK}::a`), json: signupBody() })).status,
    ).toBe(201);
    await fillCount(LIMITS.signupByAddress.name, LIMITS.signupByAddress.perHour);
    const neighbour = await app.request('/api/signup', {
      method: 'POST',
      headers: from(`${NETWORK}::b`),
      json: signupBody(),
    });
    expect(neighbour).toMatchObject({ status: 429, body: { message: LIMITS.signupByAddress.message } });
    const affiliate = await app.request('/api/affiliate-signup', {
      method: 'POST',
      headers: from(`${NETWORK}:1:2:3:4`),
      json: affiliateSignupBody(),
    });
    expect(affiliate).toMatchObject({ status: 429, body: { message: LIMITS.signupByAddress.message } });
    expect(
      (await app.request('/api/signup', { method: 'POST', headers: from(OTHER_NETWORK), json: signupBody() })).status,
    ).toBe(201);
  });

  it('sign-in: failures from one /64 count together towards the address limit', async () => {
    const fail = (address: string, n: number) =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: from(address),
        // A different account each time: only the address limit can refuse.
        json: { loginMethod: 'email', email: `nobody${n}@example.com`, password: 'wrong-password' },
      });
    // The limit refuses once more than perAddress failures are on record.
    for (let i = 0; i <= THROTTLE.perAddress; i++)
      expect((await fail(`${NETWORK}::${(i + 1).toString(16)}`, i)).status).toBe(401);
    expect(await fail(`${NETWORK}::abcd`, 999)).toMatchObject({
      status: 429,
      body: { message: LOGIN_MESSAGES.throttled },
    });
    expect((await fail(OTHER_NETWORK, 1000)).status).toBe(401);
    // What the account's owner sees in a data export is still the address itself.
    const rows = await app.db('login_attempts').where({ account_key: 'nobody0@example.com' }).select('ip');
    expect(rows).toEqual([{ ip: `${NETWORK}::1` }]);
  });

  it('geocoding: a neighbour in the /64 gets no fresh quota', async () => {
    const { token } = await signUpAndPay(app);
    const reverse = (address: string) =>
      app.request('/api/location/reverse?lat=5.5571&lng=-0.1818', { headers: { ...bearer(token), ...from(address) } });
    expect((await reverse(`${NETWORK}::1`)).status).toBe(200);
    await fillCount(LIMITS.geocodeByAddress.name, LIMITS.geocodeByAddress.perHour);
    expect(await reverse(`${NETWORK}::2`)).toMatchObject({
      status: 429,
      body: { message: LIMITS.geocodeByAddress.message },
    });
    expect((await reverse(OTHER_NETWORK)).status).toBe(200);
  });
});
