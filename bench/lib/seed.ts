import { CATEGORY_NAMES } from '../../contract/categories.ts';
import { CITIES } from '../../contract/cities.ts';
import { DAY_MS, todayInGhana } from '../../contract/dates.ts';
import type { Db } from '../../api/src/db.ts';
import { newToken } from '../../api/src/tokens.ts';

/**
 * Professionals: 70% within about 10 miles of one of the 10 cities, 30% anywhere in Ghana's
 * bounding box; the 12 categories, rates of GHS 10-200, 0-59 reviews averaging 3-5 stars (30%
 * none); 94% listed (5% lapsed, 1% suspended). Generated in SQL so a million rows take seconds.
 */
export async function generateProfessionals(db: Db, n: number): Promise<void> {
  const cities = CITIES.map((c, i) => `(${i}, ${c.lat}, ${c.lng})`).join(', ');
  await db.raw('select setseed(0.233)');
  await db.raw(`
    insert into users (user_type, email, phone, password_hash, first_name, last_name, status, location, created_at, updated_at)
    select 'professional', 'bench' || g || '@example.com', '+233' || lpad(g::text, 9, '0'), 'x', 'Bench', 'Pro' || g, 'active', 'Accra', now(), now()
    from generate_series(1, ${n}) g`);
  await db.raw(`
    with c(i, lat, lng) as (values ${cities}),
    placed as (
      select u.id, random() < 0.7 as near_city, floor(random() * 10)::int as city, random() as r1, random() as r2
      from users u where u.email like 'bench%'
    )
    insert into professional_profiles (user_id, profession, latitude, longitude, base_rate_pesewas, max_rate_pesewas, location_source, review_count, rating_total)
    select p.id, (array[${CATEGORY_NAMES.map((n) => `'${n}'`).join(', ')}])[1 + floor(random() * ${CATEGORY_NAMES.length})::int],
      case when p.near_city then c.lat + (p.r1 - 0.5) * 0.29 else 4.74 + p.r1 * 6.4 end,
      case when p.near_city then c.lng + (p.r2 - 0.5) * 0.29 else -3.25 + p.r2 * 4.45 end,
      p.base, p.base + 100 * floor(random() * 100)::int, 'own', p.reviews, p.reviews * 3 + floor(random() * (2 * p.reviews + 1))::int
    from (select *, 100 * (10 + floor(random() * 190)::int) as base,
                 case when random() < 0.3 then 0 else floor(random() * 60)::int end as reviews from placed) p
    join c on c.i = p.city`);
  await db.raw(`
    insert into payments (user_id, reference, purpose, plan_type, amount_pesewas, email, provider, status, created_at)
    select id, 'BENCH' || id, 'registration', 'professional', 2700, email, 'demo', 'success', now() from users where email like 'bench%'`);
  await db.raw(`
    insert into subscriptions (user_id, payment_id, plan_type, amount_pesewas, period_start, period_end, created_at)
    select p.user_id, p.id, 'professional', 2700, now(), now() + interval '30 days', now() from payments p where p.reference like 'BENCH%'`);
  // Not everyone is listed: 5% let their subscription lapse, 1% are suspended.
  await db.raw(
    `update professional_profiles set paid_until = now() + case when random() < 0.05 then interval '-30 days' else interval '30 days' end`,
  );
  await db.raw(`update users set status = 'suspended' where email like 'bench%' and random() < 0.01`);
  // Vacuumed as well as analysed: the pages are then all-visible, as autovacuum leaves them sooner or
  // later, so a plan does not depend on whether it has run yet (index-only scans cost less after it).
  await db.raw('vacuum analyze');
}

export interface SeededCustomer {
  userId: number;
  email: string;
  /** A live session's token (the database keeps only its hash, as sign-in does). */
  token: string;
}

/**
 * `n` active customers, each signed in once, written in SQL: hundreds of sign-ups through the API
 * would take minutes of argon2 and meet the per-address sign-up limit (300 an hour). For benches
 * that need many signed-in people but not their sign-up (bench/events.ts).
 */
export async function seedSignedInCustomers(db: Db, n: number, tag: string): Promise<SeededCustomer[]> {
  const out: SeededCustomer[] = [];
  const now = new Date();
  const expires = new Date(now.getTime() + 30 * DAY_MS);
  for (let start = 0; start < n; start += 500) {
    const rows = Array.from({ length: Math.min(500, n - start) }, (_, j) => ({
      user_type: 'customer' as const,
      email: `bench-${tag}-${start + j}@example.com`,
      phone: `+2335${String(start + j).padStart(8, '0')}`,
      password_hash: 'x',
      first_name: 'Abena',
      last_name: `Stream${start + j}`,
      status: 'active' as const,
      location: 'Accra',
    }));
    const users: { id: string | number; email: string }[] = await db('users').insert(rows).returning(['id', 'email']);
    const sessions = users.map((u) => ({ user: u, ...newToken() }));
    await db('sessions').insert(
      sessions.map((s) => ({ user_id: s.user.id, token_hash: s.hash, created_at: now, expires_at: expires })),
    );
    for (const s of sessions) out.push({ userId: Number(s.user.id), email: s.user.email, token: s.token });
  }
  return out;
}

/** A confirmed booking between each customer and `professionalId`, each on a slot of its own (10 a day from tomorrow); their ids in order. */
export async function seedBookings(db: Db, professionalId: number, customerIds: number[]): Promise<number[]> {
  const ids: number[] = [];
  const now = new Date();
  for (let start = 0; start < customerIds.length; start += 500) {
    const rows = customerIds.slice(start, start + 500).map((customerId, j) => {
      const i = start + j;
      return {
        customer_id: customerId,
        professional_id: professionalId,
        date: todayInGhana(new Date(now.getTime() + (1 + Math.floor(i / 10)) * DAY_MS)),
        time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
        agreed_rate_pesewas: 5000,
        total_pesewas: 10000,
        description: 'Bench booking',
        status: 'confirmed' as const,
        created_at: now,
        updated_at: now,
      };
    });
    const inserted: { id: string | number }[] = await db('bookings').insert(rows).returning('id');
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}
