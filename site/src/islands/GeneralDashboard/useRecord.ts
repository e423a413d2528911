import { useEffect, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { dashboardLoadErrorMessage, query, userDataPath } from '../../lib/api.ts';
import type { DashboardUserType } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { noteVisit } from '../../stores/welcome.ts';
import type { Load } from '../ProfessionalDashboard/store.ts';

/** GET /api/{type}-data/{email} for the signed-in account, with Try Again (`retry`). */
export function useRecord<T>(type: DashboardUserType, user: SessionUser): { load: Load<T>; retry: () => void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    (async () => {
      try {
        const answer = await query<Record<string, unknown>>(userDataPath(type, user.email), {
          token: $session.get().token,
          signal: controller.signal,
          fresh: attempt > 0,
        });
        noteVisit(answer[type] as { firstVisit?: boolean });
        setLoad({ state: 'loaded', data: answer[type] as T });
      } catch (error) {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: dashboardLoadErrorMessage(error, { affiliate: type === 'affiliate' }) });
      }
    })();
    return () => controller.abort();
  }, [type, user.email, attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}
