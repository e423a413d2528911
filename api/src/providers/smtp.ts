import { createTransport } from 'nodemailer';
import { type BoundsOverrides, boundsFor, type CallVerdict, defaultErrorVerdict, providerBounds } from './bounds.ts';
import type { EmailTransport } from './notifier.ts';

/** nodemailer's error: the SMTP command that was refused and the server's reply code. */
interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
}

/**
 * A refused recipient is the server answering, not failing: only an error that says the service is
 * down, slow or refusing us (connection, greeting, log-in, time-out) counts against the circuit.
 */
function smtpVerdict(err: unknown): CallVerdict {
  const e = err as SmtpError;
  if (e?.command === 'RCPT TO' && typeof e.responseCode === 'number' && e.responseCode >= 500) return 'answered';
  if (e?.code === 'ETIMEDOUT') return 'timeout';
  return defaultErrorVerdict(err);
}

/**
 * Email over SMTP: any mail service that speaks it (Gmail, Mailgun, Amazon SES, a local
 * Postfix…). `url` is smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465.
 * Each message is sent within the email bounds (bounds.ts: total time-out, cap, circuit), with
 * nodemailer's own connect, greeting and socket time-outs under them. Throws on refusal or
 * time-out, so the outbox worker retries with its backoff.
 */
export function smtpTransport(options: { url: string; from: string } & BoundsOverrides): EmailTransport {
  const bounds = providerBounds(boundsFor('email', options));
  const { connectTimeoutMs, totalTimeoutMs } = bounds.options;
  const mailer = createTransport(options.url, {
    from: options.from,
    connectionTimeout: connectTimeoutMs,
    greetingTimeout: Math.min(connectTimeoutMs, totalTimeoutMs),
    socketTimeout: totalTimeoutMs,
  });
  return {
    name: 'smtp',
    gate: bounds.gate,
    async deliver(message) {
      await bounds.run(() => mailer.sendMail({ to: message.to, subject: message.subject, text: message.text }), {
        judgeError: smtpVerdict,
      });
    },
  };
}
