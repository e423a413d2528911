import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { BOOKING_EVENT_TYPES } from '../../../../contract/events.ts';
import { dashboardLoadErrorMessage, query, userDataPath } from '../../lib/api.ts';
import type { DashboardUserType } from '../../lib/api.ts';
import type { LiveEventType } from '../../stores/events.ts';
import { $session } from '../../stores/session.ts';
import { noteVisit } from '../../stores/welcome.ts';
import { useUserEvents } from '../../ui/useUserEvents.ts';
import type { Load } from '../../stores/professional.ts';

/** The live events that change each record's figures (issue #18). */
const CHANGES: Record<DashboardUserType, readonly LiveEventType[]> = {
  customer: [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'reset'],
  professional: [...BOOKING_EVENT_TYPES, 'subscription.changed', 'payment.settled', 'verification.decided', 'reset'],
  affiliate: ['commission.earned', 'payout.moved', 'reset'],
};

/**
 * GET /api/{type}-data/{email} for the signed-in account, with Try Again (`retry`); read again
 * quietly (the figures stay shown) when a live event changes them.
 */
export function useRecord<T>(type: DashboardUserType, user: SessionUser): { load: Load<T>; retry: () => void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState({ n: 0, quiet: false });
  const shown = useRef(false);
  useUserEvents(CHANGES[type], () => setAttempt((a) => ({ n: a.n + 1, quiet: true })));
  useEffect(() => {
    const controller = new AbortController();
    const quiet = attempt.quiet && shown.current;
    if (!quiet) setLoad({ state: 'loading' });
    (async () => {
      try {
        const answer = await query<Record<string, unknown>>(userDataPath(type, user.email), {
          token: $session.get().token,
          signal: controller.signal,
          fresh: attempt.n > 0,
        });
        noteVisit(answer[type] as { firstVisit?: boolean });
        shown.current = true;
        setLoad({ state: 'loaded', data: answer[type] as T });
      } catch (error) {
        if (controller.signal.aborted || quiet) return;
        shown.current = false;
        setLoad({ state: 'failed', message: dashboardLoadErrorMessage(error, { affiliate: type === 'affiliate' }) });
      }
    })();
    return () => controller.abort();
  }, [type, user.email, attempt]);
  return { load, retry: () => setAttempt((a) => ({ n: a.n + 1, quiet: false })) };
}
