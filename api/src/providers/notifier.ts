import type { Clock } from '../clock.ts';
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';

export interface Message {
  to: string;
  subject: string;
  text: string;
}

export interface Notifier {
  sendEmail(message: Message): Promise<void>;
}

/**
 * The default notifier: no mail service is configured, so messages go to the server log and to
 * the notifications table, which the dev mailbox (/dev-mailbox) shows.
 */
export function outboxNotifier(deps: { db: Db; logger: Logger; clock: Clock }): Notifier {
  return {
    async sendEmail(message) {
      await deps.db('notifications').insert({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        created_at: deps.clock.now(),
      });
      deps.logger.info({ to: message.to, subject: message.subject, text: message.text }, 'email (dev outbox)');
    },
  };
}
