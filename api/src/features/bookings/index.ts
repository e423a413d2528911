/**
 * The bookings' public face: what other folders use of a booking, its chat and its review. A chat
 * and a review exist only inside their booking (its parties, its status, its steps written as chat
 * lines in the step's own transaction), so they are parts of this feature (./chat, ./reviews), each
 * with its own tables and repo, rather than features of their own that would import bookings and
 * be imported by it.
 */
export { startExpiryWorker, expireOverdue } from './expiry.ts';
export { acceptRequest, cancelAsParty, declineRequest, markJobCompleted } from './actions.ts';
export { answerProposal, openTimesFor, proposeTime } from './reschedule.ts';
export { BOOKING_NOT_FOUND, type BookingDeps, forgetBookingWordsOf, partyBooking, slotStart } from './service.ts';
export { answerDone, answerProblem, endAsNoShow, findBookings } from './repo.ts';
export { addSystemLine } from './chat/repo.ts';
export {
  cancellationKind,
  customerLateCancellations,
  doneState,
  professionalReliability,
  reportWindow,
  withTrust,
} from './reliability.ts';
export { bookingAnswer, bookingSchema } from './answers.ts';
