import type { Clock } from '../clock.ts';
import type { Db } from '../db.ts';
import { startJob, type Job } from '../jobs.ts';
import type { Logger } from '../logger.ts';

/** How a message travels. Email always; SMS and WhatsApp carry short texts to a phone (E.164). */
export type Channel = 'email' | 'sms' | 'whatsapp';
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
}

/** A way to deliver one channel's messages: SMTP, an SMS gateway, WhatsApp… Throws when it fails. */
export interface Transport {
  readonly name: string;
  deliver(message: Message): Promise<void>;
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
export function outboxNotifier(deps: { clock: Clock; textChannels?: readonly TextChannel[] }): Notifier {
  const textChannels = deps.textChannels ?? TEXT_CHANNELS;
  const insert = async (db: Db, channel: Channel, recipient: string, subject: string, body: string) => {
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
      next_attempt_at: now,
    });
  };
  return {
    sendEmail: (message, trx) => insert(trx, 'email', message.to, message.subject, message.text),
    async sendText(phone, message, trx) {
      if (!isE164(phone)) return;
      for (const channel of textChannels) await insert(trx, channel, phone, message.label, message.text);
    },
  };
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
}

/**
 * Delivers due messages, each through its channel's transport. Rows are claimed with FOR UPDATE
 * SKIP LOCKED, so several API processes can run this at once without sending a message twice
 * (ARCHITECTURE decision 11).
 */
export async function deliverNotifications(deps: DeliveryDeps): Promise<number> {
  const now = deps.clock.now();
  const channels = Object.keys(deps.transports).filter((c) => deps.transports[c as Channel]);
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
      const transport = deps.transports[row.channel as Channel]!;
      try {
        await transport.deliver({ to: row.recipient, subject: row.subject, text: row.body });
        await trx('notifications')
          .where({ id: row.id })
          .update({ status: 'sent', sent_at: now, attempts: row.attempts + 1 });
        delivered++;
      } catch (err) {
        const attempts = row.attempts + 1;
        const delay = RETRY_DELAYS_MS[attempts - 1];
        await trx('notifications')
          .where({ id: row.id })
          .update({
            attempts,
            last_error: String((err as Error).message ?? err).slice(0, 500),
            ...(delay === undefined ? { status: 'failed' } : { next_attempt_at: new Date(now.getTime() + delay) }),
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

/** Runs delivery now and every `everyMs` in the background (api/src/jobs.ts). */
export function startNotificationWorker(deps: DeliveryDeps, everyMs = 5_000): Job {
  return startJob({
    name: 'notification delivery',
    everyMs,
    run: () => deliverNotifications(deps),
    logger: deps.logger,
  });
}
