import type { Knex } from 'knex';
import {
  NEARBY_RADIUS_MILES,
  toCard,
  WEEKDAYS,
  type Availability,
  type ListingCard,
} from '../../../../contract/professionals.ts';
import { EXPIRY_MESSAGES, slotLabel } from '../../../../contract/reschedule.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import type { BookingStatus } from '../../../../contract/bookings.ts';
import type { BookingProposalRow, Int8 } from '../../db-tables.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { prepared } from '../../db.ts';
import { startJob, type Job } from '../../jobs.ts';
import type { Logger } from '../../logger.ts';
import { bookingStep, timeMessages, timeTexts } from '../notifications/index.ts';
import { listedProfessionals, profilesRepo, searchProfessionals } from '../professionals/index.ts';
import { findBookings } from './repo.ts';
import { type BookingDeps, partyBooking, slotStart } from './service.ts';
import { addSystemLine } from './chat/repo.ts';
import { secondsBetween, weekdayOf } from '../../../../contract/dates.ts';

/**
 * Requests that are never answered (docs/PRODUCT.md "Bookings"): at its
 * `answer_by` a waiting request is declined by the system, its time frees, and both people are
 * told once. The deadline holds on the server at that instant, whether or not the sweep has run:
 * every path that would act on such a request (an answer, a new request for its time, a read of
 * the bookings) expires it first, through the same conditional update the sweep uses, so whoever
 * comes first sends the messages and everyone else finds it done.
 */

/** The states in which a booking may still move to another time. */
export const OPEN: BookingStatus[] = ['pending', 'confirmed'];

/** Where to tell someone, and what to call them. */
export const contactOf = (trx: Knex.Transaction, userId: Int8) =>
  trx('users').where({ id: userId }).first('email', 'phone', 'first_name');

/** Which overdue requests and proposals to settle now: those of one booking, one person, or one time. */
export type ExpiryScope =
  | { bookingId: number }
  | { userId: number }
  | { slot: { professionalId: number; date: string; time: string } }
  | Record<string, never>;

/** At most this many of each a call settles (the sweep runs again a minute later for the rest). */
const SWEEP_BATCH = 200;

const SYSTEM_LINE = 'The professional did not answer this request in time, so it was declined.';

/** Settles the overdue requests and proposals of `scope` (everyone's with `{}`); answers how many. */
export async function expireOverdue(deps: BookingDeps, scope: ExpiryScope = {}): Promise<number> {
  const now = deps.clock.now();
  const requests = prepared(deps.db('bookings'))
    .where({ status: 'pending' })
    .where('answer_by', '<=', now)
    .orderBy('answer_by')
    .limit(SWEEP_BATCH)
    .pluck('id');
  const proposals = prepared(deps.db('booking_proposals as bp'))
    .join('bookings as b', 'b.id', 'bp.booking_id')
    .where('bp.status', 'open')
    .where('bp.expires_at', '<=', now)
    .orderBy('bp.expires_at')
    .limit(SWEEP_BATCH)
    .pluck('bp.id');
  if ('bookingId' in scope) {
    requests.where({ id: scope.bookingId });
    proposals.where('bp.booking_id', scope.bookingId);
  } else if ('userId' in scope) {
    const party = (alias: string) => (w: Knex.QueryBuilder) =>
      w.where(`${alias}customer_id`, scope.userId).orWhere(`${alias}professional_id`, scope.userId);
    requests.where(party(''));
    proposals.where(party('b.'));
  } else if ('slot' in scope) {
    const { professionalId, date, time } = scope.slot;
    requests.where({ professional_id: professionalId, time }).where('date', date);
    proposals.whereRaw('false'); // a proposal holds no time
  }
  let settled = 0;
  for (const id of await requests) if (await expireRequest(deps, Number(id))) settled++;
  for (const id of await proposals) if (await expireProposal(deps, Number(id))) settled++;
  return settled;
}

/**
 * Declines one overdue request for the system, and tells both people, in one transaction: the
 * conditional update lets exactly one caller (a sweep on any server, an answer, a read) do it.
 * It counts in the professional's response figures as a request that took its whole wait.
 */
async function expireRequest(deps: BookingDeps, id: number): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const [row] = await trx('bookings')
      .where({ id, status: 'pending' })
      .where('answer_by', '<=', now)
      .update({ status: 'cancelled', cancelled_by: 'system', updated_at: now })
      .returning(['customer_id', 'professional_id', 'created_at', 'answer_by']);
    if (!row) return false;
    const waitedSeconds = secondsBetween(row.created_at, row.answer_by!);
    await profilesRepo.countAnsweredRequest(trx, row.professional_id, waitedSeconds);
    await trx('booking_proposals')
      .where({ booking_id: id, status: 'open' })
      .update({ status: 'expired', answered_at: now });
    await addSystemLine(trx, id, null, 'request_expired', SYSTEM_LINE, now);
    const [booking] = await findBookings(trx, Number(row.customer_id), { id });
    const [customer, professional] = await Promise.all(
      [row.customer_id, row.professional_id].map((userId) => trx('users').where({ id: userId }).first('email')),
    );
    await deps.notifier.sendEmail(timeMessages.expiredToCustomer(customer!.email, booking), trx);
    await deps.notifier.sendStep(
      booking.customerId,
      bookingStep(booking, booking.customerId, timeTexts.expiredToCustomer(booking)),
      trx,
    );
    await deps.notifier.sendEmail(timeMessages.expiredToProfessional(professional!.email, booking), trx);
    await deps.notifier.sendStep(
      booking.professionalId,
      bookingStep(booking, booking.professionalId, undefined, 'Request expired'),
      trx,
    );
    return true;
  });
}

/** The sweep: runs now and then every `everyMs` (api/src/jobs.ts); safe on several servers at once. */
export function startExpiryWorker(deps: BookingDeps & { logger: Logger }, everyMs = 60_000): Job {
  const run = async () => {
    const settled = await expireOverdue(deps);
    if (settled) deps.logger.info({ settled }, 'unanswered requests and proposals expired');
  };
  return startJob({ name: 'request expiry job', everyMs, run, logger: deps.logger });
}

/** How many similar professionals an expired request's card suggests. */
export const ALTERNATIVES_SHOWN = 3;
/** Nearest listed professionals of the profession read to find those free at the time. */
const ALTERNATIVES_READ = 30;

/**
 * For the customer of an expired request: up to ALTERNATIVES_SHOWN listed professionals of the same
 * profession, nearest first within the search's radius of the professional who did not answer (the
 * customer found them nearby), who work at that day and hour and have no open booking then.
 */
export async function suggestAlternatives(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
): Promise<{ professionals: ListingCard[]; message: string | null }> {
  if (Number((await partyBooking(deps.db, user.id, bookingId)).customer_id) !== user.id)
    throw forbidden('Only the customer is offered other professionals.');
  await expireOverdue(deps, { bookingId });
  const booking = await partyBooking(deps.db, user.id, bookingId);
  if (booking.cancelled_by !== 'system') throw conflict(EXPIRY_MESSAGES.onlyExpired);
  const now = deps.clock.now();
  const start = slotStart(booking.day, booking.time)!;
  if (start <= now) return { professionals: [], message: EXPIRY_MESSAGES.timePassed };
  const original = await listedProfessionals(deps.db, now)
    .where('u.id', booking.professional_id)
    .first('p.profession', 'p.latitude', 'p.longitude');
  const profile =
    original ??
    (await deps
      .db('professional_profiles')
      .where({ user_id: booking.professional_id })
      .first('profession', 'latitude', 'longitude'));
  const { professionals: nearby } = await searchProfessionals(deps.db, {
    q: '',
    category: profile!.profession.replace(/[ /]/g, ''),
    sort: 'distance',
    near: { lat: Number(profile!.latitude), lng: Number(profile!.longitude), radius: NEARBY_RADIUS_MILES },
    limit: ALTERNATIVES_READ,
    now,
  });
  const weekday = WEEKDAYS[weekdayOf(start)];
  const works = (a: Availability) => a.days.includes(weekday) && booking.time >= a.start && booking.time < a.end;
  const candidates = nearby.filter(
    (p) => p.id !== Number(booking.professional_id) && p.profession === profile!.profession && works(p.availability),
  );
  const busy = new Set(
    (
      await deps
        .db('bookings')
        .whereIn(
          'professional_id',
          candidates.map((p) => p.id),
        )
        .where({ date: booking.day, time: booking.time })
        .where((w) =>
          w.where('status', 'confirmed').orWhere((p) => p.where('status', 'pending').where('answer_by', '>', now)),
        )
        .pluck('professional_id')
    ).map(Number),
  );
  const free = candidates
    .filter((p) => !busy.has(p.id))
    .slice(0, ALTERNATIVES_SHOWN)
    .map(toCard);
  return { professionals: free, message: free.length ? null : EXPIRY_MESSAGES.noAlternatives };
}

/** Closes an open proposal left unanswered past its deadline (the sweep, or an answer that came too late); once. */
export async function expireProposal(deps: BookingDeps, id: number): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const count = await trx('booking_proposals')
      .where({ id, status: 'open' })
      .where('expires_at', '<=', now)
      .update({ status: 'expired', answered_at: now });
    const closed: (BookingProposalRow & { day: string }) | undefined = count
      ? await trx('booking_proposals').where({ id }).first('*', trx.raw("to_char(date, 'YYYY-MM-DD') as day"))
      : undefined;
    if (!closed) return false;
    const bookingId = Number(closed.booking_id);
    const status = (await trx('bookings').where({ id: bookingId }).first('status'))!.status;
    if (!OPEN.includes(status)) return true; // a cancelled booking's proposal closes quietly
    await addSystemLine(
      trx,
      bookingId,
      null,
      'proposal_expired',
      `The proposed time, ${slotLabel(closed.day, closed.time)}, was not answered in time. The booking keeps its time.`,
      now,
    );
    const [booking] = await findBookings(trx, Number(closed.proposed_by), { id: bookingId });
    const proposer = await contactOf(trx, closed.proposed_by);
    await deps.notifier.sendEmail(timeMessages.proposalExpired(proposer!.email, booking, closed.day, closed.time), trx);
    const proposerId = Number(closed.proposed_by);
    await deps.notifier.sendStep(proposerId, bookingStep(booking, proposerId, undefined, 'New time not answered'), trx);
    return true;
  });
}
