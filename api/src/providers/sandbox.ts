import type { Conn, Db } from '../db.ts';
import type { Insertable, SandboxTransactionRow } from '../db-tables.ts';
import {
  ChargeRefusedError,
  parseMetadata,
  type CardAuthorization,
  type ChargeProgress,
  type ProviderCalls,
  type ProviderTransaction,
} from './payments.ts';

/** The test card the sandbox checkout offers (Paystack's own test Visa, reference/paystack.md). */
export const SANDBOX_CARD = {
  cardType: 'visa',
  last4: '4081',
  expMonth: 12,
  expYear: 2030,
  bank: 'TEST BANK',
} as const;

type SandboxRow = SandboxTransactionRow;

/** The authorization Paystack would return: a reusable one for the test card, none reusable for mobile money. */
function authorizationOf(row: SandboxRow): CardAuthorization | null {
  if (!row.authorization_code) return null;
  return row.channel === 'card'
    ? { code: row.authorization_code, reusable: true, channel: 'card', ...SANDBOX_CARD }
    : {
        code: row.authorization_code,
        reusable: false,
        channel: 'mobile_money',
        cardType: '',
        last4: '',
        expMonth: null,
        expYear: null,
        bank: 'MTN Mobile Money',
      };
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

/** The voucher code a Telecel payer types in TEST MODE (the sandbox's phone shows it). */
export const SANDBOX_VOUCHER = '123456';

export const SANDBOX_PROMPT_TEXT = {
  approve: 'TEST MODE: no prompt reaches a real phone. Approve or decline it on the test phone shown here.',
  voucher: `TEST MODE: type the voucher code ${SANDBOX_VOUCHER}.`,
  wrongVoucher: `That voucher code is not right. In TEST MODE it is ${SANDBOX_VOUCHER}.`,
} as const;

/**
 * The TEST MODE phone's answer to a prompt the sandbox "sent": `answered`, `none` (no prompt waits
 * under that reference) or `voucher` (a Telecel prompt needs its voucher code first). It writes only
 * the sandbox's own record; what the payment does next is the payments feature's (`answerTestPhone`).
 */
export async function answerTestPrompt(
  db: Db,
  reference: string,
  approve: boolean,
  now: Date,
): Promise<'answered' | 'none' | 'voucher'> {
  const row = await db('sandbox_transactions')
    .where({ reference, channel: 'mobile_money', status: 'pending' })
    .first('metadata');
  if (!row) return 'none';
  if (parseMetadata(row.metadata).sandbox_voucher === true) return 'voucher';
  await db('sandbox_transactions')
    .where({ reference, status: 'pending' })
    .update({ status: approve ? 'success' : 'failed', created_at: now });
  return 'answered';
}

/**
 * Payments with no Paystack keys: the browser's TEST MODE checkout records its outcome in
 * sandbox_transactions (payments/routes.ts), and verify reads it back in Paystack's shape, so the
 * server checks sandbox payments exactly as it checks real ones. A test-card payment leaves a
 * reusable authorization that chargeAuthorization charges again, recording a new transaction.
 */
export function sandboxProvider(db: Db, clock: { now(): Date } = { now: () => new Date() }): ProviderCalls {
  return {
    name: 'sandbox',
    publicKey: null,
    async verify(reference) {
      const row = await db('sandbox_transactions').where({ reference }).first();
      return row ? toTransaction(row) : null;
    },
    async chargeAuthorization(charge) {
      const card = await db('sandbox_transactions')
        .where({ authorization_code: charge.authorizationCode, channel: 'card', status: 'success' })
        .first();
      // Paystack charges an authorization only for the customer (email) it belongs to.
      if (!card || card.email.toLowerCase() !== charge.email.toLowerCase())
        throw new ChargeRefusedError('Invalid authorization code');
      const [row] = await db('sandbox_transactions')
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
    /**
     * A prompt "sent" to a test phone: the transaction waits (pending) until the TEST MODE phone
     * approves or declines it (POST /api/sandbox/momo/{reference}), as a real one waits for the payer.
     * Telecel asks for a voucher code first, as Paystack's send_otp does.
     */
    async chargeMobileMoney(charge): Promise<ChargeProgress> {
      const voucher = charge.network === 'vod';
      await db('sandbox_transactions').insert({
        reference: charge.reference,
        amount: charge.amount,
        currency: 'GHS',
        email: charge.email,
        metadata: JSON.stringify({
          ...charge.metadata,
          sandbox_phone: charge.phone,
          sandbox_network: charge.network,
          sandbox_voucher: voucher,
        }),
        status: 'pending',
        channel: 'mobile_money',
        authorization_code: `AUTH_sbx${charge.reference.slice(-8)}`,
        created_at: clock.now(),
      } as never);
      return voucher
        ? { status: 'send_otp', reference: charge.reference, message: SANDBOX_PROMPT_TEXT.voucher }
        : { status: 'pay_offline', reference: charge.reference, message: SANDBOX_PROMPT_TEXT.approve };
    },
    async submitOtp(reference, otp): Promise<ChargeProgress> {
      const row = await db('sandbox_transactions').where({ reference, status: 'pending' }).first();
      if (!row || parseMetadata(row.metadata).sandbox_voucher !== true)
        throw new ChargeRefusedError('Charge is not awaiting an OTP');
      if (otp !== SANDBOX_VOUCHER) return { status: 'send_otp', reference, message: SANDBOX_PROMPT_TEXT.wrongVoucher };
      await db('sandbox_transactions')
        .where({ reference })
        .update({ metadata: JSON.stringify({ ...parseMetadata(row.metadata), sandbox_voucher: false }) });
      return { status: 'pay_offline', reference, message: SANDBOX_PROMPT_TEXT.approve };
    },
    verifyWebhookSignature: () => false,
  };
}

/** The TEST MODE checkout's charge, once per reference: the references inserted (none when it was already there). */
export const recordCharge = (
  conn: Conn,
  row: Insertable<SandboxTransactionRow, 'channel' | 'metadata'>,
): Promise<{ reference: string }[]> =>
  conn('sandbox_transactions').insert(row).onConflict('reference').ignore().returning('reference');
