import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../contract/bookings.ts';
import { canCancel, canReview, filterBookings, lateCancelWarning, noBookingsText } from './booking-card.ts';

const booking = (status: Booking['status'], extra: Partial<Booking> = {}) => ({ id: 1, status, ...extra }) as Booking;

describe('my bookings', () => {
  it('filters by status, All showing every booking, and says when a filter has none', () => {
    const all = [booking('pending'), booking('completed'), booking('cancelled')];
    expect(filterBookings(all, 'all')).toBe(all);
    expect(filterBookings(all, 'completed').map((b) => b.status)).toEqual(['completed']);
    expect(noBookingsText('all')).toBe('You have no bookings yet.');
    expect(noBookingsText('confirmed')).toBe('No confirmed bookings.');
  });

  it('offers Cancel while pending or confirmed, Leave Review once completed and not yet reviewed', () => {
    expect([canCancel(booking('pending')), canCancel(booking('confirmed')), canCancel(booking('completed'))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(canReview(booking('completed'))).toBe(true);
    expect(canReview(booking('completed', { reviewed: true }))).toBe(false);
    expect(canReview(booking('confirmed'))).toBe(false);
  });

  it('warns that a cancellation counts only when it is late', () => {
    expect(lateCancelWarning(booking('confirmed'))).toBe('');
    expect(
      lateCancelWarning(booking('confirmed', { trust: { cancelNow: 'late' } } as unknown as Partial<Booking>)),
    ).toContain('late cancellation');
  });
});
