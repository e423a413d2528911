import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { $bookings, $bookingsReading } from '../../stores/bookings.ts';

/** What the jobs' status lines speak of: each job's state, time and any proposal waiting or answered. */
const jobsState = (): string => {
  const load = $bookings.get();
  if (load.state !== 'loaded') return '';
  return load.data
    .map((b: Booking) => `${b.id}:${b.status}:${b.date}:${b.time}:${b.proposal?.id}:${b.answeredProposal?.id}`)
    .join(',');
};

/**
 * The line that says what the professional's last action did ("Job request declined.", "New time
 * proposed…"): it holds until the next change to the jobs (his or the customer's), and then goes,
 * so it never outlives what it says (docs/PRODUCT.md "Bookings").
 */
export function useStatusLine(): [string, (text: string) => void] {
  useStore($bookings);
  const reading = useStore($bookingsReading);
  // `at`: the jobs as they stood once the action's own read of the list ended (null until then):
  // that read only confirms the action, so it is not the next change.
  const [line, setLine] = useState<{ text: string; at: string | null }>({ text: '', at: '' });
  if (line.text && line.at === null && !reading) setLine({ text: line.text, at: jobsState() });
  const shown = line.text && (line.at === null || line.at === jobsState()) ? line.text : '';
  return [shown, (text: string) => setLine({ text, at: $bookingsReading.get() ? null : jobsState() })];
}
