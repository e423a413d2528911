import { BOOKING_HOURS } from '../../../../contract/bookings.ts';
import type { customRateBounds } from '../../../../contract/bookings.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { formatCedis, roundToPesewa } from '../../../../contract/money.ts';
import { CITIES } from '../../../../contract/cities.ts';
import { greatCircleMiles } from '../../../../contract/distance.ts';
import type { Listing } from '../../../../contract/professionals.ts';
import { milesLabel } from '../../lib/format.ts';

type RateBounds = ReturnType<typeof customRateBounds>;

/** The days with open times, each with its times; a day with none is not open. */
export function openTimes(
  slots: readonly { date: string; times: readonly string[] }[],
): Map<string, readonly string[]> {
  const open = new Map<string, readonly string[]>();
  for (const day of slots) if (day.times.length > 0) open.set(day.date, day.times);
  return open;
}

/** The rate proposed (null when not negotiating or left empty) and the rate the summary counts with. */
export function rates(negotiate: boolean, typed: string, baseRate: number) {
  const proposed = negotiate && typed.trim() !== '' ? Number(typed) : null;
  const agreedRate = proposed !== null && Number.isFinite(proposed) ? proposed : baseRate;
  return { proposed, agreedRate };
}

/** Why a proposed rate cannot be sent (none typed, or outside what the professional's rates allow); null when it can. */
export function rateProblem(proposed: number | null, bounds: RateBounds): string | null {
  if (proposed === null || !Number.isFinite(proposed))
    return `Enter your proposed rate per hour (suggested ${formatCedis(bounds.suggestedMin)}–${formatCedis(bounds.suggestedMax)}).`;
  if (proposed < bounds.min || proposed > bounds.max)
    return `Your proposed rate must be between ${formatCedis(bounds.min)} and ${formatCedis(bounds.max)} per hour.`;
  return null;
}

/** The summary's date and time, as far as they are chosen. */
export const whenText = (date: string | null, time: string | null): string =>
  date && time
    ? `${dateLabel(date)} at ${timeLabel(time)}`
    : date
      ? `${dateLabel(date)}, choose a time`
      : 'Not chosen yet';

/** What the booking's usual length costs at the rate. */
export const estimate = (agreedRate: number): number => roundToPesewa(agreedRate * BOOKING_HOURS);

export const submitLabel = (submitting: boolean, negotiate: boolean): string =>
  submitting ? 'Submitting...' : negotiate ? 'Submit Request with Custom Rate' : 'Confirm Booking';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Said before a request goes to a professional of another city (docs/PRODUCT.md "Bookings"): "Ekow
 * works in Accra, about 124 miles from Asokwa, Kumasi, where the job is." The customer's end is
 * their city's centre, so the distance is "about" (docs/PRODUCT.md "Distances"). Null in the same
 * city, or when a city is not known (a professional who gave none, a customer's city not listed).
 */
export function otherCityWords(
  pro: Pick<Listing, 'name' | 'location' | 'coordinates' | 'positionSource'>,
  customer: { city: string | null; address: string | null },
): string | null {
  const city = CITIES.find((c) => customer.city && sameName(c.name, customer.city));
  if (!city || !pro.location || pro.positionSource === 'default' || sameName(pro.location, city.name)) return null;
  const miles = milesLabel(greatCircleMiles(city, pro.coordinates), { approximate: true });
  const address = customer.address?.trim();
  const place = !address
    ? city.name
    : address.toLowerCase().includes(city.name.toLowerCase())
      ? address
      : `${address}, ${city.name}`;
  return `${pro.name.split(' ')[0]} works in ${pro.location}, ${miles} from ${place}, where the job is.`;
}
