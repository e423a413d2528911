import { useMemo } from 'react';
import { routePath } from '../../../../contract/api.ts';
import { type ListingCard, type ProfessionalDetail, PROFESSIONALS_PATHS } from '../../../../contract/professionals.ts';
import { addDays, todayInGhana } from '../../../../contract/dates.ts';
import { apiFetch } from '../../lib/api.ts';
import { useLoad } from '../../lib/load.ts';
import { $session } from '../../stores/session.ts';
import { openTimes } from './booking-request.ts';

/** Open slots come for the next 14 days (GET /api/professionals/:id). */
const DAYS_SHOWN = 14;

type Detail = Pick<ProfessionalDetail, 'professional' | 'today' | 'slots'>;

/**
 * The professional's profile and open times for the next DAYS_SHOWN days, on the server's today;
 * until they arrive, the card the dialog was opened from and the phone's today.
 */
export function useOpenTimes(professional: ListingCard) {
  // A reload (Try Again, a slot just taken) keeps the calendar shown until the new slots arrive.
  const { load, retry: reload } = useLoad<Detail>(
    String(professional.id),
    async ({ signal }) => {
      const answer = await apiFetch<ProfessionalDetail>(routePath(PROFESSIONALS_PATHS.one, { id: professional.id }), {
        token: $session.get().token,
        signal,
      });
      return { professional: answer.professional, today: answer.today, slots: answer.slots };
    },
    { failure: (e) => (e instanceof Error ? e.message : 'Could not load the open times.'), keepShown: true },
  );
  const pro = load.state === 'loaded' ? load.data.professional : professional;
  const open = useMemo(() => openTimes(load.state === 'loaded' ? load.data.slots : []), [load]);
  const today = load.state === 'loaded' ? load.data.today : todayInGhana();
  const last = addDays(today, DAYS_SHOWN - 1);
  return { load, reload, pro, open, today, last };
}
