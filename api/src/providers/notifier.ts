import type { Clock } from '../clock.ts';
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';

export interface Message {
  to: string;
  subject: string;
  text: string;
}

/** What features call: it only records the message (the outbox); delivery happens in the worker. */
export interface Notifier {
  sendEmail(message: Message): Promise<void>;
}

/** A way to deliver an email: SMTP, an email API… `logTransport` is the development default. */
export interface EmailTransport {
  readonly name: string;
  deliver(message: Message): Promise<void>;
}

/**
 * Delivery while no mail service is configured: the dev mailbox (/dev-mailbox) shows the outbox,
 * and the log says a message was kept, without its text (a reset link is a secret).
 */
export const logTransport = (logger: Logger): EmailTransport => ({
  name: 'log',
  async deliver(message) {
    logger.info({ subject: message.subject }, 'email kept in the outbox (no SMTP_URL): see /dev-mailbox');
  },
});

export function outboxNotifier(deps: { db: Db; clock: Clock }): Notifier {
  return {
    async sendEmail(message) {
      const now = deps.clock.now();
      await deps.db('notifications').insert({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        created_at: now,
        next_attempt_at: now,
      });
    },
  };
}

/** Waits before the next attempt: 1 minute, 5, 30, 2 hours; then the message is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000];
const BATCH = 20;

/**
 * Delivers due messages. Rows are claimed with FOR UPDATE SKIP LOCKED, so several API processes
 * can run this at once without sending a message twice (ARCHITECTURE decision 11).
 */
export async function deliverNotifications(deps: { db: Db; clock: Clock; logger: Logger; transport: EmailTransport }): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const due = await trx('notifications')
      .where({ status: 'pending', channel: 'email' })
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    let delivered = 0;
    for (const row of due) {
      try {
        await deps.transport.deliver({ to: row.recipient, subject: row.subject, text: row.body });
        await trx('notifications').where({ id: row.id }).update({ status: 'sent', sent_at: now, attempts: row.attempts + 1 });
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
        deps.logger.warn({ id: row.id, attempts, err: (err as Error).message }, 'notification not delivered');
      }
    }
    return delivered;
  });
}

/** Runs delivery every `everyMs` in the background; stop() ends it. */
export function startNotificationWorker(
  deps: { db: Db; clock: Clock; logger: Logger; transport: EmailTransport },
  everyMs = 5_000,
): { stop(): void } {
  const run = () => deliverNotifications(deps).catch((err) => deps.logger.error({ err }, 'notification delivery failed'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
