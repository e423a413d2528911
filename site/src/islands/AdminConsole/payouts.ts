import type { AdminPayout } from '../../../../contract/admin.ts';
import type { PayoutStatus } from '../../../../contract/affiliates.ts';
import { shortDate } from '../../../../contract/dates.ts';
import { formatCedis } from '../../../../contract/money.ts';

export type PayoutAction = 'approve' | 'reject' | 'complete';

/**
 * Payout transitions (docs/PRODUCT.md "Affiliates, commission and payouts"): pending → processing (approve) or failed (reject); processing →
 * completed (complete). A button shows only where its transition is allowed.
 */
const ACTIONS_BY_STATUS: Record<PayoutStatus, readonly PayoutAction[]> = {
  pending: ['approve', 'reject'],
  processing: ['complete'],
  completed: [],
  failed: [],
};

export const payoutActions = (status: PayoutStatus): readonly PayoutAction[] => ACTIONS_BY_STATUS[status];

export const PAYOUT_ACTION_LABELS: Record<PayoutAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  complete: 'Complete',
};

/**
 * A payout as a person names it: "the ₵300.00 payout to Kofi Payee requested on 25 Nov 2026" (its
 * reference is a code for the mobile money statement, not a name to read).
 */
export const payoutName = (p: Pick<AdminPayout, 'affiliateName' | 'amount' | 'requestDate'>): string =>
  `the ${formatCedis(p.amount, { fixed: true })} payout to ${p.affiliateName} requested on ${shortDate(new Date(p.requestDate))}`;

/** The status line after an action: "The ₵300.00 payout to Kofi Payee requested on 25 Nov 2026 was completed." */
export const payoutDoneText = (
  p: Pick<AdminPayout, 'affiliateName' | 'amount' | 'requestDate'>,
  action: PayoutAction,
) => {
  const name = payoutName(p);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} was ${PAYOUT_ACTION_DONE[action]}.`;
};

/** The success text after each action, with what the payout is now. */
export const PAYOUT_ACTION_DONE: Record<PayoutAction, string> = {
  approve: 'approved; it is now processing',
  reject: "rejected; the amount is back in the affiliate's balance",
  complete: 'completed',
};

/** Reject and complete may carry a note kept on the payout; approve takes none (the server refuses one). */
export const takesNote = (action: PayoutAction): boolean => action !== 'approve';

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export const PAYOUT_FILTERS: readonly (PayoutStatus | 'all')[] = [
  'all',
  'pending',
  'processing',
  'completed',
  'failed',
];
