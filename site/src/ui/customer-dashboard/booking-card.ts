import type { Booking } from '../../../../contract/bookings.ts';

/** The status filters of My Bookings, each a sub-tab. */
export const FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'completed', label: 'Completed' },
] as const;
export type Filter = (typeof FILTERS)[number]['id'];

export const filterBookings = (all: Booking[], filter: Filter): Booking[] =>
  filter === 'all' ? all : all.filter((b) => b.status === filter);

export const noBookingsText = (filter: Filter): string =>
  filter === 'all' ? 'You have no bookings yet.' : `No ${filter} bookings.`;

export const canCancel = (b: Booking): boolean => b.status === 'pending' || b.status === 'confirmed';
export const canReview = (b: Booking): boolean => b.status === 'completed' && !b.reviewed;

/** Said before a cancellation within 24 hours of the start (docs/PRODUCT.md "Cancellations that count"). */
export const lateCancelWarning = (b: Booking): string =>
  b.trust?.cancelNow === 'late' || b.trust?.cancelNow === 'no_show'
    ? ' This is within 24 hours of the start, so it counts as a late cancellation, which professionals see on your requests.'
    : '';
