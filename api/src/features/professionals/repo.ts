import { fallbackLocation } from '../../../../contract/cities.ts';
import { toCedis } from '../../../../contract/money.ts';
import { roundMiles } from '../../../../contract/distance.ts';
import { timeLabel } from '../../../../contract/dates.ts';
import { photoUrl } from '../../../../contract/photos.ts';
import { CARD_SKILLS, type Availability, type Listing, type ListingCard } from '../../../../contract/professionals.ts';
import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables.js';
import { jsonColumn, type Conn } from '../../db.ts';
import type { ProfessionalProfileRow, UserRow, Writable } from '../../db-tables.ts';
import { GRACE_START_SQL } from '../settings/index.ts';
import { reliabilityWords, type Reliability } from '../../../../contract/reports.ts';
import { professionalReliability } from '../bookings/reliability.ts';
import { countOf } from '../../../../contract/counts.ts';

/** 12-hour clock as profiles show hours ("9:00 AM - 5:00 PM"). */
export const hoursText = (start: string, end: string): string => `${timeLabel(start)} - ${timeLabel(end)}`;

export function responseText(avgSeconds: number | null): string | null {
  if (avgSeconds === null) return null;
  if (avgSeconds < 3600) return `Usually responds within ${countOf(Math.max(1, Math.ceil(avgSeconds / 60)), 'minute')}`;
  if (avgSeconds < 86400) return `Usually responds within ${countOf(Math.ceil(avgSeconds / 3600), 'hour')}`;
  return `Usually responds within ${countOf(Math.ceil(avgSeconds / 86400), 'day')}`;
}

/**
 * The listing test on `p` (binding: now). `account_active` is kept by triggers from the user's
 * status and type (an admin may have suspended them, or made them a customer).
 */
export const LISTED_SQL = `p.account_active and p.paid_until > ${GRACE_START_SQL}`;

/**
 * Listed = active professional account whose paid period, plus the grace period, has not ended
 * (paid_until mirrors subscriptions; contract/subscriptions.ts).
 */
export function listedProfessionals(db: Conn, now: Date) {
  return db('professional_profiles as p').join('users as u', 'u.id', 'p.user_id').whereRaw(LISTED_SQL, [now]);
}

/** What a listing shows, from `p` (the profile) and `u` (the user). */
export const LISTING_COLUMNS = [
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
  'p.location_source',
  'p.verified',
  'p.availability',
  'p.review_count',
  'p.rating_total',
  'p.completed_jobs',
  'p.answered_requests',
  'p.response_seconds_total',
  'u.avatar_hash',
];

/** A row of LISTING_COLUMNS, with the distance where a search computed one. */
export type ListingRow = Pick<
  UserRow,
  'id' | 'first_name' | 'last_name' | 'location' | 'local_address' | 'description' | 'avatar_hash'
> &
  Pick<
    ProfessionalProfileRow,
    | 'profession'
    | 'experience'
    | 'skills'
    | 'base_rate_pesewas'
    | 'max_rate_pesewas'
    | 'rate_negotiable'
    | 'latitude'
    | 'longitude'
    | 'location_source'
    | 'verified'
    | 'availability'
    | 'review_count'
    | 'rating_total'
    | 'completed_jobs'
    | 'answered_requests'
    | 'response_seconds_total'
  > & { distance?: number | null };

/** What a result card needs of LISTING_COLUMNS (a search reads and sends no more). */
export const CARD_COLUMNS = LISTING_COLUMNS.filter(
  (c) => !['u.local_address', 'u.description', 'p.experience', 'p.latitude', 'p.longitude'].includes(c),
);
export type CardRow = Omit<ListingRow, 'local_address' | 'description' | 'experience' | 'latitude' | 'longitude'>;

/** A search's result: its card, and the working days and hours the alternatives to an expired request are chosen by. */
export type SearchHit = ListingCard & { availability: Availability };

/** A result card from its row; its reliability words come from `figures` (professionalReliability), none meaning no jobs. */
export function toSearchHit(row: CardRow, figures?: Map<number, Reliability>): SearchHit {
  const availability = jsonColumn<Availability>(row.availability);
  const reviews = Number(row.review_count);
  const answered = Number(row.answered_requests);
  return {
    id: Number(row.id),
    name: `${row.first_name} ${row.last_name}`,
    profession: row.profession,
    rating: reviews > 0 ? Math.round((Number(row.rating_total) / reviews) * 10) / 10 : null,
    reviews,
    distance: row.distance === undefined || row.distance === null ? null : roundMiles(Number(row.distance)),
    baseRate: toCedis(row.base_rate_pesewas),
    maxRate: toCedis(row.max_rate_pesewas),
    rateNegotiable: row.rate_negotiable,
    avatar: row.avatar_hash ? photoUrl(row.avatar_hash, 'thumb') : null,
    verified: row.verified,
    available: availability.days.length > 0,
    skills: jsonColumn<string[]>(row.skills).slice(0, CARD_SKILLS),
    response: responseText(answered > 0 ? Number(row.response_seconds_total) / answered : null),
    reliability: reliabilityWords(figures?.get(Number(row.id)) ?? { jobs: 0, kept: 0 }),
    location: row.location,
    positionSource: row.location_source === 'own' || row.location_source === 'city' ? row.location_source : 'default',
    availability,
  };
}

/** A listing (the profile's): its card, all its skills, and the rest. */
export function toListing(row: ListingRow, figures?: Map<number, Reliability>): Listing {
  const { availability, ...card } = toSearchHit(row, figures);
  const completed = Number(row.completed_jobs);
  const answered = Number(row.answered_requests);
  return {
    ...card,
    skills: jsonColumn<string[]>(row.skills),
    localAddress: row.local_address,
    coordinates: { lat: Number(row.latitude), lng: Number(row.longitude) },
    completedJobs: completed,
    successRate: answered > 0 ? Math.round((completed / answered) * 100) : null,
    // No description: nothing is made up in its place ("": the page says nothing about it).
    bio: row.description ?? '',
    experience: row.experience,
    availability: { ...availability, hours: hoursText(availability.start, availability.end) },
  };
}

/** The listed ones of `ids`, in the order of `ids` (one query, however many). */
export async function findListings(db: Conn, ids: number[], now: Date): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const rows: ListingRow[] = await listedProfessionals(db, now).whereIn('u.id', ids).select(LISTING_COLUMNS);
  const figures = await professionalReliability(db, ids, now);
  const byId = new Map(rows.map((row) => [Number(row.id), toListing(row, figures)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findListing(db: Conn, id: number, now: Date): Promise<Listing | undefined> {
  return (await findListings(db, [id], now))[0];
}

/** A professional's latest 20 reviews, each with its reviewer's first name. */
export function recentReviews(db: Conn, professionalId: number) {
  return db('reviews as r')
    .join('users as u', 'u.id', 'r.customer_id')
    .where('r.professional_id', professionalId)
    .orderBy('r.id', 'desc')
    .limit(20)
    .select('r.id', 'r.rating', 'r.comment', 'r.created_at', 'u.first_name');
}

export const updateProfileColumns = (db: Conn, userId: number, changes: Record<string, unknown>) =>
  db('professional_profiles').where({ user_id: userId }).update(changes);

/** A professional's listing, made at sign-up or when an administrator makes someone a professional. */
export const insertProfile = (conn: Conn, row: Knex.ResolveTableType<Tables['professional_profiles'], 'insert'>) =>
  conn('professional_profiles').insert(row);

/** Paid until: settlement keeps it in step with the subscription (contract/subscriptions.ts). */
export const setPaidUntil = (conn: Conn, userId: number, paidUntil: Date) =>
  conn('professional_profiles').where({ user_id: userId }).update({ paid_until: paidUntil });

/** The verification state the listing shows (verification/repo.ts keeps the documents behind it). */
export const setVerification = (
  conn: Conn,
  userId: number,
  columns: Required<
    Pick<Writable<ProfessionalProfileRow>, 'verification_status' | 'verification_reason' | 'verified_at' | 'verified'>
  >,
) => conn('professional_profiles').where({ user_id: userId }).update(columns);

/** A request answered (accepted, declined, or left to expire) after `waitedSeconds`: the response figures of the listing. */
export const countAnsweredRequest = (conn: Conn, professionalId: number | string, waitedSeconds: number) =>
  conn('professional_profiles')
    .where({ user_id: professionalId })
    .update({
      answered_requests: conn.raw('answered_requests + 1'),
      response_seconds_total: conn.raw('response_seconds_total + ?', [waitedSeconds]),
    });

export const countCompletedJob = (conn: Conn, professionalId: number | string) =>
  conn('professional_profiles')
    .where({ user_id: professionalId })
    .update({ completed_jobs: conn.raw('completed_jobs + 1') });

/** A completed job found not done (an upheld "did not come": docs/PRODUCT.md "Problem reports") leaves the count. */
export const uncountCompletedJob = (conn: Conn, professionalId: number | string) =>
  conn('professional_profiles')
    .where({ user_id: professionalId })
    .update({ completed_jobs: conn.raw('greatest(completed_jobs - 1, 0)') });

export const countReview = (conn: Conn, professionalId: number | string, rating: number) =>
  conn('professional_profiles')
    .where({ user_id: professionalId })
    .update({ review_count: conn.raw('review_count + 1'), rating_total: conn.raw('rating_total + ?', [rating]) });

export const locationSource = (db: Conn, userId: number) =>
  db('professional_profiles').where({ user_id: userId }).first('location_source');

export const addFavourite = (db: Conn, customerId: number, professionalId: number, now: Date) =>
  db('favourites')
    .insert({ customer_id: customerId, professional_id: professionalId, created_at: now })
    .onConflict()
    .ignore();

export const deleteFavourite = (db: Conn, customerId: number, professionalId: number) =>
  db('favourites').where({ customer_id: customerId, professional_id: professionalId }).delete();

/**
 * A forgotten account's favourites, and its profile stripped (privacy/anonymise.ts): bookings join
 * the profile, so it stays, unlisted, with no text, placed at Accra's centre.
 */
export async function forgetProfessionalOf(conn: Conn, userId: number): Promise<void> {
  await conn('favourites').where({ customer_id: userId }).delete();
  const accra = fallbackLocation(null);
  await conn('professional_profiles')
    .where({ user_id: userId })
    .update({
      experience: '',
      skills: JSON.stringify([]),
      latitude: accra.lat,
      longitude: accra.lng,
      location_source: 'default',
      paid_until: null,
      verified: false,
      verification_status: 'unverified',
      verification_reason: null,
      verified_at: null,
    });
}

/** The days and times a professional's bookings hold from `first` to `last` (YYYY-MM-DD): confirmed ones, and requests still awaiting an answer. */
export const takenTimes = (conn: Conn, professionalId: number, first: string, last: string, now: Date) =>
  conn('bookings')
    .where({ professional_id: professionalId })
    // A request past its answer deadline no longer holds its time (features/bookings/expiry.ts).
    .where((w) =>
      w.where('status', 'confirmed').orWhere((p) => p.where('status', 'pending').where('answer_by', '>', now)),
    )
    .whereBetween('date', [first, last])
    .select<{ day: string; time: string }[]>(conn.raw("to_char(date, 'YYYY-MM-DD') as day"), 'time');
