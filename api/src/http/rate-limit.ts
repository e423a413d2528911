import type { Middleware, ParameterizedContext } from 'koa';
import type { RequestState } from './request-context.ts';
import { PHOTO_MESSAGES, PHOTO_UPLOADS_PER_HOUR } from '../../../contract/photos.ts';
import { addTime, secondsBetween, startOfHour, subtractTime } from '../../../contract/dates.ts';
import { PUSH_MESSAGES, PUSH_TESTS_PER_HOUR } from '../../../contract/push.ts';
import type { Db } from '../db.ts';
import { addressKey } from './address-key.ts';
import { HttpError } from './errors.ts';

export interface Limit {
  /** What is counted, e.g. 'contact'; the key adds whose requests (an address, an account). */
  name: string;
  perHour: number;
  message: string;
}

/** Every limit on requests that are not sign-ins (those: features/auth/throttle.ts). */
export const LIMITS = {
  contactByAddress: {
    name: 'contact-ip',
    perHour: 120,
    message:
      'Many messages have come from your network in the last hour. Please try again later, or reach us on WhatsApp.',
  },
  contactByEmail: {
    name: 'contact-email',
    perHour: 10,
    message: 'You have sent us 10 messages in the last hour. We will answer them; please wait before sending more.',
  },
  signupByAddress: {
    name: 'signup-ip',
    perHour: 300,
    message: 'Many accounts have been made from your network in the last hour. Please try again later.',
  },
  // Sign-up must say when an email or phone already has an account (docs/SECURITY.md);
  // this bounds how many a network may learn in an hour. Past it, all its sign-ups wait the hour.
  signupTakenByAddress: {
    name: 'signup-taken-ip',
    perHour: 30,
    message:
      'Many sign-ups from your network in the last hour were for emails or phone numbers that already have an account. If you have an account, sign in or use “Forgot password?”; otherwise please try again in an hour.',
  },
  // Sign-in by texted code (docs/PRODUCT.md "Signing in with a texted code"). Per address only,
  // and generous: carriers put many people behind one address. What bounds the texts is counted per
  // number (features/auth/code-signin.ts), and a code's tries per page that asked for it.
  signinCodesByAddress: {
    name: 'signin-code-ip',
    perHour: 300,
    message:
      'Many sign-in codes were asked for from your network in the last hour. Please sign in with your password, or try again later.',
  },
  signinCodeTriesByAddress: {
    name: 'signin-code-try-ip',
    perHour: 600,
    message:
      'Many sign-in codes were typed from your network in the last hour. Please sign in with your password, or try again later.',
  },
  // All the sign-in texts the service sends in an hour, whoever asks: the cap on the texting bill.
  signinTextsInTotal: {
    name: 'signin-texts',
    perHour: 2000,
    message: 'Sign-in texts are paused for a while.',
  },
  geocodeByAccount: {
    name: 'geocode-user',
    perHour: 60,
    message: 'Your location was looked up many times in the last hour. Please choose your city from the list instead.',
  },
  geocodeByAddress: {
    name: 'geocode-ip',
    perHour: 1000,
    message:
      'Locations were looked up many times from your network in the last hour. Please choose your city from the list instead.',
  },
  // A stream reconnects with a new ticket after each drop; a flaky 3G line may drop it often.
  eventTicketsByAccount: {
    name: 'event-ticket-user',
    perHour: 600,
    message:
      'Live updates reconnected many times in the last hour. The page checks for news every few seconds instead.',
  },
  momoPromptsByAccount: {
    name: 'momo-user',
    perHour: 10,
    message:
      'You asked for 10 mobile-money prompts in the last hour. Please wait a while, or pay at the checkout instead.',
  },
  momoPromptsByPhone: {
    name: 'momo-phone',
    perHour: 10,
    message:
      'This number got 10 mobile-money prompts in the last hour. Please wait a while, or pay at the checkout instead.',
  },
  // Each code is an SMS to someone's phone: few per account, fewer per number.
  momoCodesByAccount: {
    name: 'momo-code-user',
    perHour: 5,
    message: 'You asked for 5 codes in the last hour. Please wait a while, or pay from your own number.',
  },
  momoCodesByPhone: {
    name: 'momo-code-phone',
    perHour: 3,
    message: 'This number got 3 codes in the last hour. Please wait a while before asking for another.',
  },
  photoUploadsByAccount: { name: 'photo-user', perHour: PHOTO_UPLOADS_PER_HOUR, message: PHOTO_MESSAGES.tooMany },
  // Each test is a post to a push service.
  pushTestsByAccount: { name: 'push-test-user', perHour: PUSH_TESTS_PER_HOUR, message: PUSH_MESSAGES.tooManyTests },
  // Turning notifications on and off: a phone does it a few times; more is a script.
  pushSubscriptionsByAccount: {
    name: 'push-sub-user',
    perHour: 30,
    message: 'Notifications were turned on and off many times in the last hour. Please try again later.',
  },
  // Each phone says once per notification that it showed it; a network of many phones says it often.
  pushShownByAddress: {
    name: 'push-shown-ip',
    perHour: 6000,
    message: 'Too many notification receipts from your network in the last hour.',
  },
} as const satisfies Record<string, Limit>;

/**
 * Counts one request against `key` in the current hour and refuses it (429) past `perHour`. The
 * count is one upsert in the database, so concurrent requests and several processes count
 * together. Limits per address are generous, since carriers put many people behind one address
 * (carrier-grade NAT); limits per account do the real work.
 */
export async function countRequest(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  if (!(await takeFromHour(db, limit, key, now))) throw tooMany(limit, startOfHour(now), now);
}

/**
 * Counts one against `key` in the current hour and answers whether it was within `perHour`,
 * refusing nothing: for a caller that carries on without the thing counted (a text not sent).
 */
export async function takeFromHour(db: Db, limit: Limit, key: string, now: Date): Promise<boolean> {
  const windowStart = startOfHour(now);
  const [row] = await db('rate_limits')
    .insert({ key: `${limit.name}:${key}`, window_start: windowStart, hits: 1 })
    .onConflict(['key', 'window_start'])
    .merge({ hits: db.raw('rate_limits.hits + 1') })
    .returning('hits');
  if (row.hits === 1)
    await db('rate_limits')
      .where('window_start', '<', subtractTime(windowStart, { hours: 1 }))
      .delete();
  return row.hits <= limit.perHour;
}

/**
 * Refuses (429) while `key` has used up `limit` this hour, without counting this request: for a
 * request that counts only once it turns out to (then `countRequest` it).
 */
export async function refuseWhenUsedUp(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  const windowStart = startOfHour(now);
  const row = await db('rate_limits')
    .where({ key: `${limit.name}:${key}`, window_start: windowStart })
    .first('hits');
  if (row && row.hits >= limit.perHour) throw tooMany(limit, windowStart, now);
}

function tooMany(limit: Limit, windowStart: Date, now: Date): HttpError {
  const retryAfter = Math.ceil(secondsBetween(now, addTime(windowStart, { hours: 1 })));
  return new HttpError(429, 'rate_limited', limit.message, { headers: { 'Retry-After': String(retryAfter) } });
}

/** The key of every limit per address: the client's IPv4 address, or its IPv6 /64. */
export const byAddress = (ctx: { ip: string }): string => addressKey(ctx.ip);

/**
 * Middleware: `countRequest` for each of `limits`, keyed by what `keyOf` picks from the request.
 * `S` is the state the keys read: rateLimit<UserState> goes after requireUser (keyed by the user).
 */
export function rateLimit<S = RequestState>(
  db: Db,
  now: () => Date,
  limits: Array<[Limit, (ctx: ParameterizedContext<S>) => string | undefined]>,
): Middleware<S> {
  return async (ctx, next) => {
    for (const [limit, keyOf] of limits) {
      const key = keyOf(ctx);
      if (key !== undefined) await countRequest(db, limit, key, now());
    }
    await next();
  };
}
