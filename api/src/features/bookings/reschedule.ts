import type { Knex } from 'knex';
import type { SessionUser } from '../../../../contract/accounts.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { BOOKING_MESSAGES } from '../../../../contract/bookings.ts';
import {
  answerBy,
  EXPIRY_MESSAGES,
  MAX_PROPOSALS_PER_BOOKING,
  RESCHEDULE_MESSAGES,
  slotLabel,
} from '../../../../contract/reschedule.ts';
import type { Availability } from '../../../../contract/professionals.ts';
import { jsonColumn } from '../../db.ts';
import type { BookingProposalRow, Int8 } from '../../db-tables.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors.ts';
import { bookingStep, timeMessages, timeTexts } from '../notifications/index.ts';
import { openSlots, profilesRepo } from '../professionals/index.ts';
import { contactOf, expireOverdue, OPEN } from './expiry.ts';
import { addSystemLine } from './chat/repo.ts';
import { findBookings } from './repo.ts';
import { type BookingDeps, bookableStart, partyBooking, slotStart } from './service.ts';
import { secondsBetween } from '../../../../contract/dates.ts';

/**
 * Moving a booking to another time (docs/PRODUCT.md "Bookings"): either party
 * of a pending or confirmed booking proposes an open time of the professional's; the other accepts
 * (the booking moves) or declines (nothing changes). The partial unique index
 * booking_proposals_one_open keeps one proposal open per booking, even two made at once; the
 * booking's row lock orders an answer against a cancel or another answer, and the unique index
 * bookings_open_slot_unique decides an accept against a new request for the same time.
 */

type Party = 'customer' | 'professional';

/** The time the booking's professional has open (the picker of "Propose another time"), this booking's own left out. */
export async function openTimesFor(deps: BookingDeps, user: SessionUser, bookingId: number) {
  const booking = await partyBooking(deps.db, user.id, bookingId);
  const profile = await deps
    .db('professional_profiles')
    .where({ user_id: booking.professional_id })
    .first('availability');
  const days = await openSlots(
    deps.db,
    Number(booking.professional_id),
    jsonColumn<Availability>(profile!.availability),
    deps.clock.now(),
  );
  return days.map((d) => ({
    date: d.date,
    times: d.times.filter((t) => d.date !== booking.day || t !== booking.time),
  }));
}

export async function proposeTime(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  input: { date: string; time: string },
): Promise<Booking> {
  const { db } = deps;
  await partyBooking(db, user.id, bookingId); // 404 before anything is said about it
  await expireOverdue(deps, { bookingId });
  const booking = await partyBooking(db, user.id, bookingId);
  const role: Party = Number(booking.customer_id) === user.id ? 'customer' : 'professional';
  refuseUnlessOpen(booking);
  const now = deps.clock.now();
  const profile = await db('professional_profiles').where({ user_id: booking.professional_id }).first('availability');
  const start = bookableStart(profile!.availability, input.date, input.time, now);
  if (input.date === booking.day && input.time === booking.time) throw badRequest(RESCHEDULE_MESSAGES.sameTime);
  const taken = await db('bookings')
    .where({ professional_id: booking.professional_id, time: input.time })
    .where('date', input.date)
    .whereIn('status', OPEN)
    .where((w) => w.where('status', 'confirmed').orWhere('answer_by', '>', now))
    .first('id');
  if (taken) throw conflict(BOOKING_MESSAGES.slotTaken, 'slot_taken');
  const current = slotStart(booking.day, booking.time)!;
  let expires = answerBy(now, new Date(Math.min(start.getTime(), current.getTime())));
  // A waiting request's proposal is answered by the request's own deadline at the latest.
  if (booking.status === 'pending' && booking.answer_by && new Date(booking.answer_by) < expires)
    expires = new Date(booking.answer_by);

  await db.transaction(async (trx) => {
    const locked = await trx('bookings').where({ id: bookingId }).forUpdate().first('status');
    refuseUnlessOpen(locked!);
    // Counted under the booking's lock: proposals made at once cannot pass the cap together.
    const made = await trx('booking_proposals').where({ booking_id: bookingId }).count({ n: '*' }).first();
    if (Number(made?.n) >= MAX_PROPOSALS_PER_BOOKING) throw conflict(RESCHEDULE_MESSAGES.tooMany);
    try {
      await trx('booking_proposals').insert({
        booking_id: bookingId,
        proposed_by: user.id,
        date: input.date,
        time: input.time,
        created_at: now,
        expires_at: expires,
      });
    } catch (err) {
      if ((err as { constraint?: string }).constraint === 'booking_proposals_one_open')
        throw conflict(RESCHEDULE_MESSAGES.oneOpen);
      throw err;
    }
    const proposer = await contactOf(trx, user.id);
    await addSystemLine(
      trx,
      bookingId,
      user.id,
      'time_proposed',
      `${proposer!.first_name} proposed moving the booking to ${slotLabel(input.date, input.time)}.`,
      now,
    );
    const [moved] = await findBookings(trx, user.id, { id: bookingId });
    const otherId = Number(role === 'customer' ? booking.professional_id : booking.customer_id);
    const other = await contactOf(trx, otherId);
    await deps.notifier.sendEmail(
      timeMessages.proposed(other!.email, moved, proposer!.first_name, input.date, input.time),
      trx,
    );
    await deps.notifier.sendStep(
      otherId,
      bookingStep(moved, otherId, timeTexts.proposed(moved, input.date, input.time)),
      trx,
    );
  });
  return (await findBookings(db, user.id, { id: bookingId }))[0];
}

function refuseUnlessOpen(booking: { status: string; cancelled_by?: string | null }) {
  if (OPEN.includes(booking.status as Booking['status'])) return;
  throw booking.cancelled_by === 'system'
    ? conflict(EXPIRY_MESSAGES.expired, 'booking_expired')
    : conflict(RESCHEDULE_MESSAGES.notOpen);
}

/**
 * The other party's answer to the open proposal. Accepting moves the booking in one transaction
 * with the proposal's close: a waiting request is confirmed by it (both agreed the time), and
 * counts as the professional's answer from when they proposed or accepted the time.
 */
export async function answerProposal(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  answer: 'accept' | 'decline',
): Promise<Booking> {
  const { db } = deps;
  await partyBooking(db, user.id, bookingId);
  await expireOverdue(deps, { bookingId });
  const now = deps.clock.now();
  await db.transaction(async (trx) => {
    const booking = await trx('bookings')
      .where({ id: bookingId })
      .forUpdate()
      .first('*', trx.raw("to_char(date, 'YYYY-MM-DD') as day"));
    const proposal: (BookingProposalRow & { day: string }) | undefined = await trx('booking_proposals')
      .where({ booking_id: bookingId, status: 'open' })
      .forUpdate()
      .first('*', trx.raw("to_char(date, 'YYYY-MM-DD') as day"));
    if (!proposal) {
      const last = await trx('booking_proposals')
        .where({ booking_id: bookingId })
        .orderBy('id', 'desc')
        .first('status');
      refuseUnlessOpen(booking);
      throw conflict(last?.status === 'expired' ? RESCHEDULE_MESSAGES.proposalExpired : RESCHEDULE_MESSAGES.noProposal);
    }
    if (Number(proposal.proposed_by) === user.id) throw forbidden(RESCHEDULE_MESSAGES.ownProposal);
    refuseUnlessOpen(booking);
    if (new Date(proposal.expires_at) <= now) throw conflict(RESCHEDULE_MESSAGES.proposalExpired);
    const proposerId = Number(proposal.proposed_by);
    const proposer = await contactOf(trx, proposerId);
    const answerer = await contactOf(trx, user.id);
    await trx('booking_proposals')
      .where({ id: proposal.id })
      .update({ status: answer === 'accept' ? 'accepted' : 'declined', answered_at: now });
    if (answer === 'decline') {
      const label = slotLabel(proposal.day, proposal.time);
      await addSystemLine(
        trx,
        bookingId,
        user.id,
        'proposal_declined',
        `${answerer!.first_name} declined ${label}.`,
        now,
      );
      const [kept] = await findBookings(trx, user.id, { id: bookingId });
      await deps.notifier.sendEmail(
        timeMessages.proposalDeclined(proposer!.email, kept, answerer!.first_name, proposal.day, proposal.time),
        trx,
      );
      await deps.notifier.sendStep(proposerId, bookingStep(kept, proposerId, undefined, 'New time declined'), trx);
      return;
    }
    await moveBooking(trx, booking, proposal, now);
    await addSystemLine(
      trx,
      bookingId,
      user.id,
      'proposal_accepted',
      `${answerer!.first_name} accepted: the booking is now ${slotLabel(proposal.day, proposal.time)}.`,
      now,
    );
    const [moved] = await findBookings(trx, user.id, { id: bookingId });
    await deps.notifier.sendEmail(timeMessages.proposalAccepted(proposer!.email, moved, answerer!.first_name), trx);
    await deps.notifier.sendStep(proposerId, bookingStep(moved, proposerId, timeTexts.proposalAccepted(moved)), trx);
  });
  return (await findBookings(db, user.id, { id: bookingId }))[0];
}

/** Moves the booking to the proposal's time; another open booking of that time makes it a 409 (nothing moves). */
async function moveBooking(
  trx: Knex.Transaction,
  booking: { id: Int8; status: string; professional_id: Int8; created_at: Date },
  proposal: BookingProposalRow & { day: string },
  now: Date,
) {
  const changes: Record<string, unknown> = { date: proposal.day, time: proposal.time, updated_at: now };
  if (booking.status === 'pending') {
    // Both agreed the new time: the request is answered. The professional answered when they
    // proposed it, or now, accepting the customer's.
    const answeredAt =
      Number(proposal.proposed_by) === Number(booking.professional_id) ? new Date(proposal.created_at) : now;
    Object.assign(changes, { status: 'confirmed', responded_at: answeredAt });
    await profilesRepo.countAnsweredRequest(
      trx,
      booking.professional_id,
      secondsBetween(booking.created_at, answeredAt),
    );
  }
  try {
    await trx('bookings').where({ id: booking.id }).whereIn('status', OPEN).update(changes);
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'bookings_open_slot_unique')
      throw new HttpError(409, 'slot_taken', RESCHEDULE_MESSAGES.slotGone);
    throw err;
  }
}
