/**
 * A payment provider as the payments service sees it (ARCHITECTURE decision 9): `paystack` talks
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
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Goes to the browser for the pop-up; null in the sandbox. */
  readonly publicKey: string | null;
  /** The provider's record of the reference, or null when it has none. Throws when it cannot be asked. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /** Webhook authenticity: HMAC-SHA512 of the raw body (Paystack); the sandbox has no webhooks. */
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
}

export class ProviderUnavailableError extends Error {}

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
