import type { SessionUser } from '../../../../../contract/accounts.ts';
import type { MessageAnswer } from '../../../../../contract/api.ts';
import { conflict, forbidden } from '../../../http/errors.ts';
import { profilesRepo } from '../../professionals/index.ts';
import { type BookingDeps, partyBooking } from '../service.ts';
import * as reviewsRepo from './repo.ts';

/**
 * A customer's review of a completed job (docs/PRODUCT.md "Bookings"): one per booking. A review
 * exists only for its booking (the party and its status decide), so it is a part of
 * features/bookings, with its own table (reviews) and repo.
 */
export async function reviewBooking(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  input: { rating: number; comment: string },
): Promise<MessageAnswer> {
  const booking = await partyBooking(deps.db, user.id, bookingId);
  if (Number(booking.customer_id) !== user.id) throw forbidden('Only the customer can review this booking.');
  if (booking.status !== 'completed') throw conflict('You can review a booking once it is completed.');
  // reviews_booking_id_unique makes a second review a 409 (error middleware); the rating the
  // listings show changes in the same transaction.
  await deps.db.transaction(async (trx) => {
    await reviewsRepo.insertReview(trx, {
      booking_id: bookingId,
      customer_id: user.id,
      professional_id: booking.professional_id,
      rating: input.rating,
      comment: input.comment,
      created_at: deps.clock.now(),
    });
    await profilesRepo.countReview(trx, booking.professional_id, input.rating);
  });
  return { success: true, message: 'Thank you for your review!' };
}
