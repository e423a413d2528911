import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryQuerySchema } from '../../../../contract/directory.ts';
import { signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { directoryEntries, listDirectory, publicProfile } from './service.ts';

// The public directory shows listed professionals only, and only what anyone may see.
describe('public directory', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await startTestApp();
    for (const [key, location, profession] of [
      ['kumasi', 'Kumasi', 'Plumber'],
      ['accra', 'Accra', 'Plumber'],
      ['tiler', 'Kumasi', 'Mason/Tiler'],
      ['lapsed', 'Kumasi', 'Plumber'],
    ] as const) {
      ids[key] = (
        await signUpAndPay(app, {
          userType: 'professional',
          profession,
          location,
          localAddress: '12 Secret Lane',
          firstName: `Dir${key}`,
          lastName: 'Mensah',
        })
      ).userId;
    }
    await app
      .db('professional_profiles')
      .where({ user_id: ids.lapsed })
      .update({ paid_until: new Date('2020-01-01') });
    const customer = await signUpAndPay(app);
    // Two reviews from completed bookings (the table requires one each).
    for (const [rating, time] of [
      [5, '09:00'],
      [3, '10:00'],
    ] as const) {
      const at = new Date();
      const [booking] = await app
        .db('bookings')
        .insert({
          customer_id: customer.userId,
          professional_id: ids.kumasi,
          date: '2026-11-02',
          time,
          status: 'completed',
          agreed_rate_pesewas: 3000,
          total_pesewas: 6000,
          created_at: at,
          updated_at: at,
          completed_at: at,
        })
        .returning('id');
      await app.db('reviews').insert({
        booking_id: booking.id,
        customer_id: customer.userId,
        professional_id: ids.kumasi,
        rating,
        comment: `Gave ${rating}`,
        created_at: at,
      });
    }
    // The profile keeps its review counters (as the review route does).
    await app.db('professional_profiles').where({ user_id: ids.kumasi }).update({ review_count: 2, rating_total: 8 });
  });
  afterAll(() => app.close());

  const now = () => app.clock.now();

  it('filters by category and city, and lists only listed professionals', async () => {
    const page = await listDirectory(app.db, { category: 'Plumber', city: 'Kumasi', page: 1 }, now());
    const found = page.professionals.map((p) => p.id);
    expect(found).toContain(ids.kumasi);
    expect(found).not.toContain(ids.accra);
    expect(found).not.toContain(ids.tiler);
    expect(found).not.toContain(ids.lapsed);
    const tilers = await listDirectory(app.db, { category: 'Mason/Tiler', city: '', page: 1 }, now());
    expect(tilers.professionals.map((p) => p.id)).toEqual([ids.tiler]);
    // A page past the end shows the last page.
    expect(await listDirectory(app.db, { category: 'Mason/Tiler', city: '', page: 99 }, now())).toMatchObject({
      page: 1,
      pages: 1,
      total: 1,
    });
  });

  it('shows the first name and the last initial, the city, never the street address, phone or email', async () => {
    const profile = await publicProfile(app.db, ids.kumasi, now());
    expect(profile).toMatchObject({ name: 'Dirkumasi M.', area: 'Kumasi', profession: 'Plumber' });
    const text = JSON.stringify(profile);
    for (const secret of ['Mensah', 'Secret Lane', '@', '+233']) expect(text).not.toContain(secret);
  });

  it('makes up no description for a professional who wrote none', async () => {
    await app.db('users').where({ id: ids.tiler }).update({ description: null });
    expect(await publicProfile(app.db, ids.tiler, now())).toMatchObject({ bio: '' });
    await app.db('users').where({ id: ids.tiler }).update({ description: 'Tiles and terrazzo' });
    expect(await publicProfile(app.db, ids.tiler, now())).toMatchObject({ bio: 'Tiles and terrazzo' });
  });

  it('has no page for a lapsed professional or a customer', async () => {
    expect(await publicProfile(app.db, ids.lapsed, now())).toBeUndefined();
    expect(await publicProfile(app.db, 999_999, now())).toBeUndefined();
    expect((await directoryEntries(app.db, now())).map((e) => e.id)).not.toContain(ids.lapsed);
  });

  it('gives the rating breakdown and reviews newest first, by first name and initial', async () => {
    const profile = (await publicProfile(app.db, ids.kumasi, now()))!;
    expect(profile).toMatchObject({ rating: 4, reviews: 2 });
    expect(profile.ratingCounts).toMatchObject({ 5: 1, 3: 1 });
    expect(profile.reviewList.map((r) => r.comment)).toEqual(['Gave 3', 'Gave 5']);
  });

  it('reads category and city from the address, and refuses what it does not know', () => {
    expect(directoryQuerySchema.parse({ category: 'MasonTiler', city: 'Kumasi', page: '2' })).toEqual({
      category: 'Mason/Tiler',
      city: 'Kumasi',
      page: 2,
    });
    expect(directoryQuerySchema.parse({}).category).toBe('');
    expect(directoryQuerySchema.parse({ category: 'astronaut' }).category).toBeNull();
    expect(directoryQuerySchema.safeParse({ city: 'Lagos' }).success).toBe(false);
    expect(directoryQuerySchema.safeParse({ page: '1e9' }).success).toBe(false);
    expect(directoryQuerySchema.safeParse({ category: 'x'.repeat(1000) }).success).toBe(false);
  });
});
