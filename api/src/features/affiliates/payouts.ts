import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Payout } from '../../../../contract/affiliates.ts';
import { AFFILIATE_MINIMUM_PAYOUT_CEDIS } from '../../../../contract/plans.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { payoutMessage } from '../notifications/messages.ts';


const cedis = (pesewas: unknown) => Number(pesewas ?? 0) / 100;

/** Credited commissions minus payouts requested and not failed, in pesewas: always the ledger's sum. */
export async function pendingBalance(db: Db | Knex.Transaction, affiliateId: number): Promise<number> {
  const [{ credited }] = await db('affiliate_commissions').where({ affiliate_user_id: affiliateId }).sum({ credited: 'amount_pesewas' });
  const [{ paid }] = await db('affiliate_payouts')
    .where({ affiliate_user_id: affiliateId })
    .whereNot({ status: 'failed' })
    .sum({ paid: 'amount_pesewas' });
  return Number(credited ?? 0) - Number(paid ?? 0);
}

export const minimumPayoutMessage = (balancePesewas: number) =>
  `Minimum payout is ₵${AFFILIATE_MINIMUM_PAYOUT_CEDIS}. You currently have ₵${(balancePesewas / 100).toFixed(2)}`;

function toPayout(row: Record<string, any>): Payout {
  return {
    id: Number(row.id),
    amount: cedis(row.amount_pesewas),
    date: new Date(row.requested_at).toISOString(),
    status: row.status,
    method: row.method,
    details: row.details,
    reference: row.reference,
    processedDate: row.processed_at ? new Date(row.processed_at).toISOString() : null,
  };
}

/**
 * POST /api/affiliate/payouts: the whole pending balance, when it is at least ₵250. The affiliate's
 * profile row is locked for the check and the insert, so two requests at once cannot both pass.
 */
export async function requestPayout(deps: PayoutDeps, affiliateId: number): Promise<Payout> {
  const payout = await deps.db.transaction(async (trx) => {
    const profile = await trx('affiliate_profiles').where({ user_id: affiliateId }).forUpdate().first();
    if (!profile) throw notFound('Affiliate account not found.');
    const balance = await pendingBalance(trx, affiliateId);
    if (balance < AFFILIATE_MINIMUM_PAYOUT_CEDIS * 100) throw badRequest(minimumPayoutMessage(balance));
    const now = deps.clock.now();
    const [row] = await trx('affiliate_payouts')
      .insert({
        affiliate_user_id: affiliateId,
        amount_pesewas: balance,
        method: profile.payout_method,
        details: profile.payout_method === 'mobile-money' ? profile.momo_number : profile.bank_account,
        status: 'pending',
        // Paystack transfer references: lowercase letters, digits, - and _.
        reference: `payout_${now.getTime()}_${randomBytes(4).toString('hex')}`,
        requested_at: now,
      })
      .returning('*');
    return toPayout(row);
  });
  await notifyAffiliate(deps, affiliateId, payout);
  return payout;
}

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
}

async function notifyAffiliate(deps: PayoutDeps, affiliateId: number, payout: Payout) {
  const { email } = await deps.db('users').where({ id: affiliateId }).first('email');
  await deps.notifier.sendEmail(payoutMessage(email, payout));
}

export async function listPayouts(db: Db, affiliateId: number): Promise<Payout[]> {
  return (await db('affiliate_payouts').where({ affiliate_user_id: affiliateId }).orderBy('id', 'desc')).map(toPayout);
}

const PAYOUT_TRANSITIONS = {
  approve: { from: 'pending', to: 'processing' },
  reject: { from: 'pending', to: 'failed' },
  complete: { from: 'processing', to: 'completed' },
} as const;

const PAST_TENSE = { approve: 'approved', reject: 'rejected', complete: 'completed' } as const;

/**
 * Spec 001 §4 payout states. The row is locked while the rule is checked; `onMoved` runs in the
 * same transaction (the administrator's audit entry), and the affiliate is told after commit.
 */
export async function movePayout(
  deps: PayoutDeps,
  payoutId: number,
  action: keyof typeof PAYOUT_TRANSITIONS,
  notes?: string,
  onMoved?: (trx: Knex.Transaction, before: Payout, after: Payout) => Promise<void>,
): Promise<Payout> {
  const rule = PAYOUT_TRANSITIONS[action];
  const { payout, affiliateId } = await deps.db.transaction(async (trx) => {
    const current = await trx('affiliate_payouts').where({ id: payoutId }).forUpdate().first();
    if (!current) throw notFound('Payout not found.');
    if (current.status !== rule.from) {
      throw conflict(`This payout is ${current.status}; only a ${rule.from} payout can be ${PAST_TENSE[action]}.`);
    }
    const changes: Record<string, unknown> = { status: rule.to };
    if (action === 'complete' || action === 'reject') changes.processed_at = deps.clock.now();
    if (notes !== undefined) changes.notes = notes;
    const [row] = await trx('affiliate_payouts').where({ id: payoutId }).update(changes).returning('*');
    const moved = toPayout(row);
    await onMoved?.(trx, toPayout(current), moved);
    return { payout: moved, affiliateId: Number(row.affiliate_user_id) };
  });
  await notifyAffiliate(deps, affiliateId, payout);
  return payout;
}
