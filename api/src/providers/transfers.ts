import type { MomoNetwork } from '../../../contract/affiliates.ts';
import { type BoundsOverrides, boundsFor, rethrowIfInTransaction } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import { ProviderUnavailableError } from './payments.ts';

/**
 * Paying an affiliate's mobile-money payout. Only Paystack has an implementation; with
 * no keys (the sandbox) or no network on file, the administrator pays by hand and marks it paid.
 */
export interface TransferRequest {
  /** The payout's reference, which Paystack also uses to refuse a second transfer for it. */
  reference: string;
  amountPesewas: number;
  name: string;
  /** National form, 0XXXXXXXXX. */
  accountNumber: string;
  network: MomoNetwork;
  reason: string;
}

/** Paystack's transfer status: success, pending, otp, processing, queued, failed, reversed, abandoned. */
export interface TransferOutcome {
  status: string;
  transferCode: string | null;
}

export interface PayoutTransfers {
  readonly name: 'paystack';
  send(request: TransferRequest): Promise<TransferOutcome>;
  /** The transfer Paystack has for the reference, or null when it has none. */
  verify(reference: string): Promise<TransferOutcome | null>;
}

/** Refused by Paystack for a reason an administrator can read (e.g. insufficient balance). */
export class TransferRefusedError extends Error {}

export function paystackTransfers(
  options: {
    secretKey: string;
    apiBase: string;
    fetch?: FetchLike;
  } & BoundsOverrides,
): PayoutTransfers {
  const http = providerHttp({ ...boundsFor('transfers', options), fetch: options.fetch });

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    // biome-ignore lint/suspicious/noExplicitAny: Paystack's JSON, read field by field with String() and Number()
  ): Promise<{ status: number; data: any; message: string }> {
    let response: ProviderAnswer;
    try {
      response = await http.request(`${options.apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (err) {
      rethrowIfInTransaction(err);
      throw new ProviderUnavailableError(`Paystack could not be reached: ${(err as Error).message}`);
    }
    const json = response.json<{ status?: boolean; message?: string; data?: unknown }>();
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(`Paystack answered ${response.status}: ${json.message ?? 'no message'}`);
    }
    return {
      status: response.ok && json.status === true ? response.status : response.status || 400,
      data: json.data,
      message: json.message ?? '',
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: Paystack's JSON, read field by field with String() and Number()
  const outcome = (data: any): TransferOutcome => ({
    status: String(data?.status ?? ''),
    transferCode: data?.transfer_code ?? null,
  });

  return {
    name: 'paystack',

    async send(request) {
      const recipient = await call('POST', '/transferrecipient', {
        type: 'mobile_money',
        name: request.name,
        account_number: request.accountNumber,
        bank_code: request.network,
        currency: 'GHS',
      });
      if (recipient.status >= 300 || !recipient.data?.recipient_code) {
        throw new TransferRefusedError(`Paystack refused the recipient: ${recipient.message || 'no message'}`);
      }
      const transfer = await call('POST', '/transfer', {
        source: 'balance',
        amount: request.amountPesewas,
        recipient: recipient.data.recipient_code,
        reason: request.reason,
        reference: request.reference,
        currency: 'GHS',
      });
      if (transfer.status < 300 && transfer.data) return outcome(transfer.data);
      // A retry after a crash: the transfer exists already under this reference.
      const existing = await this.verify(request.reference);
      if (existing) return existing;
      throw new TransferRefusedError(`Paystack refused the transfer: ${transfer.message || 'no message'}`);
    },

    async verify(reference) {
      const answer = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      if (answer.status >= 300 || !answer.data) return null;
      return outcome(answer.data);
    },
  };
}
