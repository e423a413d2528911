import { createTransport } from 'nodemailer';
import type { EmailTransport } from './notifier.ts';

/**
 * Email over SMTP (issue #5): any mail service that speaks it (Gmail, Mailgun, Amazon SES, a local
 * Postfix…). `url` is smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465.
 * Throws on refusal or time-out, so the outbox worker retries with its backoff.
 */
export function smtpTransport(options: { url: string; from: string; timeoutMs?: number }): EmailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const mailer = createTransport(options.url, {
    from: options.from,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    async deliver(message) {
      await mailer.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
  };
}
