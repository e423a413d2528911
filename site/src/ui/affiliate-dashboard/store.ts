import type { AffiliateRecord } from '../../../../contract/user-data.ts';
export type { AffiliateRecord, Referral } from '../../../../contract/user-data.ts';
import { AFFILIATE_MINIMUM_PAYOUT_CEDIS } from '../../../../contract/plans.ts';
import { formatCedisText } from '../../../../contract/money.ts';
import { useStore } from '@nanostores/react';
import type { Load } from '../../lib/load.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
import { $session } from '../../stores/session.ts';
import { recordStore } from '../../stores/record.ts';
import { requestAffiliatePayout } from '../../../../contract/affiliates.ts';
import { call } from '../../lib/call.ts';

export type { Outcome };

export type { Payout, PayoutStatus } from '../../../../contract/affiliates.ts';

export const MINIMUM_PAYOUT = AFFILIATE_MINIMUM_PAYOUT_CEDIS;

/** docs/PRODUCT.md "Affiliates, commission and payouts", in the server's words: "Minimum payout is ₵250. You currently have ₵4.00". */
export const minimumPayoutMessage = (pending: number): string =>
  `Minimum payout is ${formatCedisText(MINIMUM_PAYOUT)}. You currently have ${formatCedisText(pending, { fixed: true })}`;

export const canRequestPayout = (record: Pick<AffiliateRecord, 'pendingPayout' | 'status'>): boolean =>
  record.status === 'active' && record.pendingPayout >= MINIMUM_PAYOUT;

export const PAYOUT_METHODS: Record<string, string> = {
  'mobile-money': 'Mobile Money',
  'bank-account': 'Bank account',
};

/**
 * GET /api/affiliate-data/{email} (stores/record.ts), with Try Again (`reload(false)`) and a quiet
 * refresh after a change (`reload(true)`: the figures stay on screen until the new ones arrive);
 * a commission earned or a payout moving reads it again quietly.
 */
const affiliate = recordStore<AffiliateRecord>('affiliate');
export function useAffiliate(): { load: Load<AffiliateRecord>; reload: (quiet: boolean) => void } {
  const load = useStore(affiliate.$load);
  return { load, reload: (quiet) => (quiet ? affiliate.refresh() : void affiliate.retry()) };
}

/** POST /api/affiliate/payouts: the whole pending balance (the server checks the ₵250 minimum). */
export async function requestPayout(): Promise<Outcome> {
  try {
    const answer = await call(requestAffiliatePayout, {}, { token: $session.get().token });
    const amount = formatCedisText(answer.payout.amount, { fixed: true });
    return {
      ok: true,
      message: `${answer.message ?? 'Payout requested.'} ${amount} will be paid to your ${PAYOUT_METHODS[answer.payout.method] ?? answer.payout.method}. Reference: ${answer.payout.reference}`,
    };
  } catch (error) {
    return failure(error);
  }
}
