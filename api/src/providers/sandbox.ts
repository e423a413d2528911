import type { Db } from '../db.ts';
import { ChargeRefusedError, parseMetadata, type CardAuthorization, type PaymentProvider, type ProviderTransaction } from './payments.ts';

/** The test card the sandbox checkout offers (Paystack's own test Visa, reference/paystack.md). */
export const SANDBOX_CARD = { cardType: 'visa', last4: '4081', expMonth: 12, expYear: 2030, bank: 'TEST BANK' } as const;

interface SandboxRow {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: unknown;
  status: string;
  channel: string;
  authorization_code: string | null;
  created_at: Date;
}

/** The authorization Paystack would return: a reusable one for the test card, none reusable for mobile money. */
function authorizationOf(row: SandboxRow): CardAuthorization | null {
  if (!row.authorization_code) return null;
  return row.channel === 'card'
    ? { code: row.authorization_code, reusable: true, channel: 'card', ...SANDBOX_CARD }
    : { code: row.authorization_code, reusable: false, channel: 'mobile_money', cardType: '', last4: '', expMonth: null, expYear: null, bank: 'MTN Mobile Money' };
}

const toTransaction = (row: SandboxRow): ProviderTransaction => ({
  status: row.status,
  reference: row.reference,
  amount: row.amount,
  currency: row.currency,
  customerEmail: row.email,
  metadata: parseMetadata(row.metadata),
  channel: row.channel,
  paidAt: row.status === 'success' ? new Date(row.created_at) : null,
  providerId: `sandbox-${row.reference}`,
  authorization: authorizationOf(row),
});

/**
 * Payments with no Paystack keys: the browser's TEST MODE checkout records its outcome in
 * sandbox_transactions (payments/routes.ts), and verify reads it back in Paystack's shape, so the
 * server checks sandbox payments exactly as it checks real ones. A test-card payment leaves a
 * reusable authorization that chargeAuthorization charges again, recording a new transaction.
 */
export function sandboxProvider(db: Db, clock: { now(): Date } = { now: () => new Date() }): PaymentProvider {
  return {
    name: 'sandbox',
    publicKey: null,
    async verify(reference) {
      const row = await db<SandboxRow>('sandbox_transactions').where({ reference }).first();
      return row ? toTransaction(row) : null;
    },
    async chargeAuthorization(charge) {
      const card = await db<SandboxRow>('sandbox_transactions')
        .where({ authorization_code: charge.authorizationCode, channel: 'card', status: 'success' })
        .first();
      // Paystack charges an authorization only for the customer (email) it belongs to.
      if (!card || card.email.toLowerCase() !== charge.email.toLowerCase()) throw new ChargeRefusedError('Invalid authorization code');
      const [row] = await db<SandboxRow>('sandbox_transactions')
        .insert({
          reference: charge.reference,
          amount: charge.amount,
          currency: 'GHS',
          email: charge.email,
          metadata: JSON.stringify(charge.metadata),
          status: 'success',
          channel: 'card',
          authorization_code: charge.authorizationCode,
          created_at: clock.now(),
        } as never)
        .returning('*');
      return toTransaction(row as SandboxRow);
    },
    verifyWebhookSignature: () => false,
  };
}
