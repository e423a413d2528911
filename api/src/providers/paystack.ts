import { createHmac, timingSafeEqual } from 'node:crypto';
import { type BoundsOverrides, boundsFor, rethrowIfInTransaction } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import {
  ChargeRefusedError,
  parseAuthorization,
  parseMetadata,
  ProviderUnavailableError,
  type ProviderCalls,
  type ProviderTransaction,
} from './payments.ts';

interface PaystackChargeBody {
  status?: boolean;
  message?: string;
  data?: { status?: string; reference?: string; display_text?: string; message?: string; gateway_response?: string };
}

interface PaystackVerifyBody {
  status?: boolean;
  message?: string;
  data?: {
    id?: number | string;
    status?: string;
    reference?: string;
    amount?: number;
    currency?: string;
    channel?: string;
    paid_at?: string | null;
    metadata?: unknown;
    customer?: { email?: string };
    authorization?: unknown;
  };
}

/** Paystack's transaction object (verify, charge_authorization) as the payments service reads it. */
function toTransaction(d: NonNullable<PaystackVerifyBody['data']>): ProviderTransaction {
  return {
    status: String(d.status ?? ''),
    reference: String(d.reference ?? ''),
    amount: Number.isInteger(d.amount) ? (d.amount as number) : Number.NaN,
    currency: String(d.currency ?? ''),
    customerEmail: String(d.customer?.email ?? ''),
    metadata: parseMetadata(d.metadata),
    channel: d.channel ?? null,
    paidAt: d.paid_at ? new Date(d.paid_at) : null,
    providerId: d.id === undefined ? null : String(d.id),
    authorization: parseAuthorization(d.authorization),
  };
}

/**
 * Real HTTP to Paystack's API (or to anything that speaks it, such as the tests' fake server),
 * within Paystack's bounds (bounds.ts): a call that cannot be made, times out or finds the circuit
 * open is a ProviderUnavailableError, so the payment stays pending and is verified later.
 */
export function paystackProvider(
  options: {
    secretKey: string;
    publicKey: string;
    apiBase: string;
    fetch?: FetchLike;
  } & BoundsOverrides,
): ProviderCalls {
  const http = providerHttp({ ...boundsFor('paystack', options), fetch: options.fetch });
  /** One call to Paystack; ProviderUnavailableError when it cannot be reached in time. */
  const call = async (path: string, init: Parameters<typeof http.request>[1]): Promise<ProviderAnswer> => {
    try {
      return await http.request(`${options.apiBase}${path}`, init);
    } catch (err) {
      rethrowIfInTransaction(err);
      throw new ProviderUnavailableError(`Paystack could not be reached: ${(err as Error).message}`);
    }
  };
  /** POSTs JSON to Paystack: the HTTP status and the parsed body; ProviderUnavailableError when it cannot be reached. */
  const post = async <T>(path: string, body: unknown): Promise<{ status: number; ok: boolean; body: T }> => {
    const response = await call(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, ok: response.ok, body: response.json<T>() };
  };
  /** A 4xx with status false (other than the rate limit): Paystack did not attempt the charge. */
  const refused = (status: number, body: { status?: boolean }) =>
    status >= 400 && status < 500 && status !== 429 && body.status === false;
  /** /charge and /charge/submit_otp answer alike. */
  const chargeProgress = async (path: string, payload: unknown) => {
    const { status, ok, body } = await post<PaystackChargeBody>(path, payload);
    if (refused(status, body)) throw new ChargeRefusedError(body.message ?? `Paystack answered ${status}`);
    if (!ok || body.status !== true || !body.data)
      throw new ProviderUnavailableError(`Paystack ${path} answered ${status}: ${body.message ?? 'no message'}`);
    const d = body.data;
    return {
      status: String(d.status ?? ''),
      reference: String(d.reference ?? ''),
      message: d.display_text ?? d.message ?? d.gateway_response ?? null,
    };
  };
  return {
    name: 'paystack',
    publicKey: options.publicKey,

    async verify(reference) {
      const response = await call(`/transaction/verify/${encodeURIComponent(reference)}`, {
        headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json' },
      });
      const body = response.json<PaystackVerifyBody>();
      // Unknown references are documented as 404 and reported as 400 (reference/paystack.md).
      if ((response.status === 404 || response.status === 400) && body.status === false) return null;
      if (!response.ok || body.status !== true || !body.data) {
        throw new ProviderUnavailableError(
          `Paystack verify answered ${response.status}: ${body.message ?? 'no message'}`,
        );
      }
      return toTransaction(body.data);
    },

    async chargeAuthorization(charge) {
      const { status, ok, body } = await post<PaystackVerifyBody>('/transaction/charge_authorization', {
        authorization_code: charge.authorizationCode,
        email: charge.email,
        amount: charge.amount,
        currency: 'GHS',
        reference: charge.reference,
        metadata: charge.metadata,
      });
      // Paystack answers 200 with data.status "failed" for a declined card; a 4xx (other than the
      // rate limit) means it did not attempt the charge at all.
      if (refused(status, body)) throw new ChargeRefusedError(`Paystack refused the charge: ${body.message ?? status}`);
      if (!ok || body.status !== true || !body.data) {
        throw new ProviderUnavailableError(
          `Paystack charge_authorization answered ${status}: ${body.message ?? 'no message'}`,
        );
      }
      return toTransaction(body.data);
    },

    chargeMobileMoney: (charge) =>
      chargeProgress('/charge', {
        email: charge.email,
        amount: charge.amount,
        currency: 'GHS',
        reference: charge.reference,
        metadata: charge.metadata,
        mobile_money: { phone: charge.phone, provider: charge.network },
      }),

    submitOtp: (reference, otp) => chargeProgress('/charge/submit_otp', { otp, reference }),

    verifyWebhookSignature(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody, 'utf8').digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}
