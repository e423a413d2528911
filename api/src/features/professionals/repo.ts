import type { Knex } from 'knex';
import { EARTH_RADIUS_MILES, roundMiles } from '../../../../contract/distance.ts';
import type { Availability, Listing, Sort } from '../../../../contract/professionals.ts';
import type { Db } from '../../db.ts';

/** earth_box works in metres on a sphere of 6,378,168 m; the spec's distance uses R = 3959 miles. */
const EARTH_BOX_METRES_PER_RADIAN = 6_378_168;

export interface SearchFilters {
  q: string;
  category: string;
  sort: Sort;
  near?: { lat: number; lng: number; radius: number };
  limit: number;
  now: Date;
}

/** The spec's great-circle distance in miles; bindings: lat, lat, lng. */
const DISTANCE_SQL = `(2 * ${EARTH_RADIUS_MILES} * asin(sqrt(power(sin(radians(p.latitude - ?) / 2), 2)
     + cos(radians(?)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ?) / 2), 2))))`;

/** 12-hour clock as the spec shows hours ("9:00 AM - 5:00 PM"). */
export function hoursText(start: string, end: string): string {
  const fmt = (hhmm: string) => {
    const h = Number(hhmm.slice(0, 2));
    return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3)} ${h < 12 ? 'AM' : 'PM'}`;
  };
  return `${fmt(start)} - ${fmt(end)}`;
}

export function responseText(avgSeconds: number | null): string | null {
  if (avgSeconds === null) return null;
  if (avgSeconds < 3600) return `Usually responds within ${Math.max(1, Math.ceil(avgSeconds / 60))} minutes`;
  if (avgSeconds < 86400) return `Usually responds within ${Math.ceil(avgSeconds / 3600)} hours`;
  return `Usually responds within ${Math.ceil(avgSeconds / 86400)} days`;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Listed = active professional account with a paid, unexpired subscription. */
export function listedProfessionals(db: Db | Knex.Transaction, now: Date) {
  return db('professional_profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('u.status', 'active')
    .whereExists(db('subscriptions as s').whereRaw('s.user_id = u.id').where('s.period_end', '>', now));
}

function selectListing(db: Db, query: Knex.QueryBuilder) {
  return query
    .leftJoin(
      db('reviews').select('professional_id').avg({ rating: 'rating' }).count({ reviews: '*' }).groupBy('professional_id').as('r'),
      'r.professional_id',
      'u.id',
    )
    .leftJoin(
      db('bookings')
        .select('professional_id')
        .select(db.raw("count(*) filter (where status = 'completed') as completed"))
        .select(db.raw("count(*) filter (where responded_at is not null) as answered"))
        .select(db.raw('avg(extract(epoch from (responded_at - created_at))) as response_seconds'))
        .groupBy('professional_id')
        .as('b'),
      'b.professional_id',
      'u.id',
    )
    .select(
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.location',
      'u.local_address',
      'u.description',
      'p.profession',
      'p.experience',
      'p.skills',
      'p.base_rate_pesewas',
      'p.max_rate_pesewas',
      'p.rate_negotiable',
      'p.latitude',
      'p.longitude',
      'p.verified',
      'p.availability',
      'r.rating',
      'r.reviews',
      'b.completed',
      'b.answered',
      'b.response_seconds',
    );
}

function toListing(row: Record<string, any>): Listing {
  const availability = json<Availability>(row.availability);
  const completed = Number(row.completed ?? 0);
  const answered = Number(row.answered ?? 0);
  return {
    id: Number(row.id),
    name: `${row.first_name} ${row.last_name}`,
    profession: row.profession,
    rating: row.rating === null || row.rating === undefined ? null : Math.round(Number(row.rating) * 10) / 10,
    reviews: Number(row.reviews ?? 0),
    distance: row.distance === undefined || row.distance === null ? null : roundMiles(Number(row.distance)),
    baseRate: row.base_rate_pesewas / 100,
    maxRate: row.max_rate_pesewas / 100,
    rateNegotiable: row.rate_negotiable,
    avatar: null,
    verified: row.verified,
    available: availability.days.length > 0,
    skills: json<string[]>(row.skills),
    response: responseText(row.response_seconds === null || row.response_seconds === undefined ? null : Number(row.response_seconds)),
    localAddress: row.local_address,
    location: row.location,
    coordinates: { lat: Number(row.latitude), lng: Number(row.longitude) },
    completedJobs: completed,
    successRate: answered > 0 ? Math.round((completed / answered) * 100) : null,
    bio: row.description || 'Professional service provider',
    experience: row.experience,
    availability: { ...availability, hours: hoursText(availability.start, availability.end) },
  };
}

export async function searchProfessionals(db: Db, f: SearchFilters): Promise<Listing[]> {
  const query = selectListing(db, listedProfessionals(db, f.now));
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((w) =>
      w.whereRaw("lower(u.first_name || ' ' || u.last_name) like ?", [like]).orWhereRaw('lower(p.profession) like ?', [like]),
    );
  }
  if (f.category && f.category !== 'all') {
    query.whereRaw("lower(replace(replace(p.profession, ' ', ''), '/', '')) = lower(?)", [f.category]);
  }
  if (f.near) {
    const { lat, lng, radius } = f.near;
    // The GiST index pre-filters with a box a little larger than the radius; the spec's
    // great-circle distance then decides.
    const boxMetres = (radius / EARTH_RADIUS_MILES) * EARTH_BOX_METRES_PER_RADIAN * 1.01;
    query
      .whereRaw('earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(p.latitude, p.longitude)', [lat, lng, boxMetres])
      .whereRaw(`${DISTANCE_SQL} <= ?`, [lat, lat, lng, radius])
      .select(db.raw(`${DISTANCE_SQL} as distance`, [lat, lat, lng]));
  }
  const order: Record<Sort, string> = {
    distance: f.near ? 'distance asc' : 'r.rating desc nulls last',
    rating: 'r.rating desc nulls last',
    'price-low': 'p.base_rate_pesewas asc',
    'price-high': 'p.max_rate_pesewas desc',
    reviews: 'coalesce(r.reviews, 0) desc',
  };
  query.orderByRaw(`${order[f.sort]}, u.id asc`).limit(f.limit);
  return (await query).map(toListing);
}

export async function findListing(db: Db, id: number, now: Date): Promise<Listing | undefined> {
  const row = await selectListing(db, listedProfessionals(db, now).where('u.id', id)).first();
  return row ? toListing(row) : undefined;
}
