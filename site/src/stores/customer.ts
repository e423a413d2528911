import type { CustomerRecord } from '../../../contract/user-data.ts';
export type { CustomerRecord };
import { atom, onMount } from 'nanostores';
import type { SessionUser } from '../../../contract/account-types.ts';
import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import { dashboardLoadErrorMessage, query, userDataPath } from '../lib/api.ts';
import { readInto } from '../lib/keyed-load.ts';
import { LOADING, type Load } from '../lib/load.ts';
import { $bookingsChanged } from './bookings.ts';
import { onBackOnline } from './connection.ts';
import { onUserEvent, refresher } from './events.ts';
import { setFavourites } from './find-pro.ts';
import { $session, onAccount } from './session.ts';
import { noteVisit } from './welcome.ts';

/**
 * The customer's dashboard record (docs/PRODUCT.md "Dashboards"), shown by the customer dashboard
 * and the general screen's customer view: read when an island first watches `$customer`, again on
 * the news that changes its figures (bookings, the subscription, payments), when the bookings change
 * from here, and back online. A failed read never replaces what is shown.
 */

export const $customer = atom<Load<CustomerRecord>>(LOADING);

/** The account whose record is shown (or being read). */
let readFor: Pick<SessionUser, 'email' | 'id'> | null = null;

/**
 * Reads the record of `user`. `fresh` skips the 5-minute query cache (a change, Try Again);
 * `showLoading` shows the loading screen first (Try Again, a renewal), else what is shown stays.
 */
export async function loadCustomer(
  user: Pick<SessionUser, 'email' | 'id'>,
  options: { fresh?: boolean; showLoading?: boolean } = {},
): Promise<void> {
  // Already shown (the store is newer than the query cache once something was changed).
  if (!options.fresh && readFor?.email === user.email && $customer.value.state === 'loaded') return;
  readFor = user;
  const read = async () => {
    const answer = await query<{ customer: CustomerRecord }>(userDataPath('customer', user.email), {
      token: $session.get().token,
      fresh: options.fresh,
    });
    setFavourites(answer.customer.favoriteServices.map((p) => p.id));
    noteVisit(answer.customer);
    return answer.customer;
  };
  await readInto($customer, read, {
    failure: (error) => dashboardLoadErrorMessage(error),
    showLoading: options.showLoading,
    keep: { name: 'record', account: user.id },
  });
}

/** Try Again, and after a renewal: the loading screen, then the record read afresh. */
export function retryCustomer(): void {
  if (readFor) void loadCustomer(readFor, { fresh: true, showLoading: true });
}

/** Changes the shown record without a read (the server already has the change: a saved profile). */
export function patchCustomer(fields: Partial<CustomerRecord>): void {
  const current = $customer.value;
  if (current.state === 'loaded') $customer.set({ state: 'loaded', data: { ...current.data, ...fields } });
}

// The figures follow their news while the record is watched (live); bursts (a catch-up)
// cost two reads at most.
const refreshRecord = refresher(async () => {
  if (readFor) await loadCustomer(readFor, { fresh: true });
});

// Watched: the signed-in customer's record is read, again only for another account (a user object
// replaced for the same account is no reason to read).
onMount($customer, () => onAccount((user) => void loadCustomer(user)));

onMount($customer, () => {
  const stopNews = onUserEvent(
    [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'reset'],
    refreshRecord,
  );
  const stopChanges = $bookingsChanged.listen(refreshRecord);
  const stopConnection = onBackOnline(refreshRecord);
  return () => {
    stopNews();
    stopChanges();
    stopConnection();
  };
});
