import type { AdminPayout, AdminUser } from '../../../../contract/admin.ts';
import { formatCedis } from '../../../../contract/money.ts';
import type { PayoutAction } from './payouts.ts';

/** What a confirmation dialog says: its title, the question in plain words, and its confirm button. */
export interface Question {
  title: string;
  question: string;
  confirmLabel: string;
  danger: boolean;
}

const PAYOUT_METHODS: Record<string, string> = { 'mobile-money': 'Mobile Money', 'bank-account': 'bank transfer' };
const payTo = (payout: Pick<AdminPayout, 'method' | 'details'>) =>
  `${PAYOUT_METHODS[payout.method] ?? payout.method} (${payout.details})`;

/**
 * Approving, completing or rejecting a payout moves money (docs/PRODUCT.md "Administrators", "Ask first"): the
 * question names the amount, the affiliate and where the money goes.
 */
export function payoutQuestion(
  payout: Pick<AdminPayout, 'amount' | 'affiliateName' | 'method' | 'details' | 'reference'>,
  action: PayoutAction,
): Question {
  const amount = formatCedis(payout.amount, { fixed: true });
  switch (action) {
    case 'approve':
      return {
        title: `Approve ${amount} to ${payout.affiliateName}?`,
        question: `Approve the ${amount} payout to ${payout.affiliateName} by ${payTo(payout)}? It moves to Processing and the money is sent (by Paystack where it is set up, otherwise by you); mark it complete once it has arrived.`,
        confirmLabel: 'Approve payout',
        danger: false,
      };
    case 'complete':
      return {
        title: `Mark ${amount} to ${payout.affiliateName} as paid?`,
        question: `Mark the ${amount} payout to ${payout.affiliateName} as paid? Do this only once the money has reached ${payTo(payout)}: the payout closes as Completed and cannot be reopened.`,
        confirmLabel: 'Complete payout',
        danger: false,
      };
    case 'reject':
      return {
        title: `Reject ${amount} to ${payout.affiliateName}?`,
        question: `Reject the ${amount} payout to ${payout.affiliateName}? They are not paid, and the ${amount} goes back to their balance. This cannot be undone.`,
        confirmLabel: 'Reject payout',
        danger: true,
      };
  }
}

/** Suspending ends access at once; activating gives it back. The question says what the person will find. */
export function statusQuestion(
  account: Pick<AdminUser, 'name' | 'type' | 'status'>,
  next: 'active' | 'suspended',
): Question {
  if (next === 'suspended') {
    const after =
      account.type === 'affiliate'
        ? 'They are signed out now; they can still sign in to read their dashboard, but cannot ask for a payout or change anything.'
        : `They are signed out now and cannot sign in until an administrator activates the account${account.type === 'professional' ? '; they leave the search results' : ''}.`;
    return {
      title: `Suspend ${account.name}?`,
      question: `Suspend the account of ${account.name}? ${after}`,
      confirmLabel: 'Suspend account',
      danger: true,
    };
  }
  return {
    title: `Activate ${account.name}?`,
    question: `Activate the account of ${account.name} (now ${account.status})? They can sign in and use it again.`,
    confirmLabel: 'Activate account',
    danger: false,
  };
}
