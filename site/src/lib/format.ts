/**
 * Display helpers for the marketplace islands: money, rates, distances, ratings, badges. Dates,
 * times and the booking dialog's calendar are in `contract/dates.ts`.
 */
import { formatCedis } from '../../../contract/money.ts';
import { countOf } from '../../../contract/counts.ts';
import type { Booking } from '../../../contract/bookings.ts';

/** "₵30–₵50/hour" (docs/PRODUCT.md "Finding a professional"). */
export const rateRange = (base: number, max: number): string =>
  base === max ? `${formatCedis(base)}/hour` : `${formatCedis(base)}–${formatCedis(max)}/hour`;

/**
 * "X miles", rounded to 0.1 (docs/PRODUCT.md "Distances"); "1 mile"; "about X miles" when one end
 * is a city's centre rather than a real position.
 */
export function milesLabel(miles: number, { approximate = false } = {}): string {
  const rounded = Math.round(miles * 10) / 10;
  // From a city's centre, tenths of a mile near it mean nothing ("about 0 miles" read as a mistake).
  if (approximate && rounded < 1) return 'within about a mile';
  return `${approximate ? 'about ' : ''}${countOf(rounded, 'mile')}`;
}

/** " · about 2.6 miles" after a suggested professional's profession, or nothing when the distance is not known. */
export const awayText = (pro: { distance: number | null; positionSource: string }): string =>
  pro.distance === null ? '' : ` · ${milesLabel(pro.distance, { approximate: pro.positionSource !== 'own' })}`;

/** Rating to one decimal, or "New" when there are no reviews yet. */
export const ratingLabel = (rating: number | null): string => (rating === null ? 'New' : rating.toFixed(1));

export const reviewsLabel = (count: number): string => countOf(count, 'review');

/** Badge styles by booking status (docs/PRODUCT.md "Bookings"): completed default, confirmed secondary, pending outline, else destructive. */
export function statusVariant(status: string): 'default' | 'secondary' | 'outline' | 'destructive' {
  if (status === 'completed') return 'default';
  if (status === 'confirmed') return 'secondary';
  if (status === 'pending') return 'outline';
  return 'destructive';
}

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A booking's badge on both cards: how it ended when it did not simply run its course (docs/PRODUCT.md "Bookings"). */
export const bookingStatusWords = (b: Pick<Booking, 'status' | 'expired' | 'declined' | 'trust'>): string =>
  b.expired
    ? 'Not answered in time'
    : b.trust?.noShowFound
      ? 'No-show'
      : b.declined
        ? 'Declined'
        : capitalise(b.status);
