import type { Knex } from 'knex';
import { EARTH_RADIUS_MILES, roundMiles } from '../../../../contract/distance.ts';
import type { Availability, Listing, Sort } from '../../../../contract/professionals.ts';
import type { Db } from '../../db.ts';
import { graceStart } from '../subscriptions/grace.ts';

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

/**
 * Listed = active professional account whose paid period, plus the grace period, has not ended
 * (paid_until mirrors subscriptions; contract/subscriptions.ts).
 */
export function listedProfessionals(db: Db | Knex.Transaction, now: Date) {
  return db('professional_profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('u.status', 'active')
    .where('u.user_type', 'professional') // an admin may have turned a professional into a customer
    .where('p.paid_until', '>', graceStart(db, now));
}

function selectListing(query: Knex.QueryBuilder) {
  return query.select(
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
    'p.review_count',
    'p.rating_total',
    'p.completed_jobs',
    'p.answered_requests',
    'p.response_seconds_total',
  );
}

function toListing(row: Record<string, any>): Listing {
  const availability = json<Availability>(row.availability);
  const reviews = Number(row.review_count);
  const completed = Number(row.completed_jobs);
  const answered = Number(row.answered_requests);
  return {
    id: Number(row.id),
    name: `${row.first_name} ${row.last_name}`,
    profession: row.profession,
    rating: reviews > 0 ? Math.round((Number(row.rating_total) / reviews) * 10) / 10 : null,
    reviews,
    distance: row.distance === undefined || row.distance === null ? null : roundMiles(Number(row.distance)),
    baseRate: row.base_rate_pesewas / 100,
    maxRate: row.max_rate_pesewas / 100,
    rateNegotiable: row.rate_negotiable,
    avatar: null,
    verified: row.verified,
    available: availability.days.length > 0,
    skills: json<string[]>(row.skills),
    response: responseText(answered > 0 ? Number(row.response_seconds_total) / answered : null),
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
  const query = selectListing(listedProfessionals(db, f.now));
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
    // One GiST scan: the box (a little larger than the radius) bounds it, and ordering by the
    // cube distance <-> walks it nearest-first, so a distance search stops after `limit` rows
    // however many professionals there are. The spec's great-circle distance decides who is in.
    const boxMetres = (radius / EARTH_RADIUS_MILES) * EARTH_BOX_METRES_PER_RADIAN * 1.01;
    query
      .whereRaw('earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(p.latitude, p.longitude)', [lat, lng, boxMetres])
      .whereRaw(`${DISTANCE_SQL} <= ?`, [lat, lat, lng, radius])
      .select(db.raw(`${DISTANCE_SQL} as distance`, [lat, lat, lng]));
  }
  const rating = '(p.rating_total::float / nullif(p.review_count, 0)) desc nulls last';
  if (f.sort === 'distance' && f.near) {
    query.orderByRaw('ll_to_earth(p.latitude, p.longitude) <-> ll_to_earth(?, ?)', [f.near.lat, f.near.lng]);
  } else {
    const order: Record<Sort, string> = {
      distance: rating,
      rating,
      'price-low': 'p.base_rate_pesewas asc',
      'price-high': 'p.max_rate_pesewas desc',
      reviews: 'p.review_count desc',
    };
    query.orderByRaw(`${order[f.sort]}, u.id asc`);
  }
  query.limit(f.limit);
  return (await query).map(toListing);
}

/** The listed ones of `ids`, in the order of `ids` (one query, however many). */
export async function findListings(db: Db, ids: number[], now: Date): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const rows: Record<string, unknown>[] = await selectListing(listedProfessionals(db, now).whereIn('u.id', ids));
  const byId = new Map(rows.map((row) => [Number(row.id), toListing(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findListing(db: Db, id: number, now: Date): Promise<Listing | undefined> {
  return (await findListings(db, [id], now))[0];
}
