import { atom, onMount } from 'nanostores';
import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import type { SessionUser } from '../../../contract/account-types.ts';
import { PROFILE_MESSAGES } from '../../../contract/profile.ts';
import {
  RATE_MESSAGES,
  saveProfile as saveProfileRoute,
  setAvailability,
  setRates,
} from '../../../contract/professionals.ts';
import type { Availability } from '../../../contract/professionals.ts';
import { clearQueryCache, dashboardLoadErrorMessage, query, userDataPath, userDataPrefix } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { readInto } from '../lib/keyed-load.ts';
import type { Load } from '../lib/load.ts';
import { onBackOnline } from './connection.ts';
import { failure, type Outcome } from '../lib/outcome.ts';
import { $bookingsChanged } from './bookings.ts';
import { onUserEvent, refresher } from './events.ts';
import { $session, onAccount, mergeUser } from './session.ts';
import { noteVisit } from './welcome.ts';
import type { SubscriptionSummary } from '../../../contract/subscriptions.ts';

/**
 * The professional's dashboard data (docs/PRODUCT.md "Dashboards") and the
 * actions that change it. Islands read $professional (the jobs are stores/bookings.ts's `$bookings`);
 * every change is a server call, and the store takes the server's answer.
 */

export interface ProfessionalRecord {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string | null;
  localAddress: string | null;
  joinDate: string;
  /** The profile photo's thumbnail, or null (initials are shown). */
  avatar: string | null;
  /** Until the account signs in a second time (docs/PRODUCT.md "Welcome"). */
  firstVisit: boolean;
  subscription: SubscriptionSummary | null;
  profession: string;
  verified: boolean;
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
  bio: string;
  experience: string;
  skills: string[];
  availability: Availability;
  totalJobs: number;
  pendingJobs: number;
  completedJobs: number;
  totalEarnings: number;
  monthlyEarnings: number;
  earningsByMonth: { month: string; amount: number; jobs: number }[];
  /** null: no reviews yet ("New"). */
  rating: number | null;
  reviews: number;
}

export const $professional = atom<Load<ProfessionalRecord>>({ state: 'loading' });

const token = () => $session.get().token;
const account = () => $session.get().user?.id ?? 0;
let email = '';

/**
 * GET /api/professional-data/{email}. `fresh` skips the 5-minute cache (Try Again, and after a
 * change); a reload after a change keeps the figures on screen until the new ones arrive.
 */
export async function loadProfessional(
  user: Pick<SessionUser, 'email'>,
  options: { fresh?: boolean } = {},
): Promise<void> {
  // Already shown (the store is newer than the query cache once something was changed).
  if (!options.fresh && email === user.email && $professional.value.state === 'loaded') return;
  email = user.email;
  // Another account's record, or a first read, starts from the loading state; a fresh read keeps what is shown.
  await readInto(
    $professional,
    async () => {
      const answer = await query<{ professional: ProfessionalRecord }>(userDataPath('professional', user.email), {
        token: token(),
        fresh: options.fresh,
      });
      noteVisit(answer.professional);
      return answer.professional;
    },
    { failure: dashboardLoadErrorMessage, showLoading: !options.fresh, keep: { name: 'record', account: account() } },
  );
}

/** The figures changed on the server (a job accepted, completed ...): fetch them again quietly. */
function refreshProfessional(): void {
  if (email) void loadProfessional({ email }, { fresh: true });
}

// Live (issue #18): while the dashboard is shown, the figures follow the news of bookings, the
// subscription and the verification, and the jobs changed from here (stores/bookings.ts). Bursts
// (a catch-up) cost two reads at most.
const reloadRecord = refresher(async () => {
  if (email) await loadProfessional({ email }, { fresh: true });
});
onMount($professional, () => {
  const stopNews = onUserEvent(
    [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'verification.decided', 'reset'],
    reloadRecord,
  );
  const stopChanges = $bookingsChanged.listen(reloadRecord);
  return () => {
    stopNews();
    stopChanges();
  };
});

/** Changes the shown record without a reload (the server already has the change). */
export function patchProfessional(fields: Partial<ProfessionalRecord>): void {
  const current = $professional.value;
  if (current.state === 'loaded') $professional.set({ state: 'loaded', data: { ...current.data, ...fields } });
}

export interface Rates {
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
}

/** PUT /api/professional/rates. */
export async function saveRates(rates: Rates): Promise<Outcome> {
  try {
    const answer = await call(setRates, { body: rates }, { token: token() });
    patchProfessional(rates);
    clearQueryCache(userDataPrefix('professional'));
    return { ok: true, message: answer.message ?? RATE_MESSAGES.saved };
  } catch (error) {
    return failure(error);
  }
}

/** PUT /api/professional/availability. */
export async function saveAvailability(availability: Availability): Promise<Outcome> {
  try {
    const answer = await call(setAvailability, { body: availability }, { token: token() });
    patchProfessional({ availability: answer.availability });
    clearQueryCache(userDataPrefix('professional'));
    return { ok: true, message: answer.message ?? 'Availability updated.' };
  } catch (error) {
    return failure(error);
  }
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string;
  profession: string;
  experience: string;
  location: string;
  bio: string;
  skills: string[];
}

/** PUT /api/profile (never the email); the session's stored user takes the new name and phone. */
export async function saveProfile(changes: ProfileChanges): Promise<Outcome> {
  try {
    const answer = await call(saveProfileRoute, { body: changes }, { token: token() });
    mergeUser(answer.user);
    patchProfessional({
      ...changes,
      name: `${answer.user.firstName} ${answer.user.lastName}`,
      phone: answer.user.phone,
    });
    refreshProfessional();
    return { ok: true, message: answer.message ?? PROFILE_MESSAGES.saved };
  } catch (error) {
    return failure(error);
  }
}

// Watched: the signed-in professional's record is read, again only for another account (the
// session's user object is replaced when it is verified: that is no reason to read).
onMount($professional, () => onAccount((user) => void loadProfessional(user)));

// Back online: the record (failed, kept or only old) is read again by itself.
onMount($professional, () => onBackOnline(reloadRecord));
