import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { logTransport, TEXT_CHANNELS, type TextChannel, type Transports } from './notifier.ts';
import { arkeselSmsTransport } from './sms.ts';
import { smtpTransport } from './smtp.ts';
import { whatsappTransport } from './whatsapp.ts';
import type { PaymentProvider } from './payments.ts';
import { ignoreProviderCalls, type ProviderObserver } from './provider-observer.ts';
import { withPayerAddresses } from './payer-email.ts';
import { paystackProvider } from './paystack.ts';
import { sandboxProvider } from './sandbox.ts';
import { paystackTransfers, type PayoutTransfers } from './transfers.ts';

/**
 * Every provider built here calls out within its bounds (bounds.ts) and reports each call to
 * `observer` (the metrics registry in the server; nobody by default).
 */

/** Paystack when its keys are configured; the sandbox only when they are not. */
export function paymentProvider(
  config: Config,
  db: Db,
  clock?: Clock,
  observer: ProviderObserver = ignoreProviderCalls,
): PaymentProvider {
  const calls = config.paystack ? paystackProvider({ ...config.paystack, observer }) : sandboxProvider(db, clock);
  return withPayerAddresses(calls, new URL(config.publicUrl).hostname);
}

/** Paystack transfers for mobile-money payouts when its keys are configured; otherwise payouts are paid by hand. */
export function payoutTransfers(
  config: Config,
  observer: ProviderObserver = ignoreProviderCalls,
): PayoutTransfers | null {
  return config.paystack ? paystackTransfers({ ...config.paystack, observer }) : null;
}

/**
 * One transport per configured channel. Email falls back to the log (the dev mailbox reads the
 * outbox); SMS and WhatsApp without configuration get none, so their rows are never attempted.
 */
export function notificationTransports(
  config: Config,
  logger: Logger,
  observer: ProviderObserver = ignoreProviderCalls,
): Transports {
  return {
    email: config.smtp ? smtpTransport({ ...config.smtp, observer }) : logTransport(logger),
    ...(config.sms && { sms: arkeselSmsTransport({ ...config.sms, observer }) }),
    ...(config.whatsapp && { whatsapp: whatsappTransport({ ...config.whatsapp, observer }) }),
  };
}

/**
 * The text channels the outbox writes: those configured, and with diagnostics on every one, so the
 * dev mailbox shows what each would carry. In production an unconfigured channel writes nothing.
 */
export function textChannels(config: Config): TextChannel[] {
  return TEXT_CHANNELS.filter((channel) => config.diagnostics || config[channel]);
}
