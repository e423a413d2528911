import type { SessionUser } from '../../../../contract/account-types.ts';
import { AFFILIATE_MINIMUM_PAYOUT_CEDIS } from '../../../../contract/plans.ts';
import { formatCedisText } from '../../../../contract/money.ts';
import {
  apiFetch,
  clearQueryCache,
  dashboardLoadErrorMessage,
  query,
  userDataPath,
  userDataPrefix,
} from '../../lib/api.ts';
import { useLoad, type Load } from '../../lib/load.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
import { $session } from '../../stores/session.ts';
import { useUserEvents } from '../../ui/useUserEvents.ts';
import { noteVisit } from '../../stores/welcome.ts';
import { AFFILIATES_PATHS, type Payout, type PayoutRequestedAnswer } from '../../../../contract/affiliates.ts';

export type { Outcome };

/** The affiliate's dashboard data (docs/PRODUCT.md "Affiliates, commission and payouts"), from the ledger. */

export interface Referral {
  id: number;
  name: string;
  type: 'customer' | 'professional';
  signupDate: string;
  commission: number;
  status: 'confirmed' | 'pending';
}

export type { Payout, PayoutStatus } from '../../../../contract/affiliates.ts';

export interface AffiliateRecord {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  location: string | null;
  joinDate: string;
  /** The profile photo's thumbnail, or null (initials are shown). */
  avatar: string | null;
  status: string;
  referrerCode: string;
  payoutMethod: 'mobile-money' | 'bank-account';
  payoutDetails: string | null;
  totalReferrals: number;
  paidReferrals: number;
  /** Percent of referred sign-ups that paid; null while there are none. */
  conversionRate: number | null;
  totalEarnings: number;
  /** Commissions credited this calendar month, Ghana time. */
  monthEarnings: number;
  pendingPayout: number;
  /** Until the account signs in a second time (docs/PRODUCT.md "Welcome"). */
  firstVisit: boolean;
  recentReferrals: Referral[];
  payouts: Payout[];
}

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
 * GET /api/affiliate-data/{email}, with Try Again (`reload(false)`) and a quiet refresh after a
 * change (`reload(true)`: the figures stay on screen until the new ones arrive), here or live.
 */
export function useAffiliate(user: SessionUser): { load: Load<AffiliateRecord>; reload: (quiet: boolean) => void } {
  const { load, retry, refresh } = useLoad<AffiliateRecord>(
    user.email,
    async ({ signal, fresh }) => {
      const answer = await query<{ affiliate: AffiliateRecord }>(userDataPath('affiliate', user.email), {
        token: $session.get().token,
        signal,
        fresh,
      });
      noteVisit(answer.affiliate);
      return answer.affiliate;
    },
    {
      failure: (error) => dashboardLoadErrorMessage(error, { affiliate: true }),
      keep: { name: 'record', account: user.id },
    },
  );
  // A commission earned or a payout moving changes the balance: read it again quietly (live, issue #18).
  useUserEvents(['commission.earned', 'payout.moved', 'reset'], refresh);
  return { load, reload: (quiet) => (quiet ? refresh() : retry()) };
}

/** POST /api/affiliate/payouts: the whole pending balance (the server checks the ₵250 minimum). */
export async function requestPayout(): Promise<Outcome> {
  try {
    const answer = await apiFetch<PayoutRequestedAnswer>(AFFILIATES_PATHS.payouts, {
      method: 'POST',
      body: {},
      token: $session.get().token,
    });
    clearQueryCache(userDataPrefix('affiliate'));
    clearQueryCache(AFFILIATES_PATHS.payouts);
    const amount = formatCedisText(answer.payout.amount, { fixed: true });
    return {
      ok: true,
      message: `${answer.message ?? 'Payout requested.'} ${amount} will be paid to your ${PAYOUT_METHODS[answer.payout.method] ?? answer.payout.method}. Reference: ${answer.payout.reference}`,
    };
  } catch (error) {
    return failure(error);
  }
}
