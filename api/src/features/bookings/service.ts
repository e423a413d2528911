import type { Knex } from 'knex';
import { formatCedisText, toCedis, toPesewas } from '../../../../contract/money.ts';
import {
  BOOKING_HOURS,
  BOOKING_LIMIT_MESSAGES,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  customRateBounds,
  type Booking,
  type BookingStatus,
} from '../../../../contract/bookings.ts';
import { WEEKDAYS, type Availability } from '../../../../contract/professionals.ts';
import { atHour, DAY_MS, secondsBetween, timeBetween, weekdayOf } from '../../../../contract/dates.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { BookingRow, Writable } from '../../db-tables.ts';
import { type Conn, jsonColumn, toCount, type Db } from '../../db.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { bookingMessages, bookingStep, chatLines, textMessages } from '../notifications/index.ts';
import { addSystemLine } from './chat/repo.ts';
import * as bookingsRepo from './repo.ts';
import { forgetChatOf } from './chat/repo.ts';
import { forgetReviewTextsOf } from './reviews/repo.ts';
import { findBookings } from './repo.ts';
import { cancellationKind } from './reliability.ts';
import { listedProfessionals, profilesRepo } from '../professionals/index.ts';
import { answerBy, EXPIRY_MESSAGES } from '../../../../contract/reschedule.ts';

export interface BookingDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** With the phone menu on, a new request's text names its code (docs/PRODUCT.md "The phone menu (USSD)"). */
  config?: Pick<Config, 'ussd'>;
}

const MAX_DAYS_AHEAD = 180;

/** A slot's start as an instant: Ghana keeps GMT all year, so the wall clock is UTC. */
export const slotStart = (date: string, time: string): Date | null => atHour(date, Number(time.slice(0, 2)));

/**
 * The start of a time a booking may have (a new request, or a booking moved to it): a real day,
 * not passed, at most 6 months ahead, within the professional's days and hours; else 400.
 */
export function bookableStart(availabilityColumn: unknown, date: string, time: string, now: Date): Date {
  const start = slotStart(date, time);
  if (!start) throw badRequest(BOOKING_MESSAGES.required, [{ field: 'date', message: 'Not a real date' }]);
  if (start <= now)
    throw badRequest(BOOKING_MESSAGES.pastDate, [{ field: 'date', message: BOOKING_MESSAGES.pastDate }]);
  if (timeBetween(now, start) > MAX_DAYS_AHEAD * DAY_MS) {
    throw badRequest('Bookings can be made up to 6 months ahead.', [{ field: 'date', message: 'Too far ahead' }]);
  }
  const availability = jsonColumn<Availability>(availabilityColumn);
  const weekday = WEEKDAYS[weekdayOf(start)];
  if (!availability.days.includes(weekday) || time < availability.start || time >= availability.end) {
    throw badRequest(BOOKING_MESSAGES.unavailable, [{ field: 'time', message: BOOKING_MESSAGES.unavailable }]);
  }
  return start;
}

export async function createBooking(
  deps: BookingDeps,
  customer: SessionUser,
  input: { professionalId: number; date: string; time: string; description: string; proposedRate?: number | null },
): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  if (customer.userType !== 'customer') throw forbidden('Only customer accounts can book professionals.');
  if (!(await bookingsRepo.hasPaidSubscription(db, customer.id, now))) {
    throw new HttpError(402, 'not_paid', 'Your subscription has ended. Renew it to book professionals.');
  }
  const pro = await listedProfessionals(db, now)
    .where('u.id', input.professionalId)
    .first('u.id', 'p.availability', 'p.base_rate_pesewas', 'p.max_rate_pesewas', 'p.rate_negotiable');
  if (!pro) throw notFound('This professional is not available for booking.');

  const start = bookableStart(pro.availability, input.date, input.time, now);

  let agreed = pro.base_rate_pesewas as number;
  let notes: string | null = null;
  const proposed = input.proposedRate ?? null;
  if (proposed !== null) {
    if (!pro.rate_negotiable)
      throw badRequest(BOOKING_MESSAGES.notNegotiable, [
        { field: 'proposedRate', message: BOOKING_MESSAGES.notNegotiable },
      ]);
    const bounds = customRateBounds(toCedis(pro.base_rate_pesewas), toCedis(pro.max_rate_pesewas));
    if (proposed < bounds.min || proposed > bounds.max) {
      const message = `Custom rate must be between ${formatCedisText(bounds.min)} and ${formatCedisText(bounds.max)} per hour.`;
      throw badRequest(message, [{ field: 'proposedRate', message }]);
    }
    agreed = toPesewas(proposed);
    notes = BOOKING_MESSAGES.negotiatedNote(toCedis(agreed));
  }

  const place = await bookingsRepo.customerPlace(db, customer.id);
  // The partial unique index bookings_open_slot_unique turns a lost race into 409 (error middleware).
  // The professional's notifications are written with the booking: both exist, or neither.
  return db.transaction(async (trx) => {
    await withinBookingLimits(trx, customer.id, input.professionalId, now);
    const id = await bookingsRepo.insertBooking(trx, {
      customer_id: customer.id,
      professional_id: input.professionalId,
      date: input.date,
      time: input.time,
      duration_hours: BOOKING_HOURS,
      agreed_rate_pesewas: agreed,
      proposed_rate_pesewas: proposed === null ? null : agreed,
      total_pesewas: agreed * BOOKING_HOURS,
      description: input.description,
      notes,
      location: place?.local_address || place?.location || null,
      status: 'pending',
      created_at: now,
      updated_at: now,
      answer_by: answerBy(now, start),
    });
    const booking = (await findBookings(trx, customer.id, { id }))[0];
    await deps.notifier.sendEmail(
      bookingMessages.requested(await bookingsRepo.emailOf(trx, booking.professionalId), booking),
      trx,
    );
    await deps.notifier.sendStep(
      booking.professionalId,
      bookingStep(booking, booking.professionalId, textMessages.bookingRequested(booking, deps.config?.ussd?.dialCode)),
      trx,
    );
    return booking;
  });
}

/**
 * Refuses a request past BOOKING_LIMITS. The customer's row is locked first, so requests sent at
 * the same moment are counted one after another and cannot pass the limits together.
 */
async function withinBookingLimits(
  trx: Knex.Transaction,
  customerId: number,
  professionalId: number,
  now: Date,
): Promise<void> {
  const counts = await bookingsRepo.countRequestsOf(trx, customerId, professionalId, now);
  if (toCount(counts.open_here) >= BOOKING_LIMITS.openWithOneProfessional)
    throw conflict(BOOKING_LIMIT_MESSAGES.openWithOne);
  if (toCount(counts.open_all) >= BOOKING_LIMITS.openInAll) throw conflict(BOOKING_LIMIT_MESSAGES.openInAll);
  if (toCount(counts.last_hour) >= BOOKING_LIMITS.perHour)
    throw new HttpError(429, 'rate_limited', BOOKING_LIMIT_MESSAGES.perHour, { headers: { 'Retry-After': '3600' } });
}

export type BookingAction = 'accept' | 'decline' | 'cancel' | 'complete';

/** Who may act, from which statuses (per role where they differ: a professional cancels only a confirmed job, a pending one is declined). */
const TRANSITIONS: Record<
  BookingAction,
  { by: Partial<Record<'customer' | 'professional', BookingStatus[]>>; to: BookingStatus }
> = {
  accept: { by: { professional: ['pending'] }, to: 'confirmed' },
  decline: { by: { professional: ['pending'] }, to: 'cancelled' },
  cancel: { by: { customer: ['pending', 'confirmed'], professional: ['confirmed'] }, to: 'cancelled' },
  complete: { by: { professional: ['confirmed'] }, to: 'completed' },
};

const PAST_TENSE: Record<BookingAction, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  complete: 'completed',
};

export const BOOKING_NOT_FOUND = 'Booking not found.';

/** A booking the user is a party to, or 404: nobody learns that other people's bookings exist. */
export async function partyBooking(db: Db, userId: number, id: number) {
  const booking = await bookingsRepo.partyBookingRow(db, userId, id);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

export async function transitionBooking(
  deps: BookingDeps,
  user: SessionUser,
  id: number,
  action: BookingAction,
  declineReason: string | null = null,
): Promise<Booking> {
  const { db, clock } = deps;
  const booking = await partyBooking(db, user.id, id);
  const rule = TRANSITIONS[action];
  const role = Number(booking.customer_id) === user.id ? 'customer' : 'professional';
  const from = rule.by[role];
  if (!from) throw forbidden(`Only the ${Object.keys(rule.by)[0]} can ${action} this booking.`);
  const now = clock.now();
  if (action === 'complete' && slotStart(booking.day, booking.time)! > now) {
    throw conflict("This job's time has not started yet, so it cannot be completed.");
  }
  const changes: Writable<BookingRow> = { status: rule.to, updated_at: now };
  if (action === 'accept' || action === 'decline') changes.responded_at = now;
  if (action === 'decline' || action === 'cancel') changes.cancelled_by = role;
  if (action === 'decline') changes.decline_reason = declineReason || null;
  if (action === 'cancel') {
    // Only a confirmed booking's cancellation counts (docs/PRODUCT.md "Cancellations that count"):
    // the status in the row being updated decides, not the one read before.
    const kind = cancellationKind(role, slotStart(booking.day, booking.time)!, now);
    changes.cancellation_kind = db.raw("case when status = 'confirmed' then ? end", [kind]);
    changes.cancelled_at = now;
  }
  if (action === 'complete') changes.completed_at = now;
  // Conditional update: of two concurrent actions on one booking, only one finds it in `from`.
  // The listing counters change in the same transaction.
  // The other party's notifications are written in the same transaction as the change.
  const result = await db.transaction(async (trx) => {
    // At the deadline a waiting request is the system's to decline, not the professional's to answer.
    const count = await bookingsRepo.moveBooking(trx, id, from, changes, now);
    if (!count) return null;
    if (action === 'accept' || action === 'decline') {
      const seconds = secondsBetween(booking.created_at, now);
      await profilesRepo.countAnsweredRequest(trx, booking.professional_id, seconds);
    } else if (action === 'complete') {
      await profilesRepo.countCompletedJob(trx, booking.professional_id);
    }
    const moved = (await findBookings(trx, user.id, { id }))[0];
    const other = role === 'customer' ? moved.professionalId : moved.customerId;
    const message = {
      accept: bookingMessages.accepted,
      decline: bookingMessages.declined,
      cancel: role === 'professional' ? bookingMessages.cancelledByProfessional : bookingMessages.cancelled,
      complete: bookingMessages.completed,
    }[action];
    await deps.notifier.sendEmail(message(await bookingsRepo.emailOf(trx, other), moved), trx);
    // A text only where someone must act or travel: accepted/declined to the customer, cancelled to the professional.
    const text = {
      accept: textMessages.bookingAccepted,
      decline: textMessages.bookingDeclined,
      cancel: role === 'professional' ? textMessages.bookingCancelledByProfessional : textMessages.bookingCancelled,
      complete: textMessages.jobMarkedDone,
    }[action];
    await deps.notifier.sendStep(other, bookingStep(moved, other, text(moved)), trx);
    if (action === 'complete') await addSystemLine(trx, id, user.id, 'job_marked_done', chatLines.markedDone(), now);
    return moved;
  });
  if (!result) {
    const current = await bookingsRepo.bookingState(db, id);
    const overdue = current?.status === 'pending' && current.answer_by && new Date(current.answer_by) <= now;
    if (current?.cancelled_by === 'system' || overdue) throw conflict(EXPIRY_MESSAGES.expired, 'booking_expired');
    throw conflict(`This booking is ${current?.status}, so it cannot be ${PAST_TENSE[action]}.`);
  }
  return result;
}

/**
 * A forgotten account's words in bookings (privacy/anonymise.ts): its chat lines, review texts and
 * reasons for declining stay as rows, since the other party's booking and the rating are kept, with the words gone.
 */
export async function forgetBookingWordsOf(conn: Conn, userId: number): Promise<void> {
  await forgetChatOf(conn, userId);
  await forgetReviewTextsOf(conn, userId);
  await bookingsRepo.forgetDeclineReasonsOf(conn, userId);
}
