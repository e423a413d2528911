import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, SORTS, type Sort } from '../../../../contract/professionals.ts';
import { generateProfessionals } from '../../../../bench/lib/seed.ts';
import type { Db } from '../../db.ts';
import { bearer, signUpAndPay } from '../../../test/accounts.ts';
import { createTestDb, startTestApp, type TestApp } from '../../../test/harness.ts';
import { observeSearchQueries, searchProfessionals, WALK_LIMIT } from './search.ts';

// Search answers pages that continue where the last ended, and every search is an index walk.

const OSU = { lat: 5.556, lng: -0.1769 };
const VILLAGE = { lat: 10.9, lng: -2.5 }; // far from every city

/** The column each sort orders by (ties: user id), as the search must. */
const REFERENCE_ORDER: Record<Sort, string> = {
  distance: 'll_to_earth(p.latitude, p.longitude) <-> ll_to_earth(:lat, :lng)',
  rating: 'p.rating_key',
  'price-low': 'p.base_rate_pesewas',
  'price-high': 'p.price_high_key',
  reviews: 'p.reviews_key',
};

/**
 * Professionals written straight into the tables (hundreds in a second): listed until the test
 * clock's month ends, at `at` each, with the given profession, rates and reviews.
 */
let inserted = 0;
async function insertProfessionals(
  db: Db,
  rows: Array<{
    at: { lat: number; lng: number };
    profession?: string;
    base?: number;
    reviews?: number;
    stars?: number;
    name?: string;
  }>,
) {
  const serial = Math.random().toString(36).slice(2, 8);
  const users = await db('users')
    .insert(
      rows.map((r, i) => ({
        user_type: 'professional',
        email: `seeded-${serial}-${i}@example.com`,
        phone: `+23320${String(++inserted).padStart(7, '0')}`,
        password_hash: 'x',
        first_name: r.name ?? 'Seeded',
        last_name: `Pro ${serial} ${i}`,
        status: 'active',
        location: 'Accra',
        created_at: new Date('2026-11-01'),
        updated_at: new Date('2026-11-01'),
      })),
    )
    .returning('id');
  await db('professional_profiles').insert(
    rows.map((r, i) => ({
      user_id: users[i].id,
      profession: r.profession ?? 'Plumber',
      latitude: r.at.lat,
      longitude: r.at.lng,
      location_source: 'own',
      base_rate_pesewas: r.base ?? 3000,
      max_rate_pesewas: (r.base ?? 3000) + 1000,
      review_count: r.reviews ?? 0,
      rating_total: (r.reviews ?? 0) * (r.stars ?? 4),
      paid_until: new Date('2026-12-31'),
    })),
  );
  return users.map((u) => Number(u.id));
}

describe('GET /api/professionals in pages', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = (await signUpAndPay(app)).token;
    // 170 inside 7 miles of Osu, 140 on a grid and 30 at one address; ratings, prices and
    // categories with many ties; 20 in Kumasi; 6 inside but not listed.
    const grid = Array.from({ length: 140 }, (_, i) => ({
      at: { lat: OSU.lat + ((i % 12) - 6) * 0.006, lng: OSU.lng + (Math.floor(i / 12) - 6) * 0.006 },
      profession: i % 3 === 0 ? 'Electrician' : 'Plumber',
      base: 2000 + (i % 7) * 500,
      reviews: i % 5,
      stars: 3 + (i % 3),
    }));
    // 30 at one address 1.4 miles away: by distance, the first page ends among them.
    const sameAddress = Array.from({ length: 30 }, (_, i) => ({
      at: { lat: OSU.lat + 0.02, lng: OSU.lng },
      base: 2500,
      reviews: i % 2,
    }));
    const kumasi = Array.from({ length: 20 }, () => ({ at: { lat: 6.6885, lng: -1.6244 } }));
    await insertProfessionals(app.db, [...grid, ...sameAddress, ...kumasi]);
    const hidden = await insertProfessionals(
      app.db,
      Array.from({ length: 6 }, () => ({ at: OSU, reviews: 9, stars: 5 })),
    );
    await app.db('users').whereIn('id', hidden.slice(0, 3)).update({ status: 'suspended' });
    await app
      .db('professional_profiles')
      .whereIn('user_id', hidden.slice(3))
      .update({ paid_until: new Date('2026-11-01') });
  });
  afterAll(() => app?.close());

  const page = (query: string) => app.request(`/api/professionals?${query}`, { headers: bearer(token) });

  /** Every page of a search, following nextCursor; each full but the last. */
  async function allPages(query: string, from: string | null = null) {
    const ids: number[] = [];
    let cursor = from;
    for (let n = 0; n < 20; n++) {
      const res = await page(cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(...res.body.professionals.map((p: { id: number }) => p.id));
      cursor = res.body.nextCursor;
      if (!cursor) return ids;
      expect(res.body.professionals).toHaveLength(50);
    }
    throw new Error('more than 20 pages');
  }

  /** The whole answer in one ordered query with no index walking: what the pages must add up to. */
  async function reference(sort: Sort, options: { category?: string; near?: boolean } = {}) {
    const near = options.near ?? true;
    const order = REFERENCE_ORDER[sort === 'distance' && !near ? 'rating' : sort];
    const rows = await app.db.raw(
      `select p.user_id from professional_profiles p join users u on u.id = p.user_id
       where u.status = 'active' and u.user_type = 'professional' and p.paid_until > :now::timestamptz - interval '3 days'
         ${options.category ? 'and p.category = :category' : ''}
         ${near ? `and 2 * 3959 * asin(sqrt(power(sin(radians(p.latitude - :lat) / 2), 2) + cos(radians(:lat)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - :lng) / 2), 2))) <= 7` : ''}
       order by ${order}, p.user_id`,
      { now: app.clock.now(), lat: OSU.lat, lng: OSU.lng, category: options.category?.toLowerCase() ?? null },
    );
    return rows.rows.map((r: { user_id: string }) => Number(r.user_id));
  }

  for (const sort of SORTS) {
    for (const category of ['', 'Plumber']) {
      it(`pages through everyone near, sorted by ${sort}${category && `, ${category} only`}, each once and in order`, async () => {
        const ids = await allPages(`lat=${OSU.lat}&lng=${OSU.lng}&sort=${sort}${category && `&category=${category}`}`);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(await reference(sort, { category }));
        expect(ids.length).toBeGreaterThan(category ? 50 : 100);
      });
    }
  }

  it('pages through everyone listed in Ghana without a position', async () => {
    const ids = await allPages('sort=price-low');
    expect(ids).toEqual(await reference('price-low', { near: false }));
    expect(ids.length).toBeGreaterThan(150);
  });

  it('continues after the last result while listings change: no one twice, no one listed skipped', async () => {
    const query = `lat=${OSU.lat}&lng=${OSU.lng}&sort=rating`;
    const first = await page(query);
    const before = await reference('rating');
    const shown: number[] = first.body.professionals.map((p: { id: number }) => p.id);
    expect(shown).toEqual(before.slice(0, 50));
    // Between the pages: one further down is suspended, a new one joins below the cursor and one above it.
    const suspended = before[60];
    await app.db('users').where({ id: suspended }).update({ status: 'suspended' });
    const [joinedBelow] = await insertProfessionals(app.db, [{ at: OSU, reviews: 0, name: 'Joined Below' }]);
    const [joinedAbove] = await insertProfessionals(app.db, [{ at: OSU, reviews: 50, stars: 5, name: 'Joined Above' }]);
    const rest = await allPages(query, first.body.nextCursor);
    const all = [...shown, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(rest).not.toContain(suspended);
    expect(rest).toContain(joinedBelow);
    expect(rest).not.toContain(joinedAbove); // it sorts before where the reader already is
    // Exactly who now sorts after the last one shown, in order.
    expect(rest).toEqual((await reference('rating')).filter((id: number) => !shown.includes(id) && id !== joinedAbove));
    await app.db('users').where({ id: suspended }).update({ status: 'active' });
    await app.db('users').whereIn('id', [joinedBelow, joinedAbove]).update({ status: 'suspended' });
  });

  it('refuses a cursor that was altered, or that belongs to another order, and says to search again', async () => {
    const rating = (await page(`lat=${OSU.lat}&lng=${OSU.lng}&sort=rating`)).body.nextCursor as string;
    expect(rating).toMatch(/^rating~/);
    for (const query of [
      `sort=price-low&lat=${OSU.lat}&lng=${OSU.lng}&cursor=${encodeURIComponent(rating)}`,
      `sort=rating&cursor=rating~1~abc`,
      `sort=rating&cursor=rating~NaN~1`,
      `sort=rating&cursor=${'9'.repeat(10_000)}`,
      `sort=rating&cursor=rating~1~99999999999999999999`,
    ]) {
      const res = await page(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toContain(SEARCH_MESSAGES.badCursor);
    }
  });

  it(`finds the few near a village when more than ${WALK_LIMIT} elsewhere sort before them`, async () => {
    const far = Array.from({ length: WALK_LIMIT + 100 }, (_, i) => ({
      at: { lat: 9.4 + (i % 50) * 0.001, lng: -0.85 },
      reviews: 20,
      stars: 5,
    }));
    for (let i = 0; i < far.length; i += 1000) await insertProfessionals(app.db, far.slice(i, i + 1000));
    const village = await insertProfessionals(app.db, [
      { at: VILLAGE, reviews: 1, stars: 3 },
      { at: { lat: VILLAGE.lat + 0.02, lng: VILLAGE.lng }, reviews: 0 },
    ]);
    for (const sort of ['rating', 'reviews'] as const) {
      const res = await page(`lat=${VILLAGE.lat}&lng=${VILLAGE.lng}&sort=${sort}`);
      expect(res.body.professionals.map((p: { id: number }) => p.id)).toEqual(village);
      expect(res.body.nextCursor).toBeNull();
    }
  });
});

describe('every search is an index walk (EXPLAIN on a seeded database)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    await generateProfessionals(db, 20_000);
  }, 120_000);
  afterAll(() => drop?.());

  type PlanNode = { type: string; relation?: string; index?: string; cond?: string };
  const nodesOf = (explained: { rows: Record<string, unknown>[] }) => {
    const nodes: PlanNode[] = [];
    const walk = (node: any) => {
      nodes.push({
        type: node['Node Type'],
        relation: node['Relation Name'],
        index: node['Index Name'],
        cond: node['Index Cond'],
      });
      for (const child of node.Plans ?? []) walk(child);
    };
    const plan = explained.rows[0]['QUERY PLAN'];
    walk((typeof plan === 'string' ? JSON.parse(plan) : (plan as any))[0].Plan);
    return nodes;
  };

  /**
   * The plans of every query one search runs, twice: planned for its values, and as the generic
   * plan a prepared statement may switch to after five runs (PostgreSQL runs them prepared).
   */
  async function plansOf(run: () => Promise<unknown>) {
    const queries: { sql: string; bindings: readonly unknown[] }[] = [];
    observeSearchQueries(db, (q) => queries.push(q));
    try {
      await run();
    } finally {
      observeSearchQueries(db, null);
    }
    const plans: PlanNode[][] = [];
    for (const q of queries) {
      plans.push(nodesOf(await db.raw(`explain (format json) ${q.sql.replace(/\$\d+/g, '?')}`, q.bindings as never)));
      await db.transaction(async (trx) => {
        await trx.raw('set local plan_cache_mode = force_generic_plan');
        await trx.raw(`prepare generic_search as ${q.sql}`);
        // EXECUTE takes no bound parameters: the values are written in (numbers, a date, plain words).
        const literal = (v: unknown) =>
          v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v);
        plans.push(
          nodesOf(await trx.raw(`explain (format json) execute generic_search(${q.bindings.map(literal).join(', ')})`)),
        );
        await trx.raw('deallocate generic_search');
      });
    }
    return plans;
  }

  const expected: Record<Sort, string> = {
    distance: 'professional_profiles_near_point',
    rating: 'professional_profiles_by_rating',
    'price-low': 'professional_profiles_by_price_low',
    'price-high': 'professional_profiles_by_price_high',
    reviews: 'professional_profiles_by_reviews',
  };
  /**
   * The indexes a search may walk. Nearest-first in one category has two good plans: the GiST walk,
   * or (while a category holds a few thousand) reading that category's covering B-tree and sorting it.
   * The seed is vacuumed, so the planner sees the all-visible pages autovacuum would leave: then at
   * 20,000 professionals it takes the B-tree, and at 100,000 the GiST walk (tried once; too slow to seed here).
   */
  const walksFor = (sort: Sort, category: string) =>
    !category
      ? [expected[sort]]
      : sort === 'distance'
        ? [
            `${expected.distance}_category`,
            ...SORTS.filter((s) => s !== 'distance').map((s) => `${expected[s]}_category`),
          ]
        : [`${expected[sort]}_category`];
  for (const sort of SORTS) {
    for (const category of ['', 'Cook']) {
      it(`sorted by ${sort}${category && `, ${category} only`}: ${expected[sort]}${category && '_category'}, never a scan of every professional`, async () => {
        const plans = await plansOf(() =>
          searchProfessionals(db, {
            q: '',
            category,
            sort,
            near: { lat: 5.6037, lng: -0.187, radius: 7 },
            limit: 50,
            now: new Date(),
          }),
        );
        expect(plans.length).toBeGreaterThanOrEqual(2);
        for (const nodes of plans) {
          const onProfiles = nodes.filter((n) => n.relation === 'professional_profiles');
          // An ordered walk along the sort's index; never a read of every row.
          expect(
            onProfiles.filter((n) => n.type === 'Seq Scan'),
            JSON.stringify(nodes),
          ).toEqual([]);
          const walk = onProfiles.find((n) => walksFor(sort, category).includes(n.index ?? ''));
          expect(walk?.type ?? 'no walk', JSON.stringify(nodes)).toMatch(/^Index (Only )?Scan$/);
          // In one category, the walk starts at that category: it never reads the others' entries.
          if (category) expect(walk?.cond, JSON.stringify(nodes)).toMatch(/category = /);
        }
      });
    }
  }
});
