/**
 * A payment provider as the payments service sees it (ARCHITECTURE.md "Payments through a provider"): `paystack` talks
 * to Paystack's API; `sandbox` reads what the local TEST MODE checkout recorded.
 */
export interface ProviderTransaction {
  /** Paystack's data.status: success, failed, abandoned, ongoing, pending, reversed, … */
  status: string;
  reference: string;
  /** Smallest unit (pesewas). */
  amount: number;
  currency: string;
  customerEmail: string;
  metadata: Record<string, unknown>;
  channel: string | null;
  paidAt: Date | null;
  providerId: string | null;
  /** How it was paid, as Paystack's data.authorization says: only reusable cards can be charged again. */
  authorization: CardAuthorization | null;
}

/** Never the card number: Paystack's code for charging it again, and what a person needs to recognise it. */
export interface CardAuthorization {
  code: string;
  reusable: boolean;
  channel: string;
  cardType: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  bank: string | null;
}

/** A charge of a saved card, under a reference the server chose (Paystack's charge_authorization). */
export interface AuthorizationCharge {
  authorizationCode: string;
  email: string;
  /** Pesewas. */
  amount: number;
  reference: string;
  metadata: Record<string, unknown>;
}

/** Paystack's mobile-money providers: MTN, Telecel (`vod`, formerly Vodafone), AirtelTigo. */
export type MomoNetwork = 'mtn' | 'vod' | 'atl';

/** A direct mobile-money charge: the provider sends a prompt to the phone (Paystack's POST /charge). */
export interface MobileMoneyCharge {
  email: string;
  /** Pesewas. */
  amount: number;
  reference: string;
  /** 0XXXXXXXXX, as Paystack takes a Ghana number. */
  phone: string;
  network: MomoNetwork;
  metadata: Record<string, unknown>;
}

/** Where a direct charge stands: what the payer must do next, in the provider's words when it gave some. */
export interface ChargeProgress {
  /** pay_offline (approve on the phone), send_otp (a Telecel voucher), pending, success, failed, … */
  status: string;
  reference: string;
  /** The provider's display_text, or its reason for a failure. */
  message: string | null;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Goes to the browser for the pop-up; null in the sandbox. */
  readonly publicKey: string | null;
  /** The provider's record of the reference, or null when it has none. Throws when it cannot be asked. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /**
   * Charges a saved reusable card. Answers the provider's record of the new transaction (its
   * status may be success, failed or still pending); throws ChargeRefusedError when the provider
   * refused to attempt it, ProviderUnavailableError when it could not be asked (the outcome is then
   * unknown: verify the reference later). Grants nothing: settlePayment does, as for any payment.
   */
  chargeAuthorization(charge: AuthorizationCharge): Promise<ProviderTransaction>;
  /**
   * Sends a mobile-money prompt to the payer's phone. Throws ChargeRefusedError when the provider
   * would not attempt it (a number it rejects), ProviderUnavailableError when it could not be asked.
   * Grants nothing: settlePayment does, once the provider says success.
   */
  chargeMobileMoney(charge: MobileMoneyCharge): Promise<ChargeProgress>;
  /** The voucher code (OTP) a Telecel payer typed, for a charge that answered send_otp. */
  submitOtp(reference: string, otp: string): Promise<ChargeProgress>;
  /** Webhook authenticity: HMAC-SHA512 of the raw body (Paystack); the sandbox has no webhooks. */
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
  /** The address the provider knows an account's email by (payer-email.ts): the pop-up is given it too. */
  payerEmail(email: string): string;
}

/** What each provider implements itself; payer-email.ts adds the addresses it is given. */
export type ProviderCalls = Omit<PaymentProvider, 'payerEmail'>;

export class ProviderUnavailableError extends Error {}
/** The provider would not attempt the charge (unknown or unusable authorization, bad request). */
export class ChargeRefusedError extends Error {}

/** Paystack's data.authorization (verify, webhook, charge_authorization), without anything beyond what we keep. */
export function parseAuthorization(raw: unknown): CardAuthorization | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  if (typeof a.authorization_code !== 'string' || !a.authorization_code) return null;
  const last4 = typeof a.last4 === 'string' && /^\d{4}$/.test(a.last4) ? a.last4 : '';
  const int = (v: unknown) => (Number.isInteger(Number(v)) && String(v) !== '' ? Number(v) : null);
  return {
    code: a.authorization_code,
    reusable: a.reusable === true,
    channel: String(a.channel ?? ''),
    cardType: String(a.card_type ?? a.brand ?? '').trim(),
    last4,
    expMonth: int(a.exp_month),
    expYear: int(a.exp_year),
    bank: typeof a.bank === 'string' ? a.bank : null,
  };
}

/** Paystack may send metadata as "" or 0 when none was given (reference/paystack.md). */
export function parseMetadata(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw === 'string' && raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }
  return {};
}
