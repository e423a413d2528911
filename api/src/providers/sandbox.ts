import type { Db } from '../db.ts';
import { parseMetadata, type PaymentProvider } from './payments.ts';

/**
 * Payments with no Paystack keys: the browser's TEST MODE checkout records its outcome in
 * sandbox_transactions (payments/routes.ts), and verify reads it back in Paystack's shape, so the
 * server checks sandbox payments exactly as it checks real ones.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    publicKey: null,
    async verify(reference) {
      const row = await db('sandbox_transactions').where({ reference }).first();
      if (!row) return null;
      return {
        status: row.status,
        reference: row.reference,
        amount: row.amount,
        currency: row.currency,
        customerEmail: row.email,
        metadata: parseMetadata(row.metadata),
        channel: 'sandbox',
        paidAt: row.status === 'success' ? new Date(row.created_at) : null,
        providerId: `sandbox-${row.reference}`,
      };
    },
    verifyWebhookSignature: () => false,
  };
}
