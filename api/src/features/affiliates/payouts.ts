import { randomBytes } from 'node:crypto';
import { formatCedisText, toCedis, toPesewas } from '../../../../contract/money.ts';
import type { Knex } from 'knex';
import type { Payout } from '../../../../contract/affiliates.ts';
import { AFFILIATE_MINIMUM_PAYOUT_CEDIS } from '../../../../contract/plans.ts';
import { MINUTE_MS, subtractTime, timeBetween } from '../../../../contract/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Conn, Db } from '../../db.ts';
import type { AffiliatePayoutRow, Writable } from '../../db-tables.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { ProviderUnavailableError } from '../../providers/payments.ts';
import {
  type PayoutTransfers,
  type TransferOutcome,
  TransferRefusedError,
  type TransferRequest,
} from '../../providers/transfers.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { payoutMessage, payoutPush } from '../notifications/index.ts';

/** Credited commissions minus payouts requested and not failed, in pesewas: always the ledger's sum. */
export async function pendingBalance(db: Conn, affiliateId: number): Promise<number> {
  const [{ credited }] = await db('affiliate_commissions')
    .where({ affiliate_user_id: affiliateId })
    .sum({ credited: 'amount_pesewas' });
  const [{ paid }] = await db('affiliate_payouts')
    .where({ affiliate_user_id: affiliateId })
    .whereNot({ status: 'failed' })
    .sum({ paid: 'amount_pesewas' });
  return Number(credited ?? 0) - Number(paid ?? 0);
}

export const minimumPayoutMessage = (balancePesewas: number) =>
  `Minimum payout is ${formatCedisText(AFFILIATE_MINIMUM_PAYOUT_CEDIS)}. You currently have ${formatCedisText(toCedis(balancePesewas), { fixed: true })}`;

function toPayout(row: AffiliatePayoutRow): Payout {
  return {
    id: Number(row.id),
    amount: toCedis(row.amount_pesewas),
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
    if (balance < toPesewas(AFFILIATE_MINIMUM_PAYOUT_CEDIS)) throw badRequest(minimumPayoutMessage(balance));
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
    const requested = toPayout(row);
    await notifyAffiliate(deps, trx, affiliateId, requested);
    return requested;
  });
  return payout;
}

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** Paystack transfers for mobile-money payouts; null or absent: the administrator pays by hand. */
  transfers?: PayoutTransfers | null;
}

/** Written in the caller's transaction: the email exists exactly when the payout change does. */
async function notifyAffiliate(deps: PayoutDeps, trx: Knex.Transaction, affiliateId: number, payout: Payout) {
  const { email } = (await trx('users').where({ id: affiliateId }).first('email'))!;
  await deps.notifier.sendEmail(payoutMessage(email, payout), trx);
  await deps.notifier.sendStep(affiliateId, { push: payoutPush(payout) }, trx);
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

const TRANSFER_DONE = 'success';
const TRANSFER_FAILED = ['failed', 'reversed', 'abandoned'];

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TransferRefusedError)
      throw new HttpError(502, 'payment_failed', `${err.message}. The payout has not moved.`);
    if (err instanceof ProviderUnavailableError)
      throw new HttpError(
        503,
        'provider_unavailable',
        'Paystack could not be reached. The payout has not moved; try again.',
      );
    throw err;
  }
}

/**
 * The Paystack transfer that approving `payout` sends: a mobile-money payout whose network the
 * affiliate gave, under the payout's reference (so a retry cannot pay twice); null for the others,
 * which are paid by hand.
 */
async function transferFor(db: Conn, payout: AffiliatePayoutRow): Promise<TransferRequest | null> {
  if (payout.method !== 'mobile-money') return null;
  const profile = await db('affiliate_profiles as a')
    .join('users as u', 'u.id', 'a.user_id')
    .where('a.user_id', payout.affiliate_user_id)
    .first('a.momo_network', 'u.first_name', 'u.last_name');
  if (!profile?.momo_network) return null;
  return {
    reference: payout.reference,
    amountPesewas: payout.amount_pesewas,
    name: `${profile.first_name} ${profile.last_name}`,
    accountNumber: `0${String(payout.details).replace(/\D/g, '').slice(-9)}`,
    network: profile.momo_network,
    reason: 'ServiceConnect Ghana affiliate commission',
  };
}

/**
 * transfer_status while an approval's transfer is on its way to Paystack (processed_at holds when
 * it began): the payout is processing, so nobody can reject it meanwhile, and its transfer is not
 * completed by hand.
 */
const SENDING = 'sending';
/** A claim this old was left by a process that stopped mid-way: approving again retries it. */
const STALE_CLAIM_MS = 2 * MINUTE_MS;

/**
 * Approves a payout paid by a Paystack transfer without holding a transaction while Paystack
 * answers: the payout is claimed (pending → processing, one conditional update), the transfer sent,
 * and then recorded with the audit entry and the email; a transfer Paystack refused or could not
 * take puts the payout back to pending. The claim keeps a rejection from crossing the transfer.
 */
async function approveByTransfer(
  deps: PayoutDeps & { transfers: PayoutTransfers },
  before: AffiliatePayoutRow,
  request: TransferRequest,
  onMoved?: (trx: Knex.Transaction, before: Payout, after: Payout) => Promise<void>,
): Promise<Payout> {
  const claimedAt = deps.clock.now();
  const [claimed] = await deps
    .db('affiliate_payouts')
    .where({ id: before.id })
    .where((open) =>
      open
        .where({ status: 'pending' })
        .orWhere((stale) =>
          stale
            .where({ status: 'processing', transfer_status: SENDING })
            .where('processed_at', '<=', subtractTime(claimedAt, { ms: STALE_CLAIM_MS })),
        ),
    )
    .update({ status: 'processing', transfer_status: SENDING, processed_at: claimedAt })
    .returning('id');
  if (!claimed) throw conflict(PAYOUT_BEING_SENT);
  const ours = () =>
    deps.db('affiliate_payouts').where({ id: before.id, transfer_status: SENDING, processed_at: claimedAt });
  let sent: TransferOutcome;
  try {
    sent = await guarded(() => deps.transfers.send(request));
  } catch (err) {
    await ours().update({ status: 'pending', transfer_status: null, processed_at: null });
    throw err;
  }
  return deps.db.transaction(async (trx) => {
    const [row] = await ours()
      .transacting(trx)
      .update({ transfer_code: sent.transferCode, transfer_status: sent.status, processed_at: null })
      .returning('*');
    if (!row) throw conflict(PAYOUT_BEING_SENT);
    const moved = toPayout(row);
    await onMoved?.(trx, toPayout(before), moved);
    await notifyAffiliate(deps, trx, Number(row.affiliate_user_id), moved);
    return moved;
  });
}

const PAYOUT_BEING_SENT =
  'This payout is being sent to Paystack by another approval. Look again in a minute: it will be processing, or pending again if Paystack refused it.';
const PAYOUT_INTERRUPTED =
  'Sending this payout to Paystack was interrupted. Approve it again: Paystack pays a payout once, however often it is sent.';

/** A claim left by a process that stopped before Paystack answered it. */
const isStale = (deps: PayoutDeps, row: AffiliatePayoutRow) =>
  row.processed_at !== null && timeBetween(row.processed_at, deps.clock.now()) >= STALE_CLAIM_MS;

/** Completing a transferred payout asks Paystack: done, still on its way (409), or failed. */
async function transferResult(transfers: PayoutTransfers, reference: string) {
  const transfer = await guarded(() => transfers.verify(reference));
  const status = transfer?.status ?? 'unknown';
  if (status === TRANSFER_DONE) return { transfer_status: status };
  if (TRANSFER_FAILED.includes(status)) {
    return {
      status: 'failed',
      transfer_status: status,
      notes: `Paystack reports the transfer ${status}; the amount is back in the balance.`,
    };
  }
  throw conflict(
    `Paystack has not finished this transfer yet (status: ${status}). Complete it when Paystack reports success.`,
  );
}

/**
 * Paystack's transfer.success / transfer.failed / transfer.reversed webhooks: the outcome is asked
 * of Paystack again (never taken from the event), and only a processing payout moves.
 */
export async function settleTransfer(deps: PayoutDeps, reference: string): Promise<void> {
  if (!deps.transfers) return;
  const payout = await deps
    .db('affiliate_payouts')
    .where({ reference, status: 'processing' })
    .whereNotNull('transfer_code')
    .first();
  if (!payout) return;
  const transfer = await deps.transfers.verify(reference);
  if (!transfer || (transfer.status !== TRANSFER_DONE && !TRANSFER_FAILED.includes(transfer.status))) return;
  const done = transfer.status === TRANSFER_DONE;
  await deps.db.transaction(async (trx) => {
    const [row] = await trx('affiliate_payouts')
      .where({ id: payout.id, status: 'processing' })
      .update({
        status: done ? 'completed' : 'failed',
        transfer_status: transfer.status,
        processed_at: deps.clock.now(),
        ...(done
          ? {}
          : { notes: `Paystack reports the transfer ${transfer.status}; the amount is back in the balance.` }),
      })
      .returning('*');
    if (row) await notifyAffiliate(deps, trx, Number(row.affiliate_user_id), toPayout(row));
  });
}

/**
 * The payout states (docs/PRODUCT.md "Affiliates, commission and payouts"). The row is locked while the rule is checked; `onMoved` runs in the
 * same transaction (the administrator's audit entry), as does the email telling the affiliate.
 */
export async function movePayout(
  deps: PayoutDeps,
  payoutId: number,
  action: keyof typeof PAYOUT_TRANSITIONS,
  notes?: string,
  onMoved?: (trx: Knex.Transaction, before: Payout, after: Payout) => Promise<void>,
): Promise<Payout> {
  const rule = PAYOUT_TRANSITIONS[action];
  const refuseUnlessMovable: (row: AffiliatePayoutRow | undefined) => asserts row is AffiliatePayoutRow = (row) => {
    if (!row) throw notFound('Payout not found.');
    if (row.status !== rule.from) {
      throw conflict(`This payout is ${row.status}; only a ${rule.from} payout can be ${PAST_TENSE[action]}.`);
    }
  };
  // Paystack is asked outside any transaction (no lock or connection held while it answers).
  const before = await deps.db('affiliate_payouts').where({ id: payoutId }).first();
  if (before?.transfer_status === SENDING) {
    const interrupted = before.status === 'processing' && isStale(deps, before);
    if (!(interrupted && action === 'approve' && deps.transfers))
      throw conflict(interrupted ? PAYOUT_INTERRUPTED : PAYOUT_BEING_SENT);
  } else {
    refuseUnlessMovable(before);
  }
  let fromPaystack: object = {};
  if (deps.transfers && action === 'approve') {
    const request = await transferFor(deps.db, before);
    if (request) return approveByTransfer({ ...deps, transfers: deps.transfers }, before, request, onMoved);
  } else if (deps.transfers && action === 'complete' && before.transfer_code) {
    // Asked again under the lock below: only a payout still processing moves.
    fromPaystack = await transferResult(deps.transfers, before.reference);
  }
  const payout = await deps.db.transaction(async (trx) => {
    const current = await trx('affiliate_payouts').where({ id: payoutId }).forUpdate().first();
    refuseUnlessMovable(current);
    const changes: Writable<AffiliatePayoutRow> = { status: rule.to };
    if (action === 'complete' || action === 'reject') changes.processed_at = deps.clock.now();
    if (notes !== undefined) changes.notes = notes;
    Object.assign(changes, fromPaystack);
    const [row] = await trx('affiliate_payouts').where({ id: payoutId }).update(changes).returning('*');
    const moved = toPayout(row);
    await onMoved?.(trx, toPayout(current), moved);
    await notifyAffiliate(deps, trx, Number(row.affiliate_user_id), moved);
    return moved;
  });
  return payout;
}
