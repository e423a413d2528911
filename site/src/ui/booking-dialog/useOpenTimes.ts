import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { getProfessional, type ListingCard } from '../../../../contract/professionals.ts';
import { addDays, todayInGhana } from '../../../../contract/dates.ts';
import { routeLoad } from '../../stores/load-store.ts';
import { openTimes } from './booking-request.ts';

/** Open slots come for the next 14 days (GET /api/professionals/:id). */
const DAYS_SHOWN = 14;

/** A professional's profile and open times, read each time the dialog opens (the slots move). */
const openTimesOf = routeLoad(getProfessional, {
  failure: (e) => (e instanceof Error ? e.message : 'Could not load the open times.'),
});

/**
 * The professional's profile and open times for the next DAYS_SHOWN days, on the server's today;
 * until they arrive, the card the dialog was opened from and the phone's today.
 */
export function useOpenTimes(professional: ListingCard) {
  // A reload (Try Again, a slot just taken) keeps the calendar shown until the new slots arrive.
  const store = openTimesOf({ params: { id: professional.id } });
  const load = useStore(store.$load);
  const reload = () => void (load.state === 'loaded' ? store.refresh() : store.retry());
  const pro = load.state === 'loaded' ? load.data.professional : professional;
  const open = useMemo(() => openTimes(load.state === 'loaded' ? load.data.slots : []), [load]);
  const today = load.state === 'loaded' ? load.data.today : todayInGhana();
  const last = addDays(today, DAYS_SHOWN - 1);
  return { load, reload, pro, open, today, last };
}
