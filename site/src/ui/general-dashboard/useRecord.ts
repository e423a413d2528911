import type { SessionUser } from '../../../../contract/account-types.ts';
import { BOOKING_EVENT_TYPES } from '../../../../contract/events.ts';
import { dashboardLoadErrorMessage, query, userDataPath } from '../../lib/api.ts';
import type { DashboardUserType } from '../../lib/api.ts';
import type { LiveEventType } from '../../stores/events.ts';
import { $session } from '../../stores/session.ts';
import { noteVisit } from '../../stores/welcome.ts';
import { useUserEvents } from '../../ui/useUserEvents.ts';
import { useLoad, type Load } from '../../lib/load.ts';

/** The live events that change each record's figures (issue #18); the customer's is stores/customer.ts. */
type RecordType = Exclude<DashboardUserType, 'customer'>;
const CHANGES: Record<RecordType, readonly LiveEventType[]> = {
  professional: [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'verification.decided', 'reset'],
  affiliate: ['commission.earned', 'payout.moved', 'reset'],
};

/**
 * GET /api/{type}-data/{email} for the signed-in account, with Try Again (`retry`); read again
 * quietly (the figures stay shown) when a live event changes them.
 */
export function useRecord<T>(type: RecordType, user: SessionUser): { load: Load<T>; retry: () => void } {
  const { load, retry, refresh } = useLoad<T>(
    `${type} ${user.email}`,
    async ({ signal, fresh }) => {
      const answer = await query<Record<string, unknown>>(userDataPath(type, user.email), {
        token: $session.get().token,
        signal,
        fresh,
      });
      noteVisit(answer[type] as { firstVisit?: boolean });
      return answer[type] as T;
    },
    {
      failure: (error) => dashboardLoadErrorMessage(error, { affiliate: type === 'affiliate' }),
      keep: { name: 'record', account: user.id },
    },
  );
  useUserEvents(CHANGES[type], refresh);
  return { load, retry };
}
