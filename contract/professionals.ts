import * as z from 'zod/mini';
import { lengthFirst } from './bounded.ts';
import { PESEWA_MESSAGES, wholePesewas } from './money.ts';
import { CATEGORIES } from './categories.ts';
import type { SessionUser } from './account-types.ts';
import type { MessageAnswer } from './api.ts';
import { profileSchema } from './profile.ts';
import { json, route } from './route.ts';

/** Find a professional (docs/PRODUCT.md "Finding a professional": search, sorts, radius). */
export const SORTS = ['distance', 'rating', 'price-low', 'price-high', 'reviews'] as const;
export type Sort = (typeof SORTS)[number];
export const NEARBY_RADIUS_MILES = 7;
/** Results a search answers at a time; "Show more" asks for the next ones. */
export const SEARCH_PAGE_SIZE = 50;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Availability {
  days: Weekday[];
  start: string;
  end: string;
}

export interface Listing {
  id: number;
  name: string;
  profession: string;
  /** Average of verified reviews, 1 decimal; null when there are none yet ("New"). */
  rating: number | null;
  reviews: number;
  /** Miles, rounded to 0.1; null when the search gave no position. */
  distance: number | null;
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
  avatar: string | null;
  verified: boolean;
  available: boolean;
  skills: string[];
  /** Typical response time measured from real accept/decline times, or null when none yet. */
  response: string | null;
  /** The last 90 days in plain words ("Kept 19 of 20 jobs in the last 90 days"; docs/PRODUCT.md "Cancellations that count"). */
  reliability: string;
  localAddress: string | null;
  location: string | null;
  coordinates: { lat: number; lng: number };
  /**
   * Where the coordinates come from: the professional's own place, their city's centre, or the
   * default city (no city given): distances from a city's centre are approximate (docs/PRODUCT.md).
   */
  positionSource: 'own' | 'city' | 'default';
  completedJobs: number;
  /** Percent of answered requests that ended completed; null when none yet. */
  successRate: number | null;
  bio: string;
  experience: string;
  availability: { days: Weekday[]; hours: string; start: string; end: string };
}

/** Skills a result card shows; the profile has them all. */
export const CARD_SKILLS = 4;

/**
 * A search result (GET /api/professionals, and the alternatives to an expired request): what its
 * card shows, so 50 of them cost a phone little to download. The bio, experience,
 * address, position and working hours come with the profile (GET /api/professionals/:id).
 */
export type ListingCard = Pick<
  Listing,
  | 'id'
  | 'name'
  | 'profession'
  | 'rating'
  | 'reviews'
  | 'distance'
  | 'baseRate'
  | 'maxRate'
  | 'rateNegotiable'
  | 'avatar'
  | 'verified'
  | 'available'
  | 'skills'
  | 'response'
  | 'reliability'
  | 'location'
  | 'positionSource'
>;

/** A listing (or a search hit) as its card shows it: the card's fields alone, and its first CARD_SKILLS skills. */
export const toCard = (l: ListingCard): ListingCard => ({
  id: l.id,
  name: l.name,
  profession: l.profession,
  rating: l.rating,
  reviews: l.reviews,
  distance: l.distance,
  baseRate: l.baseRate,
  maxRate: l.maxRate,
  rateNegotiable: l.rateNegotiable,
  avatar: l.avatar,
  verified: l.verified,
  available: l.available,
  skills: l.skills.slice(0, CARD_SKILLS),
  response: l.response,
  reliability: l.reliability,
  location: l.location,
  positionSource: l.positionSource,
});

/** GET /api/professionals/:id: the listing, its latest reviews and its open slots. */
export interface ProfessionalDetail {
  success: true;
  professional: Listing;
  reviews: { id: number; rating: number; comment: string; customerName: string; createdAt: string; verified: true }[];
  /** The server's date (YYYY-MM-DD, Ghana keeps UTC): the booking calendar starts here, not at a phone's own date. */
  today: string;
  /** The next 14 days the professional works, each with its open hourly slots. */
  slots: { date: string; times: string[] }[];
}

/**
 * Where a page of results ended, so the next page continues after it in the same order (not an
 * offset, which repeats or skips people when listings change between pages): the sort, the last
 * result's sort key and its id, e.g. "rating~-4.5~123". The client passes it back as it came.
 */
export interface SearchCursor {
  sort: Sort;
  key: number;
  id: number;
}
const CURSOR_MAX = 80;
const CURSOR_PATTERN = /^(distance|rating|price-low|price-high|reviews)~(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)~(\d{1,15})$/;
export const encodeCursor = (c: SearchCursor): string => `${c.sort}~${c.key}~${c.id}`;
export function decodeCursor(text: string): SearchCursor | undefined {
  const match = text.length <= CURSOR_MAX ? CURSOR_PATTERN.exec(text) : null;
  if (!match) return undefined;
  const key = Number(match[2]);
  const id = Number(match[3]);
  return Number.isFinite(key) && Number.isSafeInteger(id) ? { sort: match[1] as Sort, key, id } : undefined;
}
export const SEARCH_MESSAGES = {
  badCursor: 'These results are out of date. Please search again.',
  affiliate:
    'Affiliate accounts cannot search for or book professionals. Anyone can browse the directory at /professionals.',
} as const;

/** GET /api/professionals: a page of listings, and where the next one starts (null: no more). */
export interface SearchAnswer {
  success: true;
  professionals: ListingCard[];
  nextCursor: string | null;
}

const number = (min: number, max: number) =>
  z.optional(
    z
      .pipe(z.string(), z.transform(Number))
      .check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max, 'Out of range')),
  );

export const searchQuerySchema = z
  .object({
    q: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
    category: z._default(
      z.optional(
        z
          .string()
          .check(z.refine((v) => v === '' || v === 'all' || CATEGORIES.some((c) => c.value === v), 'Unknown category')),
      ),
      '',
    ),
    sort: z._default(z.optional(z.enum(SORTS)), 'distance'),
    lat: number(-90, 90),
    lng: number(-180, 180),
    radius: number(0.1, 100),
    cursor: z.optional(
      z.pipe(
        z.string().check(lengthFirst(CURSOR_MAX, SEARCH_MESSAGES.badCursor)),
        z.transform((text, ctx) => {
          const cursor = decodeCursor(text);
          if (!cursor) ctx.issues.push({ code: 'custom', message: SEARCH_MESSAGES.badCursor, input: text });
          return cursor as SearchCursor;
        }),
      ),
    ),
  })
  .check(
    z.refine((s) => (s.lat === undefined) === (s.lng === undefined), {
      message: 'Give both lat and lng, or neither',
      path: ['lat'],
    }),
  );

const rate = z
  .number()
  .check(
    z.minimum(0.01, PESEWA_MESSAGES.rateMinimum),
    z.maximum(100_000),
    z.refine(wholePesewas, PESEWA_MESSAGES.decimals),
  );

export const ratesSchema = z.object({ baseRate: rate, maxRate: rate, rateNegotiable: z.boolean() }).check(
  z.refine((r) => r.maxRate >= r.baseRate, {
    message: 'Maximum rate must be at least the base rate',
    path: ['maxRate'],
  }),
);

const hour = z.string().check(z.regex(/^([01]\d|2[0-3]):00$/, 'Use whole hours such as 09:00'));
export const availabilitySchema = z
  .object({ days: z.array(z.enum(WEEKDAYS)).check(z.maxLength(7)), start: hour, end: hour })
  .check(z.refine((a) => a.start < a.end, { message: 'The day must end after it starts', path: ['end'] }));

export const RATE_MESSAGES = { saved: 'Rates updated successfully!' } as const;

/** PUT /api/professional/rates: the rates as saved. */
export interface RatesAnswer {
  success: true;
  message: string;
  rates: z.infer<typeof ratesSchema>;
}

/** PUT /api/professional/availability: the week as saved. */
export interface AvailabilityAnswer {
  success: true;
  message: string;
  availability: Availability;
}

/** PUT /api/profile: the session's account with the details saved. */
export interface ProfileAnswer {
  success: true;
  message: string;
  user: SessionUser;
}

/** A page of listings for a customer or professional (affiliates are refused: they browse the public directory). */
export const findProfessionals = route({
  method: 'GET',
  path: '/api/professionals',
  query: searchQuerySchema,
  caller: 'signed-in',
  answer: json<SearchAnswer>(),
  summary: 'A page of listed professionals, searched, filtered and sorted, and where the next page starts.',
});

/** One professional's listing, latest reviews and open slots. */
export const getProfessional = route({
  method: 'GET',
  path: '/api/professionals/:id',
  caller: 'signed-in',
  answer: json<ProfessionalDetail>(),
  summary: "One professional's listing, latest reviews and open slots for the next 14 days.",
});

/** The signed-in professional's rates. */
export const setRates = route({
  method: 'PUT',
  path: '/api/professional/rates',
  body: ratesSchema,
  caller: 'signed-in',
  answer: json<RatesAnswer>(),
  summary: "Saves the signed-in professional's base and maximum rates.",
});

/** The signed-in professional's working week. */
export const setAvailability = route({
  method: 'PUT',
  path: '/api/professional/availability',
  body: availabilitySchema,
  caller: 'signed-in',
  answer: json<AvailabilityAnswer>(),
  summary: "Saves the signed-in professional's working days and hours.",
});

/** The signed-in account's own details (docs/PRODUCT.md "Profile"). */
export const saveProfile = route({
  method: 'PUT',
  path: '/api/profile',
  body: profileSchema,
  caller: 'signed-in',
  answer: json<ProfileAnswer>(),
  summary: "Saves the signed-in account's name, phone, location and, for a professional, their listing's details.",
});

/** A customer keeps a professional among their favourites. */
export const addFavourite = route({
  method: 'POST',
  path: '/api/favourites/:professionalId',
  caller: 'signed-in',
  answer: json<MessageAnswer>(),
  summary: "Adds a professional to the signed-in customer's favourites.",
});

/** A professional leaves the signed-in account's favourites. */
export const removeFavourite = route({
  method: 'DELETE',
  path: '/api/favourites/:professionalId',
  caller: 'signed-in',
  answer: json<MessageAnswer>(),
  summary: "Removes a professional from the signed-in account's favourites.",
});
