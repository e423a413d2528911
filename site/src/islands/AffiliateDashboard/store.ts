import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { AFFILIATE_MINIMUM_PAYOUT_CEDIS } from '../../../../contract/plans.ts';
import { ApiError, DASHBOARD_MESSAGES, NetworkError, TimeoutError, apiFetch, clearQueryCache, dashboardLoadErrorMessage, query, userDataPath } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { useUserEvents } from '../../ui/useUserEvents.ts';
import { noteVisit } from '../../stores/welcome.ts';
import type { Payout } from '../../../../contract/affiliates.ts';

// Not imported from the professional dashboard's store: that module brings the zod schemas along.
export type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };
export type Outcome = { ok: boolean; message: string };

/** An action's error as text: the server's message, or the connection problem. */
function failure(error: unknown): Outcome {
  if (error instanceof ApiError) return { ok: false, message: error.message };
  if (error instanceof TimeoutError) return { ok: false, message: DASHBOARD_MESSAGES.timeout };
  if (error instanceof NetworkError) return { ok: false, message: DASHBOARD_MESSAGES.unreachable };
  return { ok: false, message: 'Something went wrong. Please try again.' };
}

/** The affiliate's dashboard data (spec 001 §3 "Affiliate record", "Referral", "Payout"), from the ledger. */

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

/** Spec 001 §5, in the server's words: "Minimum payout is ₵250. You currently have ₵4.00". */
export const minimumPayoutMessage = (pending: number): string =>
  `Minimum payout is ₵${MINIMUM_PAYOUT}. You currently have ₵${pending.toFixed(2)}`;

export const canRequestPayout = (record: Pick<AffiliateRecord, 'pendingPayout' | 'status'>): boolean =>
  record.status === 'active' && record.pendingPayout >= MINIMUM_PAYOUT;

export const PAYOUT_METHODS: Record<string, string> = { 'mobile-money': 'Mobile Money', 'bank-account': 'Bank account' };

/**
 * GET /api/affiliate-data/{email}, with Try Again (`reload(false)`) and a quiet refresh after a
 * change (`reload(true)`: the figures stay on screen until the new ones arrive), here or live.
 */
export function useAffiliate(user: SessionUser): { load: Load<AffiliateRecord>; reload: (quiet: boolean) => void } {
  const [load, setLoad] = useState<Load<AffiliateRecord>>({ state: 'loading' });
  const [attempt, setAttempt] = useState({ n: 0, quiet: false });
  const shown = useRef(false);
  useEffect(() => {
    const controller = new AbortController();
    if (!attempt.quiet || !shown.current) setLoad({ state: 'loading' });
    (async () => {
      try {
        const answer = await query<{ affiliate: AffiliateRecord }>(userDataPath('affiliate', user.email), {
          token: $session.get().token,
          signal: controller.signal,
          fresh: attempt.n > 0,
        });
        shown.current = true;
        noteVisit(answer.affiliate);
        setLoad({ state: 'loaded', data: answer.affiliate });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (attempt.quiet && shown.current) return; // keep what is shown
        shown.current = false;
        setLoad({ state: 'failed', message: dashboardLoadErrorMessage(error, { affiliate: true }) });
      }
    })();
    return () => controller.abort();
  }, [user.email, attempt]);
  const reload = (quiet: boolean) => setAttempt((a) => ({ n: a.n + 1, quiet }));
  // A commission earned or a payout moving changes the balance: read it again quietly (live, issue #18).
  useUserEvents(['commission.earned', 'payout.moved', 'reset'], () => reload(true));
  return { load, reload };
}

/** POST /api/affiliate/payouts: the whole pending balance (the server checks the ₵250 minimum). */
export async function requestPayout(): Promise<Outcome> {
  try {
    const answer = await apiFetch<{ message?: string; payout: Payout }>('/api/affiliate/payouts', {
      method: 'POST',
      body: {},
      token: $session.get().token,
    });
    clearQueryCache('/api/affiliate-data/');
    clearQueryCache('/api/affiliate/payouts');
    const amount = `₵${answer.payout.amount.toFixed(2)}`;
    return { ok: true, message: `${answer.message ?? 'Payout requested.'} ${amount} will be paid to your ${PAYOUT_METHODS[answer.payout.method] ?? answer.payout.method}. Reference: ${answer.payout.reference}` };
  } catch (error) {
    return failure(error);
  }
}
