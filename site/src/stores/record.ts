import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import { affiliateRecord, customerRecord, professionalRecord } from '../../../contract/user-data.ts';
import { dashboardLoadErrorMessage, type DashboardUserType, FRESH_FOR_MS, MissingEmailError } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { $bookingsChanged } from './bookings.ts';
import { type LiveEventType, onUserEvent } from './events.ts';
import { type LoadStore, loadStore } from './load-store.ts';
import { $session } from './session.ts';
import { noteVisit } from './welcome.ts';

const ROUTES = { customer: customerRecord, professional: professionalRecord, affiliate: affiliateRecord } as const;

/** The live news that changes each record's figures. */
const NEWS: Record<DashboardUserType, readonly LiveEventType[]> = {
  customer: [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'reset'],
  professional: [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'verification.decided', 'reset'],
  affiliate: ['commission.earned', 'payout.moved', 'reset'],
};

/**
 * The signed-in account's dashboard record (contract/user-data.ts; docs/PRODUCT.md
 * "Dashboards") as one store (stores/load-store.ts): read when a dashboard first watches it, again
 * on the news that changes its figures, when the bookings change from here (a customer's or a
 * professional's), back online, and from the loading state when another account signs in. Kept on
 * the phone for the account. `answered` hears each record read.
 */
export function recordStore<T extends object>(type: DashboardUserType, answered?: (record: T) => void): LoadStore<T> {
  let readFor: string | undefined;
  const store = loadStore<T>(
    async (signal) => {
      const user = $session.get().user;
      readFor = user?.email;
      if (!user?.email) throw new MissingEmailError();
      const answer = await call(
        ROUTES[type],
        { params: { email: user.email } },
        { token: $session.get().token, signal },
      );
      const record = (answer as unknown as Record<DashboardUserType, T>)[type];
      noteVisit(record as { firstVisit?: boolean });
      answered?.(record);
      return record;
    },
    {
      failure: (error) => dashboardLoadErrorMessage(error, { affiliate: type === 'affiliate' }),
      keep: () => {
        const account = $session.get().user?.id;
        return account === undefined ? undefined : { name: 'record', account };
      },
      when: () => Boolean($session.get().user),
      // The dashboards watch their record throughout; its news reads it again meanwhile.
      freshFor: FRESH_FOR_MS,
      news: (refresh) => {
        const stopNews = onUserEvent(NEWS[type], refresh);
        const stopChanges = type === 'affiliate' ? undefined : $bookingsChanged.listen(refresh);
        // Another account signed in: its record, from the loading state.
        const stopAccount = $session.listen(({ user }) => {
          if (user && user.email !== readFor) void store.retry();
        });
        return () => {
          stopNews();
          stopChanges?.();
          stopAccount();
        };
      },
    },
  );
  return store;
}
