import type { Knex } from 'knex';
import { formatCedisText, toCedis, toPesewas } from '../../../../contract/money.ts';
import {
  BOOKING_HOURS,
  BOOKING_LIMIT_MESSAGES,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  customRateBounds,
  SYSTEM_SENDER,
  type Booking,
  type BookingStatus,
  type ChatMessage,
} from '../../../../contract/bookings.ts';
import { WEEKDAYS, type Availability } from '../../../../contract/professionals.ts';
import {
  atHour,
  DAY_MS,
  MINUTE_MS,
  secondsBetween,
  subtractTime,
  timeBetween,
  weekdayOf,
} from '../../../../contract/dates.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import type { Clock } from '../../clock.ts';
import type { BookingMessageRow, BookingRow, Count, Int8, UserRow, Writable } from '../../db-tables.ts';
import { type Conn, jsonColumn, prepared, toCount, type Db } from '../../db.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { bookingMessages, bookingStep, chatLines, textMessages } from '../notifications/messages.ts';
import { addSystemLine } from './system-lines.ts';
import { cancellationKind } from './reliability.ts';
import { listedProfessionals, profilesRepo } from '../professionals/index.ts';
import { avatarUrl } from '../photos/repo.ts';
import { graceStart } from '../subscriptions/grace.ts';
import { answerBy, EXPIRY_MESSAGES } from '../../../../contract/reschedule.ts';

export interface BookingDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
}

const emailOf = async (db: Db, userId: number): Promise<string> =>
  (await db('users').where({ id: userId }).first('email'))!.email;

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

/** Paid, or within the grace period after the paid month ended. */
export async function hasPaidSubscription(db: Conn, userId: number, now: Date): Promise<boolean> {
  return !!(await db('subscriptions').where({ user_id: userId }).where('period_end', '>', graceStart(db, now)).first());
}

export async function createBooking(
  deps: BookingDeps,
  customer: SessionUser,
  input: { professionalId: number; date: string; time: string; description: string; proposedRate?: number | null },
): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  if (customer.userType !== 'customer') throw forbidden('Only customer accounts can book professionals.');
  if (!(await hasPaidSubscription(db, customer.id, now))) {
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

  const place = await db('users').where({ id: customer.id }).first('local_address', 'location');
  // The partial unique index bookings_open_slot_unique turns a lost race into 409 (error middleware).
  // The professional's notifications are written with the booking: both exist, or neither.
  return db.transaction(async (trx) => {
    await withinBookingLimits(trx, customer.id, input.professionalId, now);
    const [row] = await trx('bookings')
      .insert({
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
      })
      .returning('id');
    const booking = (await findBookings(trx, customer.id, { id: Number(row.id) }))[0];
    await deps.notifier.sendEmail(bookingMessages.requested(await emailOf(trx, booking.professionalId), booking), trx);
    await deps.notifier.sendStep(
      booking.professionalId,
      bookingStep(booking, booking.professionalId, textMessages.bookingRequested(booking)),
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
  await trx('users').where({ id: customerId }).forUpdate().first('id');
  const counts = await trx('bookings')
    .where({ customer_id: customerId })
    .first<{ open_here: Count; open_all: Count; last_hour: Count }>(
      trx.raw("count(*) filter (where status = 'pending' and professional_id = ?) as open_here", [professionalId]),
      trx.raw("count(*) filter (where status = 'pending') as open_all"),
      trx.raw('count(*) filter (where created_at > ?) as last_hour', [subtractTime(now, { hours: 1 })]),
    );
  if (toCount(counts.open_here) >= BOOKING_LIMITS.openWithOneProfessional)
    throw conflict(BOOKING_LIMIT_MESSAGES.openWithOne);
  if (toCount(counts.open_all) >= BOOKING_LIMITS.openInAll) throw conflict(BOOKING_LIMIT_MESSAGES.openInAll);
  if (toCount(counts.last_hour) >= BOOKING_LIMITS.perHour)
    throw new HttpError(429, 'rate_limited', BOOKING_LIMIT_MESSAGES.perHour, { headers: { 'Retry-After': '3600' } });
}

/** A row of findBookings: the booking, its day as text, both parties' names and phones, the profession, any review. */
type BookingListRow = BookingRow & {
  day: string;
  c_first: string;
  c_last: string;
  c_phone: string;
  p_first: string;
  p_last: string;
  p_phone: string;
  c_avatar: string | null;
  profession: string;
  review_id: Int8 | null;
  bp_id: Int8 | null;
  bp_day: string | null;
  bp_time: string | null;
  bp_by: Int8 | null;
  bp_expires: Date | string | null;
  lp_id: Int8 | null;
  lp_day: string | null;
  lp_time: string | null;
  lp_by: Int8 | null;
  lp_status: 'accepted' | 'declined' | 'expired' | null;
  lp_answered: Date | string | null;
};

/**
 * What findBookings reads: the booking, both parties' names and phones, the profession, any review,
 * and, while the booking can move, the time waiting for an answer (features/bookings/reschedule.ts)
 * and the last one answered (its proposer is told on the card).
 * SQL text, prepared: the dashboards run it on every read, and its five joins cost more to plan,
 * and building it with knex more, than running it (docs/BENCHMARKS.md, issue #31).
 */
const BOOKING_LIST_SQL = `select b.*, to_char(b.date, 'YYYY-MM-DD') as day,
    c.first_name as c_first, c.last_name as c_last, c.phone as c_phone, c.avatar_hash as c_avatar,
    pu.first_name as p_first, pu.last_name as p_last, pu.phone as p_phone, p.profession, r.id as review_id,
    bp.id as bp_id, to_char(bp.date, 'YYYY-MM-DD') as bp_day, bp.time as bp_time, bp.proposed_by as bp_by, bp.expires_at as bp_expires,
    lp.id as lp_id, to_char(lp.date, 'YYYY-MM-DD') as lp_day, lp.time as lp_time, lp.proposed_by as lp_by, lp.status as lp_status,
    coalesce(lp.answered_at, lp.expires_at) as lp_answered
  from bookings b
  join users c on c.id = b.customer_id
  join users pu on pu.id = b.professional_id
  join professional_profiles p on p.user_id = b.professional_id
  left join reviews r on r.booking_id = b.id
  left join booking_proposals bp on bp.booking_id = b.id and bp.status = 'open' and b.status in ('pending', 'confirmed')
  left join lateral (select * from booking_proposals x where x.booking_id = b.id and x.status <> 'open' order by x.id desc limit 1) lp
    on b.status in ('pending', 'confirmed')`;

/** Bookings the user is a party to, with both names, as the dashboards show them (one SQL text per filter used). */
export async function findBookings(
  db: Db,
  userId: number,
  filter: { id?: number; status?: BookingStatus; limit?: number } = {},
): Promise<Booking[]> {
  const where = [
    '(b.customer_id = ? or b.professional_id = ?)',
    filter.id !== undefined && 'b.id = ?',
    filter.status && 'b.status = ?',
  ].filter(Boolean);
  const bindings = [userId, userId, filter.id, filter.status, filter.limit].filter((v) => v !== undefined);
  const { rows }: { rows: BookingListRow[] } = await prepared(
    db.raw(
      `${BOOKING_LIST_SQL} where ${where.join(' and ')} order by b.date desc, b.time desc, b.id desc${filter.limit !== undefined ? ' limit ?' : ''}`,
      bindings as Knex.Value[],
    ),
  );
  return rows.map((r) => {
    const isCustomer = Number(r.customer_id) === userId;
    return {
      id: Number(r.id),
      customerId: Number(r.customer_id),
      professionalId: Number(r.professional_id),
      professionalName: `${r.p_first} ${r.p_last}`,
      customerName: `${r.c_first} ${r.c_last}`,
      customerAvatar: avatarUrl(r.c_avatar),
      service: r.profession,
      description: r.description,
      date: r.day,
      time: r.time,
      duration: r.duration_hours,
      agreedRate: toCedis(r.agreed_rate_pesewas),
      proposedRate: r.proposed_rate_pesewas === null ? null : toCedis(r.proposed_rate_pesewas),
      status: r.status,
      location: r.location,
      notes: r.notes,
      createdAt: new Date(r.created_at).toISOString(),
      totalAmount: toCedis(r.total_pesewas),
      contactPhone: r.status === 'confirmed' ? (isCustomer ? r.p_phone : r.c_phone) : null,
      reviewed: r.review_id !== null,
      answerBy: r.status === 'pending' && r.answer_by ? new Date(r.answer_by).toISOString() : null,
      expired: r.cancelled_by === 'system',
      declined: r.status === 'cancelled' && r.cancelled_by === 'professional' && r.cancellation_kind === null,
      declineReason: r.decline_reason,
      proposal:
        r.bp_id === null
          ? null
          : {
              id: Number(r.bp_id),
              date: r.bp_day!,
              time: r.bp_time!,
              proposedBy: Number(r.bp_by) === Number(r.customer_id) ? 'customer' : 'professional',
              answerBy: new Date(r.bp_expires!).toISOString(),
            },
      // The last proposal's answer holds until the next one is made (docs/PRODUCT.md "Bookings").
      answeredProposal:
        r.lp_id === null || r.bp_id !== null
          ? null
          : {
              id: Number(r.lp_id),
              date: r.lp_day!,
              time: r.lp_time!,
              proposedBy: Number(r.lp_by) === Number(r.customer_id) ? 'customer' : 'professional',
              answer: r.lp_status!,
              answeredAt: new Date(r.lp_answered!).toISOString(),
            },
    } satisfies Booking;
  });
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
  const booking = await db('bookings')
    .where({ id })
    .where((w) => w.where('customer_id', userId).orWhere('professional_id', userId))
    .first('*', db.raw("to_char(date, 'YYYY-MM-DD') as day"));
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
    const count = await trx('bookings')
      .where({ id })
      .whereIn('status', from)
      // At the deadline a waiting request is the system's to decline, not the professional's to answer.
      .where((w) => w.whereNot('status', 'pending').orWhereNull('answer_by').orWhere('answer_by', '>', now))
      .update(changes);
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
    await deps.notifier.sendEmail(message(await emailOf(trx, other), moved), trx);
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
    const current = await db('bookings').where({ id }).first('status', 'cancelled_by', 'answer_by');
    const overdue = current?.status === 'pending' && current.answer_by && new Date(current.answer_by) <= now;
    if (current?.cancelled_by === 'system' || overdue) throw conflict(EXPIRY_MESSAGES.expired, 'booking_expired');
    throw conflict(`This booking is ${current?.status}, so it cannot be ${PAST_TENSE[action]}.`);
  }
  return result;
}

/** Someone who has not read the chat for this long is "away" and is emailed about new messages. */
export const CHAT_AWAY_MS = 5 * MINUTE_MS;
/** …at most once in this long per booking, however many messages arrive. */
const CHAT_EMAIL_GAP_MS = 30 * MINUTE_MS;

/** A row of listMessages: the message with its sender's name and photo. */
type MessageListRow = Pick<
  BookingMessageRow,
  'id' | 'sender_id' | 'body' | 'created_at' | 'client_key' | 'system_event'
> &
  Nullable<Pick<UserRow, 'first_name' | 'last_name' | 'avatar_hash'>>;
type Nullable<T> = { [K in keyof T]: T[K] | null };

export async function listMessages(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  since: number,
): Promise<ChatMessage[]> {
  const { db } = deps;
  await partyBooking(db, user.id, bookingId);
  await db('chat_reads')
    .insert({ booking_id: bookingId, user_id: user.id, last_read_at: deps.clock.now() })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_read_at']);
  const rows: MessageListRow[] = await db('booking_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id') // a system line may have no sender
    .where('m.booking_id', bookingId)
    .where('m.id', '>', since)
    .orderBy('m.id', 'asc')
    .limit(200)
    .select(
      'm.id',
      'm.sender_id',
      'm.body',
      'm.created_at',
      'm.client_key',
      'm.system_event',
      'u.first_name',
      'u.last_name',
      'u.avatar_hash',
    );
  return rows.map((r) => ({
    id: Number(r.id),
    // A system line (every row without a sender is one) is from ServiceConnect; the row keeps who took the step (unread counts).
    senderId: r.system_event ? null : Number(r.sender_id),
    senderName: r.system_event ? SYSTEM_SENDER : `${r.first_name} ${r.last_name}`,
    senderAvatar: avatarUrl(r.avatar_hash),
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    // The key is the sender's phone's business: the other party never sees it.
    clientKey: Number(r.sender_id) === user.id ? r.client_key : null,
    systemEvent: r.system_event,
  }));
}

/**
 * Stores a message from one party of the booking and emails the other if away. With a `clientKey`
 * the same message sent again (a lost answer, the phone's offline queue) is stored once: the
 * second send answers the first one's message (`created: false`), and emails nobody.
 */
export async function postMessage(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  body: string,
  clientKey: string | null = null,
): Promise<{ message: ChatMessage; created: boolean }> {
  const booking = await partyBooking(deps.db, user.id, bookingId);
  const now = deps.clock.now();
  const otherId =
    Number(booking.customer_id) === user.id ? Number(booking.professional_id) : Number(booking.customer_id);
  // The message and the email about it are written together: both exist, or neither. A second send
  // of a key waits on the unique index for the first, then stores nothing.
  const stored = await deps.db.transaction(async (trx) => {
    const sentBefore = clientKey === null ? undefined : await messageWithKey(trx, bookingId, user.id, clientKey);
    if (sentBefore) return { row: sentBefore, created: false };
    if (booking.status === 'cancelled') throw conflict('This booking was cancelled, so its chat is closed.');
    const [inserted] = await trx('booking_messages')
      .insert({ booking_id: bookingId, sender_id: user.id, body, created_at: now, client_key: clientKey })
      .onConflict(['booking_id', 'sender_id', 'client_key'])
      .ignore()
      .returning(['id', 'body', 'created_at', 'client_key']);
    if (!inserted) {
      const raced = await messageWithKey(trx, bookingId, user.id, clientKey as string);
      if (!raced) throw new Error('A message key conflicted but no message has it');
      return { row: raced, created: false };
    }
    await emailIfAway(deps, trx, bookingId, otherId, user, now);
    await pushToOther(deps, trx, bookingId, otherId, now);
    return { row: inserted, created: true };
  });
  if (!stored.created && stored.row.body !== body)
    throw conflict('This message key was used for another message. Please send your message again.');
  const sender = await deps.db('users').where({ id: user.id }).first('avatar_hash');
  return {
    created: stored.created,
    message: {
      id: Number(stored.row.id),
      senderId: user.id,
      senderName: `${user.firstName} ${user.lastName}`,
      senderAvatar: avatarUrl(sender?.avatar_hash),
      body: stored.row.body,
      createdAt: new Date(stored.row.created_at).toISOString(),
      clientKey: stored.row.client_key,
      systemEvent: null,
    },
  };
}

/** The sender's message on this booking with this key, if it was stored already. */
function messageWithKey(trx: Knex.Transaction, bookingId: number, senderId: number, clientKey: string) {
  return trx('booking_messages')
    .where({ booking_id: bookingId, sender_id: senderId, client_key: clientKey })
    .first('id', 'body', 'created_at', 'client_key');
}

/** Emails the other party about a new message when they have not read the chat lately (in the message's transaction). */
async function emailIfAway(
  deps: BookingDeps,
  trx: Knex.Transaction,
  bookingId: number,
  otherId: number,
  sender: SessionUser,
  now: Date,
) {
  const awaySince = subtractTime(now, { ms: CHAT_AWAY_MS });
  const emailedBefore = subtractTime(now, { ms: CHAT_EMAIL_GAP_MS });
  // One statement decides and claims the email: the upsert locks the row, so a message sent at
  // the same moment sees this one's last_emailed_at and sends nothing (a read, then a write, let
  // both send).
  const claimed = await trx('chat_reads')
    .insert({ booking_id: bookingId, user_id: otherId, last_emailed_at: now })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_emailed_at'])
    .where((away) => away.whereNull('chat_reads.last_read_at').orWhere('chat_reads.last_read_at', '<', awaySince))
    .andWhere((notLately) =>
      notLately.whereNull('chat_reads.last_emailed_at').orWhere('chat_reads.last_emailed_at', '<=', emailedBefore),
    )
    .returning('booking_id');
  if (claimed.length === 0) return;
  const [booking] = await findBookings(trx, otherId, { id: bookingId });
  await deps.notifier.sendEmail(bookingMessages.chat(await emailOf(trx, otherId), booking, sender.firstName), trx);
}

/** …and a notification on the phone at most once in this long per booking. */
const CHAT_PUSH_GAP_MS = 60_000;

/**
 * A notification on the other party's phones about a new message (issue #30), at most one per
 * booking per CHAT_PUSH_GAP_MS; it waits a few seconds and is dropped if they read the chat
 * meanwhile (the outbox checks). The lock screen says who wrote, not what.
 */
async function pushToOther(deps: BookingDeps, trx: Knex.Transaction, bookingId: number, otherId: number, now: Date) {
  const claimed = await trx('chat_reads')
    .insert({ booking_id: bookingId, user_id: otherId, last_pushed_at: now })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_pushed_at'])
    .where((notLately) =>
      notLately
        .whereNull('chat_reads.last_pushed_at')
        .orWhere('chat_reads.last_pushed_at', '<=', subtractTime(now, { ms: CHAT_PUSH_GAP_MS })),
    )
    .returning('booking_id');
  if (claimed.length === 0) return;
  const [booking] = await findBookings(trx, otherId, { id: bookingId });
  await deps.notifier.sendChatPush(
    otherId,
    bookingId,
    bookingStep(booking, otherId, undefined, 'New message').push,
    trx,
  );
}

export async function reviewBooking(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  input: { rating: number; comment: string },
) {
  const booking = await partyBooking(deps.db, user.id, bookingId);
  if (Number(booking.customer_id) !== user.id) throw forbidden('Only the customer can review this booking.');
  if (booking.status !== 'completed') throw conflict('You can review a booking once it is completed.');
  // reviews_booking_id_unique makes a second review a 409 (error middleware); the rating the
  // listings show changes in the same transaction.
  await deps.db.transaction(async (trx) => {
    await trx('reviews').insert({
      booking_id: bookingId,
      customer_id: user.id,
      professional_id: booking.professional_id,
      rating: input.rating,
      comment: input.comment,
      created_at: deps.clock.now(),
    });
    await profilesRepo.countReview(trx, booking.professional_id, input.rating);
  });
  return { success: true as const, message: 'Thank you for your review!' };
}
