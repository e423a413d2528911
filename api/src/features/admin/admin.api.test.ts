import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../../contract/admin.ts';
import { DAY_MS } from '../../../../contract/dates.ts';
import { requestAsAdmin, signInAdmin, startTestAppWithAdmin, type SignedInAdmin } from '../../../test/admin.ts';
import { bearer, paySandbox, signUp, signUpAffiliate, signUpAndPay, signupBody } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp, withTableClosed } from '../../../test/harness.ts';
import { createAdmin } from './accounts.ts';

// docs/PRODUCT.md "Administrators": admin calls, user and payout states, settings; every action audited.
const DAY = DAY_MS;

let app: TestApp;
let admin: SignedInAdmin;
useTestApp(async () => ({ app, admin } = await startTestAppWithAdmin()));

const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  requestAsAdmin(app, admin.token, path, init);
const activity = async (userId: number) =>
  (await asAdmin(`/api/admin/users/${userId}`)).body.activity as {
    action: string;
    admin: string;
    before: any;
    after: any;
  }[];

describe('admin sign-in', () => {
  it('answers "Invalid credentials" for a wrong password or an unknown name, and 400 for empty fields', async () => {
    const wrong = await app.request('/api/admin/login', {
      method: 'POST',
      json: { username: admin.username, password: 'nope-nope-nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: ADMIN_MESSAGES.invalidCredentials } });
    const unknown = await app.request('/api/admin/login', {
      method: 'POST',
      json: { username: 'nobody', password: admin.password },
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: ADMIN_MESSAGES.invalidCredentials } });
    const empty = await app.request('/api/admin/login', { method: 'POST', json: { username: '', password: '' } });
    expect(empty).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.loginRequired } });
  });

  it('throttles after 10 failures for one administrator', async () => {
    const target = await createAdmin(app.db, 'throttled-admin', 'Admin-Passw0rd!', app.clock.now());
    for (let i = 0; i < 10; i++) {
      await app.request('/api/admin/login', {
        method: 'POST',
        json: { username: target.username, password: 'wrong-password' },
      });
    }
    const blocked = await app.request('/api/admin/login', {
      method: 'POST',
      json: { username: target.username, password: 'Admin-Passw0rd!' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
  });

  it('keeps admin and user tokens apart, and ends the admin session on logout', async () => {
    const customer = await signUpAndPay(app);
    expect((await app.request('/api/admin/stats', { headers: bearer(customer.token) })).status).toBe(401);
    const own = await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
      headers: bearer(admin.token),
    });
    expect(own.status).toBe(401);

    const other = await signInAdmin(app);
    expect((await app.request('/api/admin/stats', { headers: bearer(other.token) })).status).toBe(200);
    expect((await app.request('/api/admin/logout', { method: 'POST', headers: bearer(other.token) })).status).toBe(200);
    expect((await app.request('/api/admin/stats', { headers: bearer(other.token) })).status).toBe(401);
  });

  it('stores only a hash of the token and of the password', async () => {
    const session = await app.db('admin_sessions').orderBy('id', 'desc').first();
    expect(session!.token_hash).not.toContain(admin.token);
    const row = await app.db('admins').where({ id: admin.id }).first();
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('authorisation matrix: every admin endpoint refuses non-administrators without leaking data', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/payments'],
    ['GET', '/api/admin/affiliates'],
    ['GET', '/api/admin/payouts'],
    ['GET', '/api/admin/users/1'],
    ['PUT', '/api/admin/users/1/profile', {}],
    ['DELETE', '/api/admin/users/1'],
    ['PUT', '/api/admin/users/1/status', { status: 'suspended' }],
    ['POST', '/api/admin/users/1/reminder'],
    ['PUT', '/api/admin/payouts/1/approve'],
    ['PUT', '/api/admin/payouts/1/reject'],
    ['PUT', '/api/admin/payouts/1/complete'],
    ['GET', '/api/admin/settings'],
    ['PUT', '/api/admin/settings', {}],
    ['POST', '/api/admin/logout'],
  ];

  it('answers 401 for anonymous, customer, professional and affiliate tokens, and serves administrators', async () => {
    const customer = await signUpAndPay(app);
    const professional = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Plumber',
      localAddress: 'Osu',
    });
    const affiliate = await signUpAffiliate(app);
    const callers: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['customer', bearer(customer.token)],
      ['professional', bearer(professional.token)],
      ['affiliate', bearer(affiliate.token)],
      ['garbage', { authorization: 'Bearer not-a-real-token-at-all-xxxxxxxx' }],
    ];
    for (const [method, path, json] of endpoints) {
      for (const [who, headers] of callers) {
        const res = await app.request(path, { method, headers, json });
        expect(res.status, `${who} ${method} ${path}`).toBe(401);
        expect(Object.keys(res.body).sort(), `${who} ${method} ${path}`).toEqual(['code', 'message', 'success']);
      }
    }
    const adminToken = (await signInAdmin(app)).token;
    for (const [method, path] of endpoints.filter(([m]) => m === 'GET')) {
      expect((await app.request(path, { method, headers: bearer(adminToken) })).status, path).toBeLessThan(500);
    }
  });
});

describe('lists and stats are computed from the database', () => {
  it('finds a user by phone however it is typed, by name and by email, paginated on the server', async () => {
    const ama = await signUpAndPay(app, { firstName: 'Abena', lastName: 'Searchable', phone: '0201234987' });
    for (const search of [
      '0201234987',
      '+233 20 123 4987',
      '201234987',
      'abena search',
      ama.body.email.toUpperCase(),
    ]) {
      const res = await asAdmin(`/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(
        res.body.users.map((u: { id: number }) => u.id),
        search,
      ).toEqual([ama.userId]);
    }
    const found = (await asAdmin(`/api/admin/users?search=0201234987`)).body.users[0];
    expect(found).toMatchObject({
      name: 'Abena Searchable',
      phone: '+233201234987',
      type: 'customer',
      status: 'active',
      subscriptionStatus: 'active',
      autoRenewal: false,
      rating: null,
    });
    expect(found).not.toHaveProperty('password_hash');

    const page1 = await asAdmin('/api/admin/users?pageSize=2&page=1');
    const page2 = await asAdmin('/api/admin/users?pageSize=2&page=2');
    expect(page1.body.users).toHaveLength(2);
    expect(page1.body.total).toBeGreaterThan(2);
    expect(page2.body.users[0].id).not.toBe(page1.body.users[0].id);
    expect((await asAdmin('/api/admin/users?page=0')).status).toBe(400);
    expect((await asAdmin('/api/admin/users?search=%25')).body.users).toEqual([]);
  });

  it('counts users, revenue, sign-ups and payouts as they are', async () => {
    const fresh = await startTestApp();
    try {
      let a = await signInAdmin(fresh);
      const stats = async () => (await fresh.request('/api/admin/stats', { headers: bearer(a.token) })).body.stats;
      expect(await stats()).toMatchObject({ totalUsers: 0, monthlyRevenue: 0, activeUsers: 0, totalAffiliates: 0 });
      await signUpAndPay(fresh);
      await signUpAndPay(fresh, { userType: 'professional', profession: 'Plumber', localAddress: 'Osu' });
      await signUp(fresh); // never paid
      await signUpAffiliate(fresh);
      const s = await stats();
      expect(s).toMatchObject({
        totalUsers: 3,
        totalCustomers: 2,
        totalProfessionals: 1,
        activeUsers: 2,
        monthlyRevenue: 37,
        recentSignups: 3, // customers and professionals, as Total Users (not the affiliate)
        totalAffiliates: 1,
        expiringSubscriptions: 0,
        pendingPayouts: 0,
        totalPayouts: 0,
      });
      expect(s.history).toHaveLength(12);
      expect(s.history[11]).toEqual({ month: '2026-11', signups: 3, revenue: 37 });
      expect(s.history[0].month).toBe('2025-12');

      fresh.clock.advance(25 * DAY); // 5 days left of the month paid on 22 November
      expect((await fresh.request('/api/admin/stats', { headers: bearer(a.token) })).status).toBe(401); // admin sessions last 12 hours
      a = await signInAdmin(fresh);
      expect(await stats()).toMatchObject({ expiringSubscriptions: 2, activeUsers: 2, monthlyRevenue: 0 });
    } finally {
      await fresh.close();
    }
  });

  it('lists payments with type, status and method, and the affiliates with their balance, searchable by referrer code', async () => {
    const affiliate = await signUpAffiliate(app);
    const referred = await signUpAndPay(app, { referrerCode: affiliate.code, firstName: 'Yaw', lastName: 'Referred' });
    const payments = (await asAdmin(`/api/admin/payments?search=${encodeURIComponent('Yaw Referred')}`)).body.payments;
    expect(payments).toEqual([
      expect.objectContaining({
        userId: referred.userId,
        amount: 10,
        type: 'subscription',
        status: 'completed',
        method: 'Mobile Money (test mode)',
        reference: referred.payment.reference,
      }),
    ]);
    const commission = (await asAdmin(`/api/admin/payments?search=${encodeURIComponent(affiliate.email)}`)).body
      .payments;
    expect(commission).toEqual([
      expect.objectContaining({ userId: affiliate.id, amount: 4, type: 'commission', status: 'completed' }),
    ]);

    const affiliates = (await asAdmin(`/api/admin/affiliates?search=${affiliate.code.toLowerCase()}`)).body.affiliates;
    expect(affiliates).toEqual([
      expect.objectContaining({
        id: affiliate.id,
        referrerCode: affiliate.code,
        totalReferrals: 1,
        totalEarnings: 4,
        pendingPayout: 4,
        payoutMethod: 'mobile-money',
        payoutDetails: '+233559990001',
      }),
    ]);
  });
});

describe('user actions', () => {
  it('edits a profile like sign-up validates it, keeps email and phone unique, and audits the change', async () => {
    const user = await signUpAndPay(app, { firstName: 'Efua', lastName: 'Before' });
    const other = await signUpAndPay(app);
    const base = {
      firstName: 'Efua',
      lastName: 'After',
      email: user.body.email,
      phone: user.body.phone,
      type: 'customer',
      status: 'active',
      location: 'Kumasi',
      description: '',
      profession: '',
    };

    const bad = await asAdmin(`/api/admin/users/${user.userId}/profile`, {
      method: 'PUT',
      json: { ...base, email: 'not-an-email' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address', errors: [{ field: 'email' }] },
    });
    const taken = await asAdmin(`/api/admin/users/${user.userId}/profile`, {
      method: 'PUT',
      json: { ...base, phone: other.body.phone },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { message: 'An account with this phone number already exists.' },
    });
    const takenEmail = await asAdmin(`/api/admin/users/${user.userId}/profile`, {
      method: 'PUT',
      json: { ...base, email: other.body.email.toUpperCase() },
    });
    expect(takenEmail.status).toBe(409);

    const ok = await asAdmin(`/api/admin/users/${user.userId}/profile`, { method: 'PUT', json: base });
    expect(ok).toMatchObject({ status: 200, body: { user: { lastName: 'After', location: 'Kumasi' } } });
    expect(await activity(user.userId)).toEqual([
      expect.objectContaining({
        action: 'user.update',
        admin: admin.username,
        before: { lastName: 'Before', location: 'Accra' },
        after: { lastName: 'After', location: 'Kumasi' },
      }),
    ]);
    expect((await asAdmin('/api/admin/users/999999/profile', { method: 'PUT', json: base })).status).toBe(404);
    expect((await asAdmin('/api/admin/users/abc')).status).toBe(404);
  });

  it('turns a customer into a listed professional with a profile at their city', async () => {
    const user = await signUpAndPay(app, { location: 'Tamale' });
    const res = await asAdmin(`/api/admin/users/${user.userId}/profile`, {
      method: 'PUT',
      json: {
        firstName: 'Ama',
        lastName: 'Mensah',
        email: user.body.email,
        phone: user.body.phone,
        type: 'professional',
        status: 'active',
        location: 'Tamale',
        profession: 'Welder',
      },
    });
    expect(res.body.user).toMatchObject({ type: 'professional', profession: 'Welder' });
    const profile = await app.db('professional_profiles').where({ user_id: user.userId }).first();
    expect(profile).toMatchObject({ profession: 'Welder', location_source: 'city' });
    expect(profile!.paid_until).not.toBeNull();
    const noProfession = await asAdmin(`/api/admin/users/${user.userId}/profile`, {
      method: 'PUT',
      json: {
        firstName: 'Ama',
        lastName: 'Mensah',
        email: user.body.email,
        phone: user.body.phone,
        type: 'professional',
        status: 'active',
      },
    });
    expect(noProfession).toMatchObject({ status: 400, body: { errors: [{ field: 'profession' }] } });
  });

  it('suspends (the open session is refused at once) and activates, only between the account states', async () => {
    const user = await signUpAndPay(app);
    const data = () =>
      app.request(`/api/customer-data/${encodeURIComponent(user.body.email)}`, { headers: bearer(user.token) });
    expect((await data()).status).toBe(200);

    const suspended = await asAdmin(`/api/admin/users/${user.userId}/status`, {
      method: 'PUT',
      json: { status: 'suspended' },
    });
    expect(suspended).toMatchObject({ status: 200, body: { user: { status: 'suspended' } } });
    expect((await data()).status).toBe(401);
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: user.body.email, password: user.body.password },
    });
    expect(login.status).toBe(403);

    expect(
      (await asAdmin(`/api/admin/users/${user.userId}/status`, { method: 'PUT', json: { status: 'suspended' } }))
        .status,
    ).toBe(409);
    expect(
      (await asAdmin(`/api/admin/users/${user.userId}/status`, { method: 'PUT', json: { status: 'pending' } })).status,
    ).toBe(400);
    expect(
      (await asAdmin(`/api/admin/users/${user.userId}/status`, { method: 'PUT', json: { status: 'active' } })).body.user
        .status,
    ).toBe('active');
    // The revoked session stays revoked; the user signs in again.
    expect((await data()).status).toBe(401);
    expect(
      (
        await app.request('/api/auth/login', {
          method: 'POST',
          json: { email: user.body.email, password: user.body.password },
        })
      ).status,
    ).toBe(200);

    expect((await activity(user.userId)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.activate', { status: 'suspended' }, { status: 'active' }],
      ['user.suspend', { status: 'active' }, { status: 'suspended' }],
    ]);
  });

  it('a suspended affiliate signs in to see their balance, cannot request a payout, and earns nothing for new referrals', async () => {
    const affiliate = await signUpAffiliate(app);
    await app.request('/api/dev/affiliate-credit', { method: 'POST', json: { email: affiliate.email, amount: 300 } });
    expect(
      (await asAdmin(`/api/admin/users/${affiliate.id}/status`, { method: 'PUT', json: { status: 'suspended' } }))
        .status,
    ).toBe(200);
    expect((await app.request('/api/affiliate/payouts', { headers: bearer(affiliate.token) })).status).toBe(401); // sessions ended

    const login = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: affiliate.email, password: 'affiliate-pass-1' },
    });
    expect(login).toMatchObject({ status: 200, body: { user: { status: 'suspended', userType: 'affiliate' } } });
    const token = login.body.token as string;
    const data = await app.request(`/api/affiliate-data/${encodeURIComponent(affiliate.email)}`, {
      headers: bearer(token),
    });
    expect(data).toMatchObject({ status: 200, body: { affiliate: { pendingPayout: 300, status: 'suspended' } } });
    const payout = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(token) });
    expect(payout).toMatchObject({ status: 403, body: { message: expect.stringMatching(/suspended/) } });

    // A suspended affiliate's code is refused by its field, saying why, so nobody's sign-up counts for them.
    const referred = await app.request('/api/signup', {
      method: 'POST',
      json: signupBody({ referrerCode: affiliate.code }),
    });
    expect(referred).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'referrerCode', message: expect.stringMatching(/no longer active/) }] },
    });
    expect((await app.request('/api/auth/logout', { method: 'POST', headers: bearer(token) })).status).toBe(200);
  });

  it('queues a reminder through the reminder path and says so only then', async () => {
    const user = await signUpAndPay(app);
    const before = await app.db('notifications').where({ recipient: user.body.email }).count({ n: '*' });
    // The reminder, its record and the audit entry are written together: when either table refuses, none is.
    for (const table of ['notifications', 'admin_audit_log']) {
      await withTableClosed(app.db, table, async () => {
        expect((await asAdmin(`/api/admin/users/${user.userId}/reminder`, { method: 'POST' })).status).toBe(500);
      });
    }
    expect(await app.db('notifications').where({ recipient: user.body.email }).count({ n: '*' })).toEqual(before);
    expect(await app.db('subscription_reminders').where({ user_id: user.userId })).toEqual([]);
    expect((await activity(user.userId)).filter((a) => a.action === 'user.reminder')).toEqual([]);

    const res = await asAdmin(`/api/admin/users/${user.userId}/reminder`, { method: 'POST' });
    expect(res).toMatchObject({ status: 200, body: { message: ADMIN_MESSAGES.reminderSent } });
    const mails = await app.db('notifications').where({ recipient: user.body.email }).orderBy('id', 'desc');
    expect(mails.length).toBe(Number(before[0].n) + 1);
    expect(mails[0].subject).toBe('Your subscription ends soon');
    expect((await activity(user.userId))[0]).toMatchObject({ action: 'user.reminder' });
    expect(await app.db('subscription_reminders').where({ user_id: user.userId })).toHaveLength(1);

    const unpaid = await signUp(app);
    const none = await asAdmin(`/api/admin/users/${unpaid.userId}/reminder`, { method: 'POST' });
    expect(none).toMatchObject({ status: 409, body: { message: 'This user has no subscription to remind about.' } });
  });

  it('deletes by anonymising: personal data gone, payments kept for the books, sign-in impossible', async () => {
    const user = await signUpAndPay(app, { firstName: 'Kwesi', lastName: 'Gone', description: 'Private words' });
    const res = await asAdmin(`/api/admin/users/${user.userId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/personal data has been removed.*kept, anonymised/);

    const row = await app.db('users').where({ id: user.userId }).first();
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'user', description: null, status: 'suspended' });
    expect(row!.email).not.toContain('example.com');
    const payment = await app.db('payments').where({ reference: user.payment.reference }).first();
    expect(payment).toMatchObject({ amount_pesewas: 1000, status: 'success' });
    expect(payment!.email).not.toBe(user.body.email);
    expect(await app.db('sessions').where({ user_id: user.userId }).first()).toBeUndefined();
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      json: { email: user.body.email, password: user.body.password },
    });
    expect(login.status).toBe(401);
    expect((await asAdmin(`/api/admin/users?search=Kwesi`)).body.users).toEqual([]);
    expect((await asAdmin(`/api/admin/users/${user.userId}`, { method: 'DELETE' })).status).toBe(404);
    const [entry] = await app
      .db('admin_audit_log')
      .where({ target_type: 'user', target_id: String(user.userId), action: 'user.delete' });
    expect(JSON.stringify(entry)).not.toMatch(/Kwesi|Private words|example\.com/);
  });
});

describe('payout actions', () => {
  async function pendingPayout() {
    const affiliate = await signUpAffiliate(app);
    const res = await app.request('/api/dev/affiliate-credit', {
      method: 'POST',
      json: { email: affiliate.email, amount: 260 },
    });
    expect(res.status).toBe(200);
    const requested = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) });
    expect(requested.status).toBe(201);
    return { affiliate, payoutId: requested.body.payout.id as number };
  }

  it('moves pending → processing → completed, refuses anything else with 409, and audits each step', async () => {
    const { affiliate, payoutId } = await pendingPayout();
    const listed = (await asAdmin('/api/admin/payouts?status=pending')).body.payouts;
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: payoutId,
        affiliateName: 'Kofi Refer',
        amount: 260,
        status: 'pending',
        method: 'mobile-money',
      }),
    );

    expect((await asAdmin(`/api/admin/payouts/${payoutId}/complete`, { method: 'PUT' })).status).toBe(409);
    const approved = await asAdmin(`/api/admin/payouts/${payoutId}/approve`, { method: 'PUT' });
    expect(approved).toMatchObject({ status: 200, body: { payout: { status: 'processing', processedDate: null } } });
    const rejectLate = await asAdmin(`/api/admin/payouts/${payoutId}/reject`, { method: 'PUT' });
    expect(rejectLate).toMatchObject({
      status: 409,
      body: { message: 'This payout is processing; only a pending payout can be rejected.' },
    });
    const done = await asAdmin(`/api/admin/payouts/${payoutId}/complete`, {
      method: 'PUT',
      json: { notes: 'MoMo ref 12345' },
    });
    expect(done.body.payout).toMatchObject({
      status: 'completed',
      processedDate: '2026-11-22T09:00:00.000Z',
      notes: 'MoMo ref 12345',
    });
    expect((await asAdmin('/api/admin/payouts/999999/approve', { method: 'PUT' })).status).toBe(404);
    expect((await asAdmin(`/api/admin/payouts/${payoutId}/pay`, { method: 'PUT' })).status).toBe(404);

    expect((await activity(affiliate.id)).map((a) => a.action)).toEqual(['payout.complete', 'payout.approve']);
    const stats = (await asAdmin('/api/admin/stats')).body.stats;
    expect(stats.totalPayouts).toBeGreaterThanOrEqual(260);
  });

  it('rejecting returns the money to the balance', async () => {
    const { affiliate, payoutId } = await pendingPayout();
    await asAdmin(`/api/admin/payouts/${payoutId}/reject`, { method: 'PUT', json: { notes: 'Number not registered' } });
    const [row] = (await asAdmin(`/api/admin/affiliates?search=${affiliate.code}`)).body.affiliates;
    expect(row.pendingPayout).toBe(260);
  });
});

describe('settings', () => {
  it('shows the defaults, refuses bad values naming the field, and audits a change', async () => {
    const fresh = await startTestApp();
    try {
      const a = await signInAdmin(fresh);
      const get = await fresh.request('/api/admin/settings', { headers: bearer(a.token) });
      const discounts = { discount3Months: 0, discount6Months: 0, discount12Months: 0 };
      expect(get.body.settings).toEqual({
        reminderDays: 7,
        gracePeriodDays: 3,
        customerPrice: 10,
        professionalPrice: 27,
        customerCommission: 4,
        professionalCommission: 10.8,
        ...discounts,
      });
      expect(get.body.system).toMatchObject({ payments: 'sandbox' });

      const put = (json: unknown) =>
        fresh.request('/api/admin/settings', { method: 'PUT', headers: bearer(a.token), json });
      const bad = await put({ ...get.body.settings, reminderDays: 0 });
      expect(bad).toMatchObject({
        status: 400,
        body: { errors: [{ field: 'reminderDays', message: 'Reminder days must be 1 to 30' }] },
      });
      const tooMuch = await put({ ...get.body.settings, customerCommission: 11 });
      expect(tooMuch.body.errors).toEqual([
        { field: 'customerCommission', message: 'A commission cannot be more than the plan price' },
      ]);
      expect((await put({ ...get.body.settings, customerPrice: 10.005 })).status).toBe(400);

      const saved = await put({ ...get.body.settings, reminderDays: 10 });
      expect(saved.body.settings.reminderDays).toBe(10);
      const [entry] = await fresh.db('admin_audit_log').where({ action: 'settings.update' });
      expect(entry).toMatchObject({
        admin_username: a.username,
        before: { reminderDays: 7 },
        after: { reminderDays: 10 },
      });
    } finally {
      await fresh.close();
    }
  });

  it('a price change affects only payments started afterwards', async () => {
    const fresh = await startTestApp();
    try {
      const a = await signInAdmin(fresh);
      const started = await signUp(fresh); // ₵10 payment started before the change
      const settings = (await fresh.request('/api/admin/settings', { headers: bearer(a.token) })).body.settings;
      await fresh.request('/api/admin/settings', {
        method: 'PUT',
        headers: bearer(a.token),
        json: { ...settings, customerPrice: 12, customerCommission: 5 },
      });

      expect(started.payment.amountKobo).toBe(1000);
      await paySandbox(fresh, started.payment);
      const done = await fresh.request('/api/complete-registration', {
        method: 'POST',
        json: { userId: started.userId, paymentReference: started.payment.reference },
      });
      expect(done.status).toBe(200);

      expect((await fresh.request('/api/plans')).body).toMatchObject({
        success: true,
        prices: { customer: 12, professional: 27 },
        commissions: { customer: 5, professional: 10.8 },
      });
      expect((await fresh.request('/api/plans')).body.lengths.customer.map((o: { price: number }) => o.price)).toEqual([
        12, 36, 72, 144,
      ]);
      const later = await signUp(fresh);
      expect(later.payment).toMatchObject({ amount: 12, amountKobo: 1200, metadata: { amount_ghs: 12 } });
      const paidLater = await signUpAndPay(fresh);
      expect(
        (await fresh.db('payments').where({ reference: paidLater.payment.reference }).first())!.amount_pesewas,
      ).toBe(1200);
    } finally {
      await fresh.close();
    }
  });
});

describe('the audit log', () => {
  it('is append-only in the database itself', async () => {
    const [entry] = await app.db('admin_audit_log').limit(1);
    expect(entry).toBeDefined();
    await expect(app.db('admin_audit_log').where({ id: entry.id }).update({ action: 'rewritten' })).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db('admin_audit_log').where({ id: entry.id }).delete()).rejects.toThrow(/append-only/);
  });
});
