import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../contract/dates.ts';
import {
  bearer,
  listedProfessional,
  milesNorth,
  signUp,
  signUpAffiliate,
  signUpAndPay,
} from '../../../test/accounts.ts';
import { SEARCH_MESSAGES } from '../../../../contract/professionals.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// docs/PRODUCT.md "Finding a professional", "Distances": "Nearby filter radius 7 miles … Great-circle distance with Earth radius 3959 miles,
// rounded to 0.1 mile"; "Search is a case-insensitive substring on name or profession. Category
// filter compares profession case-insensitively"; sorts distance, rating, price-low, price-high (by max rate), reviews.
const OSU = { lat: 5.556, lng: -0.1769 };

describe('GET /api/professionals', () => {
  let app: TestApp;
  let customerToken: string;
  const pros: Record<string, Awaited<ReturnType<typeof listedProfessional>>> = {};
  beforeAll(async () => {
    app = await startTestApp();
    customerToken = (await signUpAndPay(app)).token;
    pros.near = await listedProfessional(
      app,
      { lat: OSU.lat + milesNorth(1), lng: OSU.lng },
      { firstName: 'Kwame', lastName: 'Nearby' },
    );
    pros.edgeIn = await listedProfessional(
      app,
      { lat: OSU.lat + milesNorth(6.9), lng: OSU.lng },
      { firstName: 'Inside', lastName: 'Edge', profession: 'Electrician' },
    );
    pros.edgeOut = await listedProfessional(
      app,
      { lat: OSU.lat + milesNorth(7.1), lng: OSU.lng },
      { firstName: 'Outside', lastName: 'Edge' },
    );
    pros.tiler = await listedProfessional(
      app,
      { lat: OSU.lat + milesNorth(3), lng: OSU.lng },
      { firstName: 'Yaw', lastName: 'Tiles', profession: 'Mason/Tiler' },
    );
    await app
      .db('professional_profiles')
      .where({ user_id: pros.near.userId })
      .update({ base_rate_pesewas: 2000, max_rate_pesewas: 9000 });
    await app
      .db('professional_profiles')
      .where({ user_id: pros.tiler.userId })
      .update({ base_rate_pesewas: 4500, max_rate_pesewas: 4600 });
    // Not listed: unpaid, suspended.
    const unpaid = await signUp(app, {
      userType: 'professional',
      profession: 'Plumber',
      localAddress: 'Osu',
      firstName: 'Unpaid',
    });
    await app
      .db('professional_profiles')
      .where({ user_id: unpaid.userId })
      .update({ latitude: OSU.lat, longitude: OSU.lng });
    const suspended = await listedProfessional(app, OSU, { firstName: 'Suspended' });
    await app.db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
  });
  afterAll(() => app.close());
  const search = async (query: string) => {
    const res = await app.request(`/api/professionals?${query}`, { headers: bearer(customerToken) });
    expect(res.status).toBe(200);
    return res.body.professionals as { id: number; name: string; distance: number | null; [k: string]: unknown }[];
  };
  const names = (list: { name: string }[]) => list.map((p) => p.name);

  it('lists within 7 miles by default: 6.9 miles in, 7.1 miles out, nearest first', async () => {
    const list = await search(`lat=${OSU.lat}&lng=${OSU.lng}`);
    expect(names(list)).toEqual(['Kwame Nearby', 'Yaw Tiles', 'Inside Edge']);
    expect(list.map((p) => p.distance)).toEqual([1, 3, 6.9]);
  });

  it('refuses an affiliate, whose account has no find-pro access, with the reason (issue #29)', async () => {
    const affiliate = await signUpAffiliate(app);
    for (const path of ['/api/professionals', `/api/professionals/${pros.near.userId}`]) {
      const res = await app.request(path, { headers: bearer(affiliate.token) });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 403,
        body: { success: false, code: 'forbidden', message: SEARCH_MESSAGES.affiliate },
      });
    }
  });

  it('widens with radius', async () => {
    expect(names(await search(`lat=${OSU.lat}&lng=${OSU.lng}&radius=7.2`))).toContain('Outside Edge');
  });

  it('lists only active professionals with a paid, unexpired subscription', async () => {
    const all = names(await search(''));
    expect(all).not.toContain('Unpaid Mensah');
    expect(all.some((n) => n.startsWith('Suspended'))).toBe(false);
    const lapsed = await listedProfessional(app, OSU, { firstName: 'Lapsed' });
    expect(names(await search('q=Lapsed'))).toHaveLength(1);
    const daysAgo = (days: number) => new Date(app.clock.now().getTime() - days * DAY_MS);
    await app
      .db('professional_profiles')
      .where({ user_id: lapsed.userId })
      .update({ paid_until: daysAgo(2.9) });
    expect(names(await search('q=Lapsed'))).toHaveLength(1); // within the 3-day grace period
    await app
      .db('professional_profiles')
      .where({ user_id: lapsed.userId })
      .update({ paid_until: daysAgo(3) });
    expect(await search('q=Lapsed')).toEqual([]);
  });

  it('searches name or profession case-insensitively, and filters by category value', async () => {
    expect(names(await search('q=KWAME'))).toEqual(['Kwame Nearby']);
    expect(names(await search('q=electric'))).toEqual(['Inside Edge']);
    expect(names(await search('category=MasonTiler'))).toEqual(['Yaw Tiles']);
    expect(await search('q=100%25')).toEqual([]);
  });

  it('sorts by price low (base rate) and price high (max rate)', async () => {
    expect(names(await search('sort=price-low'))[0]).toBe('Kwame Nearby');
    expect(names(await search('sort=price-high'))[0]).toBe('Kwame Nearby');
    expect(names(await search('sort=price-low')).at(-1)).toBe('Yaw Tiles');
  });

  it('sorts by rating and by review count from verified reviews, new professionals last', async () => {
    // Reviews arrive through completed bookings; here they are written as the review step writes them.
    const review = async (pro: { userId: number }, ratings: number[]) =>
      app
        .db('professional_profiles')
        .where({ user_id: pro.userId })
        .update({ review_count: ratings.length, rating_total: ratings.reduce((a, b) => a + b, 0) });
    await review(pros.edgeIn, [5, 5]); // 5.0 from 2
    await review(pros.tiler, [4, 4, 4, 5]); // 4.3 from 4
    const byRating = await search(`lat=${OSU.lat}&lng=${OSU.lng}&sort=rating`);
    expect(names(byRating)).toEqual(['Inside Edge', 'Yaw Tiles', 'Kwame Nearby']);
    expect(byRating.map((p) => p.rating)).toEqual([5, 4.3, null]);
    const byReviews = await search(`lat=${OSU.lat}&lng=${OSU.lng}&sort=reviews`);
    expect(names(byReviews)).toEqual(['Yaw Tiles', 'Inside Edge', 'Kwame Nearby']);
    await review(pros.edgeIn, []);
    await review(pros.tiler, []);
  });

  /** The full listing, as the profile (and the booking dialog) reads it. */
  const profileOf = async (id: number) => {
    const res = await app.request(`/api/professionals/${id}`, { headers: bearer(customerToken) });
    expect(res.status).toBe(200);
    return res.body.professional;
  };

  it('answers what a card shows; the profile has the rest (issue #31)', async () => {
    const [card] = await search('q=Kwame');
    expect(Object.keys(card).sort()).toEqual(
      [
        'id',
        'name',
        'profession',
        'rating',
        'reviews',
        'distance',
        'baseRate',
        'maxRate',
        'rateNegotiable',
        'avatar',
        'verified',
        'available',
        'skills',
        'response',
        'reliability',
        'location',
        'positionSource',
      ].sort(),
    );
    expect(await profileOf(card.id)).toMatchObject({
      ...card,
      bio: expect.any(String),
      experience: expect.any(String),
    });
  });

  it('shows a professional with no reviews as new, not 4.8', async () => {
    const [card] = await search('q=Kwame');
    expect(card).toMatchObject({ rating: null, reviews: 0, response: null, verified: false });
    const pro = await profileOf(card.id);
    expect(pro).toMatchObject({
      rating: null,
      reviews: 0,
      completedJobs: 0,
      successRate: null,
      response: null,
      verified: false,
    });
    expect(pro).toMatchObject({
      baseRate: 20,
      maxRate: 90,
      rateNegotiable: true,
      profession: 'Plumber',
      location: 'Accra',
    });
    expect(card.distance).toBeNull();
    expect(pro.availability).toEqual({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      start: '09:00',
      end: '17:00',
      hours: '9:00 AM - 5:00 PM',
    });
  });

  it('refuses bad queries and callers without a session', async () => {
    expect((await app.request('/api/professionals')).status).toBe(401);
    for (const q of ['sort=cheapest', 'lat=5.5', 'lat=91&lng=0', 'category=Astronaut', 'radius=-1&lat=5&lng=0']) {
      expect((await app.request(`/api/professionals?${q}`, { headers: bearer(customerToken) })).status).toBe(400);
    }
  });

  it('uses the city centre for a professional who gave no coordinates, and says so (the distance is approximate)', async () => {
    const pro = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Cook',
      localAddress: 'Adum',
      location: 'Kumasi',
      firstName: 'Kumasi',
    });
    const list = await search('lat=6.6885&lng=-1.6244&radius=1');
    expect(list.map((p) => p.id)).toContain(pro.userId);
    expect(list.find((p) => p.id === pro.userId)).toMatchObject({
      distance: 0,
      positionSource: 'city',
      location: 'Kumasi',
    });
    const nowhere = await signUpAndPay(app, {
      userType: 'professional',
      profession: 'Cook',
      localAddress: 'Somewhere',
      location: '',
      firstName: 'Nocity',
    });
    expect((await search('q=Nocity')).find((p) => p.id === nowhere.userId)).toMatchObject({
      positionSource: 'default',
      location: null,
    });
    expect((await search('q=Nearby')).find((p) => p.id === pros.near.userId)).toMatchObject({ positionSource: 'own' });
  });

  it('lets a professional update rates, availability and profile, but never the email', async () => {
    const pro = pros.tiler;
    const put = (path: string, json: unknown) => app.request(path, { method: 'PUT', json, headers: bearer(pro.token) });
    expect((await put('/api/professional/rates', { baseRate: 50, maxRate: 40, rateNegotiable: true })).status).toBe(
      400,
    );
    expect((await put('/api/professional/rates', { baseRate: 0, maxRate: 40, rateNegotiable: true })).status).toBe(400);
    const rates = await put('/api/professional/rates', { baseRate: 35, maxRate: 60, rateNegotiable: false });
    expect(rates.body).toMatchObject({ success: true, message: 'Rates updated successfully!' });
    expect(
      (await put('/api/professional/availability', { days: ['Saturday'], start: '10:00', end: '09:00' })).status,
    ).toBe(400);
    expect(
      (await put('/api/professional/availability', { days: ['Saturday'], start: '10:00', end: '14:00' })).body.success,
    ).toBe(true);
    expect((await put('/api/profile', { email: 'new@example.com' })).body.message).toBe('Email cannot be changed.');
    const profile = await put('/api/profile', {
      bio: 'Tiles and terrazzo',
      skills: ['Tiling', 'Terrazzo'],
      experience: '12 years',
    });
    expect(profile.body.message).toBe('Profile updated successfully!');
    const [card] = await search('q=Yaw');
    const listing = await profileOf(card.id);
    expect(listing).toMatchObject({
      baseRate: 35,
      maxRate: 60,
      rateNegotiable: false,
      bio: 'Tiles and terrazzo',
      skills: ['Tiling', 'Terrazzo'],
    });
    expect(listing.availability).toMatchObject({ days: ['Saturday'], hours: '10:00 AM - 2:00 PM' });
    expect(
      (
        await app.request('/api/professional/rates', {
          method: 'PUT',
          json: { baseRate: 1, maxRate: 2, rateNegotiable: true },
          headers: bearer(customerToken),
        })
      ).status,
    ).toBe(403);
  });
});
