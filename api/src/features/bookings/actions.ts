import type { SessionUser } from '../../../../contract/accounts.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { expireOverdue } from './expiry.ts';
import { withTrust } from './reliability.ts';
import { type BookingAction, type BookingDeps, transitionBooking } from './service.ts';

/**
 * What a party does to a booking, the same from any screen: the web's routes and the phone menu
 * call these with (deps, user, bookingId, …), and each answers the booking as its reader sees it
 * (with the trust around the job). A request past its deadline is declined by the system first,
 * so nobody answers one that has expired (docs/PRODUCT.md "Bookings").
 */
async function act(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  action: BookingAction,
  reason: string | null = null,
): Promise<Booking> {
  await expireOverdue(deps, { bookingId });
  const booking = await transitionBooking(deps, user, bookingId, action, reason);
  return (await withTrust(deps.db, user.id, [booking], deps.clock.now()))[0];
}

/** The professional accepts a pending request. */
export const acceptRequest = (deps: BookingDeps, user: SessionUser, bookingId: number) =>
  act(deps, user, bookingId, 'accept');

/** The professional declines a pending request, with a reason the customer reads (or none). */
export const declineRequest = (deps: BookingDeps, user: SessionUser, bookingId: number, reason: string | null = null) =>
  act(deps, user, bookingId, 'decline', reason);

/** Either party cancels (the customer a pending or confirmed booking, the professional a confirmed one). */
export const cancelAsParty = (deps: BookingDeps, user: SessionUser, bookingId: number) =>
  act(deps, user, bookingId, 'cancel');

/** The professional marks a started job done. */
export const markJobCompleted = (deps: BookingDeps, user: SessionUser, bookingId: number) =>
  act(deps, user, bookingId, 'complete');
