import { TIME_SLOTS } from '../../../../contract/bookings.ts';
import { WEEKDAYS, type Availability } from '../../../../contract/professionals.ts';
import type { Db } from '../../db.ts';

const DAYS_OF_SLOTS = 14;

/** Open slots over the next two weeks: inside the weekly hours, in the future, not already taken. */
export async function openSlots(db: Db, professionalId: number, availability: Availability, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const last = new Date(today.getTime() + DAYS_OF_SLOTS * 86400_000);
  const taken = await db('bookings')
    .where({ professional_id: professionalId })
    .whereIn('status', ['pending', 'confirmed'])
    .whereBetween('date', [today.toISOString().slice(0, 10), last.toISOString().slice(0, 10)])
    .select<{ day: string; time: string }[]>(db.raw("to_char(date, 'YYYY-MM-DD') as day"), 'time');
  const takenKeys = new Set(taken.map((t) => `${t.day} ${t.time}`));
  const days: { date: string; times: string[] }[] = [];
  for (let d = 0; d < DAYS_OF_SLOTS; d++) {
    const day = new Date(today.getTime() + d * 86400_000);
    if (!availability.days.includes(WEEKDAYS[day.getUTCDay()])) continue;
    const date = day.toISOString().slice(0, 10);
    const times = TIME_SLOTS.filter(
      (t) =>
        t >= availability.start &&
        t < availability.end &&
        !takenKeys.has(`${date} ${t}`) &&
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), Number(t.slice(0, 2))) > now.getTime(),
    );
    days.push({ date, times });
  }
  return days;
}
