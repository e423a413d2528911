import type { PayoutStatus } from '../../../../contract/affiliates.ts';

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
