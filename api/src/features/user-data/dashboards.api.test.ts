import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../../contract/profile.ts';
import { bearer, listedProfessional, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// What the dashboards read: the first visit (no "Welcome back" for a new account), the
// affiliate's commissions this month, the server's time beside the bookings (Mark Completed), the
// professionals listing for an affiliate, and customers and affiliates editing their own details.
// The test clock starts on Sunday 22 November 2026 at 09:00 GMT.
describe('dashboard data', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const record = (type: string, email: string, token: string) =>
    app.request(`/api/${type}-data/${encodeURIComponent(email)}`, { headers: bearer(token) });
  const login = (email: string, password: string, accountType: string) =>
    app.request('/api/auth/login', { method: 'POST', json: { loginMethod: 'email', email, password, accountType } });

  it('marks the first visit until the account signs in a second time, for every account type', async () => {
    const customer = await signUpAndPay(app);
    expect((await record('customer', customer.body.email, customer.token)).body.customer.firstVisit).toBe(true);
    // Reading again in the same session is still the first visit.
    expect((await record('customer', customer.body.email, customer.token)).body.customer.firstVisit).toBe(true);
    const again = await login(customer.body.email, customer.body.password, 'customer');
    expect(again.status).toBe(200);
    expect((await record('customer', customer.body.email, again.body.token)).body.customer.firstVisit).toBe(false);
    // The first session sees it too (the cached record was dropped when the new session began).
    expect((await record('customer', customer.body.email, customer.token)).body.customer.firstVisit).toBe(false);

    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.2 });
    expect((await record('professional', pro.body.email, pro.token)).body.professional.firstVisit).toBe(true);
    const affiliate = await signUpAffiliate(app);
    expect((await record('affiliate', affiliate.email, affiliate.token)).body.affiliate.firstVisit).toBe(true);
    await login(affiliate.email, 'affiliate-pass-1', 'affiliate');
    expect((await record('affiliate', affiliate.email, affiliate.token)).body.affiliate.firstVisit).toBe(false);
  });

  it("gives the affiliate this calendar month's commissions (Ghana time), not earlier months' nor another affiliate's", async () => {
    const affiliate = await signUpAffiliate(app);
    const other = await signUpAffiliate(app);
    const empty = (await record('affiliate', affiliate.email, affiliate.token)).body.affiliate;
    expect(empty).toMatchObject({ monthEarnings: 0, totalEarnings: 0 });

    await signUpAndPay(app, { referrerCode: affiliate.code }); // ₵4.00 now, in November
    const older = await signUpAndPay(app, {
      referrerCode: affiliate.code,
      userType: 'professional',
      profession: 'Welder',
      localAddress: 'Tema',
    });
    await signUpAndPay(app, { referrerCode: other.code }); // another affiliate's ₵4.00
    // The professional's ₵10.80 was earned at 23:59:59 on 31 October, Ghana time.
    await app
      .db('affiliate_commissions')
      .where({ referred_user_id: older.userId })
      .update({ created_at: new Date('2026-10-31T23:59:59Z') });
    const data = (await record('affiliate', affiliate.email, affiliate.token)).body.affiliate;
    expect(data).toMatchObject({ monthEarnings: 4, totalEarnings: 14.8 });

    // On 1 December the month starts again.
    app.clock.set(new Date('2026-12-01T00:00:00Z'));
    expect((await record('affiliate', affiliate.email, affiliate.token)).body.affiliate.monthEarnings).toBe(0);
  });

  it("answers the bookings list with the server's time, so a phone with a wrong clock knows which jobs have started", async () => {
    const customer = await signUpAndPay(app);
    const res = await app.request('/api/bookings', { headers: bearer(customer.token) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bookings: [], now: '2026-11-22T09:00:00.000Z' });
  });

  it('lets customers and affiliates edit their own name, phone and location, never the email nor another account', async () => {
    const customer = await signUpAndPay(app, { firstName: 'Old', lastName: 'Name', location: 'Accra' });
    const bystander = await signUpAndPay(app, { firstName: 'Bystander' });
    const put = (token: string, json: unknown) =>
      app.request('/api/profile', { method: 'PUT', headers: bearer(token), json });

    const saved = await put(customer.token, {
      firstName: 'Nana',
      lastName: 'Ama',
      phone: '0241112233',
      location: 'Kumasi',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(PROFILE_MESSAGES.saved);
    const after = (await record('customer', customer.body.email, customer.token)).body.customer;
    expect(after).toMatchObject({
      firstName: 'Nana',
      lastName: 'Ama',
      name: 'Nana Ama',
      phone: '+233241112233',
      location: 'Kumasi',
      email: customer.body.email,
    });
    const untouched = (await record('customer', bystander.body.email, bystander.token)).body.customer;
    expect(untouched).toMatchObject({ firstName: 'Bystander', email: bystander.body.email });

    // Bad input: 400 with the field named and the words to fix it, nothing changed.
    const badPhone = await put(customer.token, { firstName: 'Changed', phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'phone', message: expect.stringContaining('valid Ghana phone number') }),
      ]),
    );
    const email = await put(customer.token, { email: 'new@example.com' });
    expect(email.status).toBe(400);
    expect(email.body.errors).toEqual([
      expect.objectContaining({ field: 'email', message: PROFILE_MESSAGES.emailLocked }),
    ]);
    const shortName = await put(customer.token, { firstName: 'N' });
    expect(shortName.status).toBe(400);
    const longLocation = await put(customer.token, { location: 'x'.repeat(101) });
    expect(longLocation.status).toBe(400);
    expect((await put(customer.token, { skills: ['Wiring'] })).status).toBe(400);
    expect((await record('customer', customer.body.email, customer.token)).body.customer).toMatchObject({
      firstName: 'Nana',
      location: 'Kumasi',
    });

    const affiliate = await signUpAffiliate(app);
    const affiliateSaved = await put(affiliate.token, {
      firstName: 'Kwabena',
      lastName: 'Osei',
      phone: '0501234567',
      location: 'Tamale',
    });
    expect(affiliateSaved.status).toBe(200);
    expect((await record('affiliate', affiliate.email, affiliate.token)).body.affiliate).toMatchObject({
      name: 'Kwabena Osei',
      phone: '+233501234567',
      location: 'Tamale',
    });
    expect((await app.request('/api/profile', { method: 'PUT', json: { firstName: 'Anon' } })).status).toBe(401);
  });
});
