import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../contract/dates.ts';
import { bearer, listedProfessional, signUp, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { anonymiseExpiredAccounts } from './retention.ts';

// A signed-in user downloads everything held about them (GET /api/me/export),
// and accounts are anonymised once their subscription ended more than 3 years ago (the privacy
// policy's "subscription plus 3 years"), keeping what the books need.
// The test clock starts on Sunday 22 November 2026 at 09:00 GMT.
const MONDAY = '2026-11-23';

const exportOf = (app: TestApp, token: string) => app.request('/api/me/export', { headers: bearer(token) });
const phoneOf = async (app: TestApp, id: number) =>
  (await app.db('users').where({ id }).first('phone'))!.phone as string;

describe('GET /api/me/export', () => {
  let app: TestApp;
  let ama: Awaited<ReturnType<typeof signUpAndPay>>;
  let yaw: Awaited<ReturnType<typeof signUpAndPay>>;
  let kojo: Awaited<ReturnType<typeof listedProfessional>>;
  let amaBooking: number;
  beforeAll(async () => {
    app = await startTestApp();
    ama = await signUpAndPay(app, { firstName: 'Ama', lastName: 'Owusu', localAddress: 'Osu, Oxford Street' });
    yaw = await signUpAndPay(app, { firstName: 'Yaw', lastName: 'Boateng', localAddress: 'Tema, Community 1' });
    kojo = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Pipes' });
    const book = async (token: string, time: string) =>
      (
        await app.request('/api/bookings', {
          method: 'POST',
          headers: bearer(token),
          json: { professionalId: kojo.userId, date: MONDAY, time, description: 'Leaking tap' },
        })
      ).body.booking.id as number;
    const say = (id: number, token: string, body: string) =>
      app.request(`/api/bookings/${id}/messages`, { method: 'POST', headers: bearer(token), json: { body } });
    amaBooking = await book(ama.token, '09:00');
    const yawBooking = await book(yaw.token, '10:00');
    await app.request(`/api/bookings/${amaBooking}/accept`, { method: 'POST', headers: bearer(kojo.token) });
    await say(amaBooking, ama.token, 'The gate is blue');
    await say(amaBooking, kojo.token, 'On my way');
    await say(yawBooking, yaw.token, 'Yaw private note');
    await app.request(`/api/favourites/${kojo.userId}`, { method: 'POST', headers: bearer(ama.token) });
    await app.request('/api/contact', {
      method: 'POST',
      headers: bearer(ama.token), // sent signed in: only then is a message hers, not whoever's address it names
      json: {
        name: 'Ama Owusu',
        email: ama.body.email,
        phone: '',
        subject: 'Hello',
        category: 'booking',
        message: 'Ama asks support',
        userType: 'customer',
      },
    });
    await app.request('/api/contact', {
      method: 'POST',
      json: {
        name: 'Yaw Boateng',
        email: yaw.body.email,
        phone: '',
        subject: 'Hi',
        category: 'booking',
        message: 'Yaw asks support',
        userType: 'customer',
      },
    });
    app.clock.set(new Date('2026-11-23T12:00:00Z')); // the 09:00 slot has passed: complete and review it
    await app.request(`/api/bookings/${amaBooking}/complete`, { method: 'POST', headers: bearer(kojo.token) });
    await app.request(`/api/bookings/${amaBooking}/review`, {
      method: 'POST',
      headers: bearer(ama.token),
      json: { rating: 5, comment: 'Fixed it fast' },
    });
  });
  afterAll(() => app.close());

  it('needs a session', async () => {
    expect((await app.request('/api/me/export')).status).toBe(401);
    expect((await exportOf(app, 'x'.repeat(43))).status).toBe(401);
  });

  it("is a file to keep: the customer's own account, payments, booking, chat, review, favourites and messages", async () => {
    const res = await exportOf(app, ama.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data-2026-11-23.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = res.body;
    expect(data.account).toMatchObject({
      id: ama.userId,
      accountType: 'customer',
      firstName: 'Ama',
      lastName: 'Owusu',
      email: ama.body.email,
      localAddress: 'Osu, Oxford Street',
    });
    expect(data.payments).toEqual([
      expect.objectContaining({
        reference: ama.payment.reference,
        amount: 10,
        currency: 'GHS',
        status: 'success',
        purpose: 'registration',
        paidAt: expect.any(String),
      }),
    ]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ plan: 'customer', amount: 10, periodEnd: '2026-12-22T09:00:00.000Z' }),
    ]);
    expect(data.bookings).toEqual([
      expect.objectContaining({
        id: amaBooking,
        yourRole: 'customer',
        professional: 'Kojo Pipes',
        status: 'completed',
        total: 60,
        location: 'Osu, Oxford Street',
      }),
    ]);
    expect(data.chatMessages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['you', 'The gate is blue'],
      ['Kojo Pipes', 'On my way'],
      // The job marked done is a step of the booking, written into its chat (docs/PRODUCT.md "Chat").
      ['ServiceConnect', 'The job was marked done. The customer is asked to confirm it.'],
    ]);
    expect(data.problemReports).toEqual([]);
    expect(data.reviewsWritten).toEqual([
      expect.objectContaining({
        bookingId: amaBooking,
        professional: 'Kojo Pipes',
        rating: 5,
        comment: 'Fixed it fast',
      }),
    ]);
    expect(data.favourites).toEqual([expect.objectContaining({ professional: 'Kojo Pipes' })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Ama asks support' })]);
    expect(data.notifications.length).toBeGreaterThan(0); // the payment receipt, at least
    expect(data.notifications.every((n: { subject: string }) => typeof n.subject === 'string')).toBe(true);
    expect(data.signIns.length).toBeGreaterThan(0);
  });

  it("holds nothing of anyone else's: no other customer, no contact details of the other party, no secrets", async () => {
    const text = JSON.stringify((await exportOf(app, ama.token)).body);
    for (const foreign of [
      yaw.body.email,
      'Yaw',
      'Tema, Community 1',
      'Yaw private note',
      'Yaw asks support',
      kojo.body.email,
      await phoneOf(app, kojo.userId),
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/password_hash|token_hash|passwordHash|tokenHash|\$argon2/);
  });

  it("gives the professional their side: both customers by name only, never a customer's address, phone or email", async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 11, g: 111, b: 211 } } })
      .png()
      .toBuffer();
    const added = await app.request('/api/me/work-photos', {
      method: 'POST',
      headers: { ...bearer(kojo.token), 'content-type': 'image/png' },
      body: photo,
    });
    expect(added.status).toBe(201);
    const profile = await app.request('/api/me/photo', {
      method: 'PUT',
      headers: { ...bearer(kojo.token), 'content-type': 'image/png' },
      body: photo,
    });
    expect(profile.status).toBe(200);
    const res = await exportOf(app, kojo.token);
    const data = res.body;
    expect(data.account).toMatchObject({ accountType: 'professional', email: kojo.body.email });
    expect(data.professionalProfile).toMatchObject({ profession: 'Plumber', baseRatePerHour: 30, maxRatePerHour: 50 });
    // Every stored size is listed: the profile photo's 2× square too (a work photo has none).
    expect(data.photos).toEqual([
      expect.objectContaining({
        kind: 'profile',
        thumbnail: expect.stringMatching(/^\/media\/[0-9a-f]{64}-thumb\.webp$/),
        thumbnail2x: expect.stringMatching(/^\/media\/[0-9a-f]{64}-thumb2x\.webp$/),
      }),
      expect.objectContaining({
        kind: 'work',
        thumbnail: expect.stringMatching(/^\/media\/[0-9a-f]{64}-thumb\.webp$/),
      }),
    ]);
    expect(data.photos[1]).not.toHaveProperty('thumbnail2x');
    expect(data.payments).toEqual([expect.objectContaining({ reference: kojo.payment.reference, amount: 27 })]);
    expect(data.bookings.map((b: { customer: string }) => b.customer).sort()).toEqual(['Ama Owusu', 'Yaw Boateng']);
    expect(data.bookings.every((b: object) => !('location' in b))).toBe(true);
    expect(data.reviewsReceived).toEqual([expect.objectContaining({ customer: 'Ama Owusu', rating: 5 })]);
    expect(data.savedAsFavouriteBy).toBe('1 customer(s)');
    const text = JSON.stringify(data);
    for (const foreign of [
      ama.body.email,
      yaw.body.email,
      await phoneOf(app, ama.userId),
      await phoneOf(app, yaw.userId),
      'Osu, Oxford Street',
      'Tema, Community 1',
      'Ama asks support',
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/password_hash|token_hash|\$argon2/);
  });

  it("lists a professional's verification documents by their metadata only, never the file", async () => {
    const [doc] = await app
      .db('professional_documents')
      .insert({
        user_id: kojo.userId,
        kind: 'ghana-card',
        file_name: 'card.png',
        content_type: 'image/png',
        size_bytes: 7,
        sha256: 'a'.repeat(64),
        uploaded_at: new Date('2026-11-22T10:00:00Z'),
      })
      .returning('id');
    await app.db('professional_document_files').insert({ document_id: doc.id, bytes: Buffer.from('PNGDATA') });
    const data = (await exportOf(app, kojo.token)).body;
    expect(data.verificationDocuments).toEqual([
      {
        id: Number(doc.id),
        kind: 'ghana-card',
        fileName: 'card.png',
        contentType: 'image/png',
        sizeBytes: 7,
        uploadedAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(data.verification).toEqual({ status: 'unverified', reason: null, verifiedAt: null });
    expect(JSON.stringify(data)).not.toMatch(/PNGDATA|aaaaaaaa|sha256/i);
    expect((await exportOf(app, ama.token)).body).not.toHaveProperty('verificationDocuments');
  });

  it('gives an affiliate their referrals by first name and month only, with the ledger', async () => {
    const affiliate = await signUpAffiliate(app);
    const referred = await signUpAndPay(app, { referrerCode: affiliate.code, firstName: 'Esi', lastName: 'Referred' });
    const data = (await exportOf(app, affiliate.token)).body;
    expect(data.affiliateProfile).toMatchObject({ referrerCode: affiliate.code, pendingBalance: 4 });
    expect(data.referrals).toEqual([{ firstName: 'Esi', accountType: 'customer', month: '2026-11' }]);
    expect(data.commissions).toEqual([expect.objectContaining({ amount: 4, plan: 'customer' })]);
    expect(data.payouts).toEqual([]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Referred');
    expect(text).not.toContain(referred.body.email);
    expect(data).not.toHaveProperty('bookings');
  });
});

describe('retention: the subscription plus 3 years', () => {
  let app: TestApp;
  const logLines: Record<string, unknown>[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const run = () => anonymiseExpiredAccounts({ db: app.db, clock: app.clock, logger });
  const signIn = (email: string, password: string, accountType: string) =>
    app.request('/api/auth/login', { method: 'POST', json: { loginMethod: 'email', email, password, accountType } });
  const userRow = (id: number) => app.db('users').where({ id }).first();

  // Each test has an app of its own: what a run anonymises depends on every account there is.
  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(() => app.close());

  /**
   * Accounts that signed up on 22 November 2026 (paid months end on 22 December 2026 at 09:00),
   * seen on 23 December 2029, 3 years and 1 day after: four past retention, three kept.
   */
  async function pastRetention() {
    const old = await signUpAndPay(app, { firstName: 'Old', lastName: 'Customer' });
    const kept = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kept', lastName: 'Pro' });
    const booking = (
      await app.request('/api/bookings', {
        method: 'POST',
        headers: bearer(old.token),
        json: { professionalId: kept.userId, date: MONDAY, time: '09:00', description: 'Old job' },
      })
    ).body.booking.id as number;
    await app.request(`/api/bookings/${booking}/messages`, {
      method: 'POST',
      headers: bearer(old.token),
      json: { body: 'Old customer writes' },
    });
    const owed = await signUpAffiliate(app); // is owed ₵4 for the customer below
    const referred = await signUpAndPay(app, { referrerCode: owed.code });
    const idle = await signUpAffiliate(app); // nothing owed, never back
    const recent = await signUpAffiliate(app); // signs in again two years later
    const neverPaid = await signUp(app);

    app.clock.set(new Date('2028-11-22T09:00:00Z'));
    expect((await signIn(recent.email, 'affiliate-pass-1', 'affiliate')).status).toBe(200);

    const now = new Date('2029-12-23T09:00:00Z'); // 3 years and 1 day after the paid month ended
    app.clock.set(now);
    // Kept's last month (a renewal, say) ended 3 years less 1 day ago.
    await app
      .db('subscriptions')
      .where({ user_id: kept.userId })
      .update({ period_end: new Date('2026-12-24T09:00:00Z') });
    return { old, kept, owed, referred, idle, recent, neverPaid, booking, now };
  }

  it('anonymises what is past retention, keeps the books, and keeps the rest', async () => {
    const { old, kept, owed, referred, idle, recent, neverPaid, booking, now } = await pastRetention();
    expect(await run()).toBe(4);
    expect(logLines).toContainEqual(
      expect.objectContaining({ anonymised: 4, msg: 'accounts past retention anonymised' }),
    );

    for (const id of [old.userId, referred.userId, idle.id, neverPaid.userId]) {
      const row = await userRow(id);
      expect(row).toMatchObject({
        first_name: 'Deleted',
        email: `deleted-${id}@deleted.invalid`,
        phone: `deleted-${id}`,
        status: 'suspended',
      });
      expect(row!.deleted_at).toEqual(now);
    }
    for (const id of [kept.userId, owed.id, recent.id]) expect((await userRow(id))!.deleted_at).toBeNull();
    expect((await signIn(old.body.email, old.body.password, 'customer')).status).not.toBe(200);

    // The books stay: payments and subscriptions with their amounts, the commission ledger.
    expect(
      await app.db('payments').where({ user_id: old.userId }).select('reference', 'amount_pesewas', 'status'),
    ).toEqual([{ reference: old.payment.reference, amount_pesewas: 1000, status: 'success' }]);
    expect(await app.db('subscriptions').where({ user_id: old.userId }).pluck('amount_pesewas')).toEqual([1000]);
    expect(
      await app.db('affiliate_commissions').where({ referred_user_id: referred.userId }).pluck('amount_pesewas'),
    ).toEqual([400]);

    // The professional still sees the booking and the chat, without the customer's words or name.
    const session = await signIn(kept.body.email, kept.body.password, 'professional');
    expect(session.status).toBe(200);
    const bookings = await app.request('/api/bookings', { headers: bearer(session.body.token) });
    expect(bookings.status).toBe(200);
    expect(bookings.body.bookings).toEqual([
      expect.objectContaining({ id: booking, customerName: 'Deleted user', description: 'Old job' }),
    ]);
    const chat = await app.request(`/api/bookings/${booking}/messages`, { headers: bearer(session.body.token) });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).not.toContain('Old customer writes');
  });

  it('changes nothing more when run again', async () => {
    await pastRetention();
    await run();
    const before = await app.db('users').orderBy('id');
    expect(await run()).toBe(0);
    expect(await app.db('users').orderBy('id')).toEqual(before);
  });

  it('anonymises each account once when two processes run it at the same time', async () => {
    await pastRetention();
    await run();
    const customers = [await signUpAndPay(app), await signUpAndPay(app), await signUpAndPay(app)];
    // 4 years on: these customers, Kept's subscription and the affiliate's last sign-in are all past
    // retention (5 accounts); the affiliate still owed money is still kept.
    app.clock.advance(4 * 366 * DAY_MS);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(customers.length + 2);
    expect(await app.db('users').whereNull('deleted_at').pluck('user_type')).toEqual(['affiliate']);
    for (const c of customers) expect((await userRow(c.userId))!.first_name).toBe('Deleted');
    expect(await run()).toBe(0);
  });
});
