import { randomBytes } from 'node:crypto';
import { PUSH_DEVICES_MAX, PUSH_SHOWN_WITHIN_MS, type PushPayload } from '../../../contract/push.ts';
import type { Clock } from '../clock.ts';
import type { Conn, Db } from '../db.ts';
import type { Int8, NotificationRow, UserRow } from '../db-tables.ts';
import { startJob, type Job } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import type { ProviderGate } from './provider-observer.ts';
import { PushGoneError, type PushSender } from './push.ts';
import { addTime } from '../../../contract/dates.ts';

/**
 * How a message travels. Email always; SMS and WhatsApp carry short texts to a phone (E.164);
 * push carries a notification to one phone's browser (issue #30).
 */
export type Channel = 'email' | 'sms' | 'whatsapp' | 'push';
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly Channel[];
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** `to` is an email address for email and an E.164 phone number (+233…) for SMS and WhatsApp. */
export interface Message {
  to: string;
  subject: string;
  text: string;
}

/** A short text for SMS or WhatsApp: `label` only names it in the dev mailbox and the log; `text` is what is sent. */
export interface ShortText {
  label: string;
  text: string;
}

/**
 * What features call: it only records the message (the outbox); delivery happens in the worker.
 * `trx` is the caller's transaction, and it is required: the message is recorded in it, so it
 * exists exactly when the change it tells of does (a crash between commit and queueing cannot
 * lose it, and a failed change sends nothing). Tests without a change pass the database.
 */
export interface Notifier {
  sendEmail(message: Message, trx: Db): Promise<void>;
  /**
   * Queues `message` on each text channel this notifier writes (SMS, WhatsApp). Nothing when the
   * person has no usable phone number: a channel is never written without its address.
   */
  sendText(phone: string | null | undefined, message: ShortText, trx: Db): Promise<void>;
  /**
   * A step someone must act on (docs/PRODUCT.md "Notifications on the phone"): a notification to
   * each of the person's phones, and the text only if none of them showed it within
   * PUSH_SHOWN_WITHIN_MS; the text at once when the person has no phone for notifications, asked
   * for texts too ("Also text me"), or push is off. Without `text`, a notification only.
   */
  sendStep(userId: number, step: { push: PushStep; text?: ShortText }, trx: Db): Promise<void>;
  /**
   * A chat message's notification to each of the person's phones: it waits CHAT_PUSH_WAIT_MS and is
   * dropped if the person read the booking's chat meanwhile (they were looking at it). No text.
   */
  sendChatPush(userId: number, bookingId: number, push: PushStep, trx: Db): Promise<void>;
}

/** How long a chat message's notification waits for the person to read the chat they may have open. */
export const CHAT_PUSH_WAIT_MS = 20_000;

/** What a notification shows on the lock screen and where a tap leads; the receipt is added per phone. */
export type PushStep = Omit<PushPayload, 'receipt'>;

/** A way to deliver one channel's messages: SMTP, an SMS gateway, WhatsApp… Throws when it fails. */
export interface Transport {
  readonly name: string;
  deliver(message: Message): Promise<void>;
  /** The provider's circuit and concurrency cap; absent: always open to calls, one at a time. */
  readonly gate?: ProviderGate;
}
/** Kept for the email adapters' signatures. */
export type EmailTransport = Transport;
export type Transports = Partial<Record<Channel, Transport>>;

/**
 * Email delivery while no mail service is configured: the dev mailbox (/dev-mailbox) shows the
 * outbox, and the log says a message was kept, without its text (a reset link is a secret).
 */
export const logTransport = (logger: Logger): Transport => ({
  name: 'log',
  async deliver(message) {
    logger.info({ subject: message.subject }, 'email kept in the outbox (no SMTP_URL): see /dev-mailbox');
  },
});

/** E.164 as users.phone stores it (+ then 8 to 15 digits); anonymised accounts hold "deleted-…". */
export const isE164 = (phone: string | null | undefined): phone is string => !!phone && /^\+[1-9]\d{7,14}$/.test(phone);

/**
 * The outbox. `textChannels` are the text channels written: server.ts passes the configured ones,
 * plus every one while diagnostics are on, so the dev mailbox shows what each would carry.
 */
export function outboxNotifier(deps: {
  clock: Clock;
  textChannels?: readonly TextChannel[];
  /** Notifications to phones are written (push is configured). */
  push?: boolean;
}): Notifier {
  const textChannels = deps.textChannels ?? TEXT_CHANNELS;
  const insert = async (
    db: Db,
    channel: Exclude<Channel, 'push'>,
    recipient: string,
    subject: string,
    body: string,
    waitFor?: { step: string; until: Date },
  ) => {
    const now = deps.clock.now();
    // The account the address belongs to now (emails and phones are unique), kept on the row: a
    // later change of address never hands these messages to the address's next owner (issue #14).
    const owner =
      channel === 'email'
        ? db.raw('(select id from users where lower(email) = lower(?))', [recipient])
        : db.raw('(select id from users where phone = ?)', [recipient]);
    await db('notifications').insert({
      channel,
      recipient,
      subject,
      body,
      user_id: owner,
      created_at: now,
      next_attempt_at: waitFor?.until ?? now,
      step: waitFor?.step ?? null,
    });
  };
  const phonesOf = (db: Db, userId: number) =>
    deps.push
      ? db('push_subscriptions')
          .where({ user_id: userId })
          .orderBy('last_used_at', 'desc')
          .limit(PUSH_DEVICES_MAX)
          .select('id', 'endpoint')
      : Promise.resolve([]);
  const sendText = async (
    phone: string | null | undefined,
    message: ShortText,
    trx: Db,
    waitFor?: { step: string; until: Date },
  ) => {
    if (!isE164(phone)) return;
    for (const channel of textChannels) await insert(trx, channel, phone, message.label, message.text, waitFor);
  };
  return {
    async sendChatPush(userId, bookingId, push, trx) {
      const now = deps.clock.now();
      await insertPushes(trx, userId, await phonesOf(trx, userId), push, {
        now,
        sendAt: addTime(now, { ms: CHAT_PUSH_WAIT_MS }),
        unlessReadBooking: bookingId,
      });
    },
    sendEmail: (message, trx) => insert(trx, 'email', message.to, message.subject, message.text),
    sendText: (phone, message, trx) => sendText(phone, message, trx),
    async sendStep(userId, step, trx) {
      const person = await trx('users').where({ id: userId }).first('phone', 'also_text');
      if (!person) return;
      const phones = await phonesOf(trx, userId);
      if (phones.length === 0 || person.also_text) {
        if (step.text) await sendText(person.phone, step.text, trx);
        if (phones.length === 0) return;
      }
      const now = deps.clock.now();
      const stepId = randomBytes(12).toString('base64url');
      await insertPushes(trx, userId, phones, step.push, { step: stepId, now, sendAt: now });
      if (step.text && !person.also_text) {
        await sendText(person.phone, step.text, trx, {
          step: stepId,
          until: addTime(now, { ms: PUSH_SHOWN_WITHIN_MS }),
        });
      }
    },
  };
}

/** One push row per phone, each with its own receipt (the proof its service worker showed it). */
async function insertPushes(
  trx: Db,
  userId: number,
  phones: { id: unknown; endpoint: string }[],
  push: PushStep,
  when: { now: Date; sendAt: Date; step?: string; unlessReadBooking?: number },
) {
  for (const phone of phones) {
    const receipt = randomBytes(18).toString('base64url');
    const payload: PushPayload = { ...push, receipt };
    await trx('notifications').insert({
      channel: 'push',
      recipient: phone.endpoint,
      subject: push.title,
      body: JSON.stringify(payload),
      user_id: userId,
      subscription_id: Number(phone.id),
      receipt,
      step: when.step ?? null,
      unless_read_booking_id: when.unlessReadBooking ?? null,
      created_at: when.now,
      next_attempt_at: when.sendAt,
    });
  }
}

/** Waits before the next attempt: 1 minute, 5, 30, 2 hours; then the message is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000];
const BATCH = 20;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** A channel without a transport is not attempted: its rows stay pending in the outbox (dev mailbox). */
  transports: Transports;
  /** Sends push rows; none: they stay pending (push is off). */
  push?: PushDelivery;
}

/**
 * How push rows reach phones: the sender, and the forgetting of a phone whose address the push
 * service says is gone for good. The phones are the push feature's table (TABLE_OWNERS), so its
 * function comes in here (`pushDelivery` in features/push/service.ts): a provider imports no feature.
 */
export interface PushDelivery {
  sender: PushSender;
  forgetGonePhone: (conn: Conn, subscriptionId: Int8) => Promise<unknown>;
}

/** Why a row was not sent and never will be: it is marked skipped, not failed. */
class NotNeeded extends Error {}

/**
 * Delivers due messages, each through its channel's transport. Rows are claimed with FOR UPDATE
 * SKIP LOCKED, so several API processes can run this at once without sending a message twice
 * (ARCHITECTURE.md "Background work in tables").
 */
export async function deliverNotifications(deps: DeliveryDeps): Promise<number> {
  const now = deps.clock.now();
  const channels = Object.keys(deps.transports).filter((c) => deps.transports[c as Channel]);
  if (deps.push) channels.push('push');
  if (channels.length === 0) return 0;
  return deps.db.transaction(async (trx) => {
    const due = await trx('notifications')
      .where({ status: 'pending' })
      .whereIn('channel', channels)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    let delivered = 0;
    for (const row of due) {
      try {
        if (row.channel === 'push') await deliverPush(trx, deps.push!, row);
        else {
          // A text waiting on its step goes only if no phone showed the step's notification.
          if (row.step && (await stepShown(trx, row.step))) throw new NotNeeded('a phone showed the notification');
          await deps.transports[row.channel as Channel]!.deliver({
            to: row.recipient,
            subject: row.subject,
            text: row.body,
          });
        }
        await trx('notifications')
          .where({ id: row.id })
          .update({ status: 'sent', sent_at: now, attempts: row.attempts + 1 });
        delivered++;
      } catch (err) {
        if (err instanceof NotNeeded || err instanceof PushGoneError) {
          await trx('notifications')
            .where({ id: row.id })
            .update({ status: 'skipped', attempts: row.attempts + 1, last_error: err.message.slice(0, 500) });
          // No phone of the step can show it any more: its texts need not wait.
          if (row.step && row.channel === 'push' && !(await stepMayShow(trx, row.step, row.id))) {
            await trx('notifications')
              .where({ step: row.step, status: 'pending' })
              .whereNot({ channel: 'push' })
              .update({ next_attempt_at: now });
          }
          continue;
        }
        const attempts = row.attempts + 1;
        const delay = RETRY_DELAYS_MS[attempts - 1];
        await trx('notifications')
          .where({ id: row.id })
          .update({
            attempts,
            last_error: String((err as Error).message ?? err).slice(0, 500),
            ...(delay === undefined ? { status: 'failed' } : { next_attempt_at: addTime(now, { ms: delay }) }),
          });
        deps.logger.warn(
          { id: row.id, channel: row.channel, attempts, err: (err as Error).message },
          'notification not delivered',
        );
      }
    }
    return delivered;
  });
}

/** Sends one push row to its phone; a phone that is gone (404/410) is forgotten. */
async function deliverPush(
  trx: Db,
  { sender, forgetGonePhone }: PushDelivery,
  row: {
    subscription_id: unknown;
    body: string;
    user_id: unknown;
    unless_read_booking_id: unknown;
    created_at: unknown;
  },
) {
  if (row.unless_read_booking_id !== null) {
    const read = await trx('chat_reads')
      .where({ booking_id: Number(row.unless_read_booking_id), user_id: Number(row.user_id) })
      .where('last_read_at', '>=', new Date(row.created_at as string))
      .first('booking_id');
    if (read) throw new NotNeeded('the person read the chat');
  }
  const phone =
    row.subscription_id === null
      ? undefined
      : await trx('push_subscriptions')
          .where({ id: Number(row.subscription_id) })
          .first('id', 'endpoint', 'p256dh', 'auth');
  if (!phone) throw new NotNeeded('the phone no longer gets notifications');
  try {
    await sender.send({ endpoint: phone.endpoint, keys: { p256dh: phone.p256dh, auth: phone.auth } }, row.body);
  } catch (err) {
    if (err instanceof PushGoneError) await forgetGonePhone(trx, phone.id);
    throw err;
  }
}

const stepShown = async (trx: Db, step: string) =>
  !!(await trx('notifications').where({ step, channel: 'push' }).whereNotNull('shown_at').first('id'));

/** Another push row of the step is still on its way or was sent (and may yet be shown). */
const stepMayShow = async (trx: Db, step: string, exceptId: unknown) =>
  !!(await trx('notifications')
    .where({ step, channel: 'push' })
    .whereIn('status', ['pending', 'sent'])
    .whereNot({ id: Number(exceptId) })
    .first('id'));

/** Runs delivery now and every `everyMs` in the background (api/src/jobs.ts). */
export function startNotificationWorker(deps: DeliveryDeps, everyMs = 5_000): Job {
  return startJob({
    name: 'notification delivery',
    everyMs,
    run: () => deliverNotifications(deps),
    logger: deps.logger,
  });
}

/**
 * A forgotten account's messages, waiting or sent, to its account, its email or its phone: texts
 * went to the phone, and nothing more is delivered to them (privacy/anonymise.ts).
 */
export const forgetNotificationsOf = (conn: Conn, user: Pick<UserRow, 'id' | 'email' | 'phone'>) =>
  conn('notifications')
    .where({ user_id: user.id })
    .orWhereRaw('lower(recipient) = lower(?)', [user.email])
    .orWhere({ recipient: user.phone })
    .delete();

/**
 * A phone showed the push notification with this receipt, sent after `sentSince`: its row is marked
 * once, and answers which phone and which step it was (none when already marked or too old).
 */
export async function markPushShown(
  conn: Conn,
  receipt: string,
  now: Date,
  sentSince: Date,
): Promise<Pick<NotificationRow, 'subscription_id' | 'step'> | undefined> {
  const [row] = await conn('notifications')
    .where({ receipt, channel: 'push' })
    .whereNull('shown_at')
    .where('created_at', '>', sentSince)
    .update({ shown_at: now })
    .returning(['subscription_id', 'step']);
  return row;
}

/** The texts still waiting on a step are not sent, with why. */
export const skipTextsOfStep = (conn: Conn, step: string, why: string) =>
  conn('notifications')
    .where({ step, status: 'pending' })
    .whereNot({ channel: 'push' })
    .update({ status: 'skipped', last_error: why });
