import { atom, onMount } from 'nanostores';
import { DEFAULT_PLAN_PRICES, type PlanPrices, planPrices } from '../../../contract/plans.ts';
import { withRetry } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { onBackOnline } from './connection.ts';

/**
 * The prices and commissions in force (an administrator can change them), read when an
 * island first shows them. Until they arrive, and if they cannot be read, the published prices
 * (`DEFAULT_PLAN_PRICES`): the payment pop-up always shows the amount the server chose, so a failed
 * read here never changes what anyone pays. Not a `Load` (stores/load-store.ts): it is never
 * loading or failed, the published prices stand in, and the sign-in page's script budget is tight.
 */
export const $planPrices = atom<PlanPrices>(DEFAULT_PLAN_PRICES);

let readOnce = false;

async function readPrices(): Promise<void> {
  try {
    const answer = await withRetry(() => call(planPrices, {}));
    readOnce = true;
    $planPrices.set({ prices: answer.prices, commissions: answer.commissions, lengths: answer.lengths });
  } catch {
    // The published prices stay; see above.
  }
}

onMount($planPrices, () => {
  if (!readOnce) void readPrices();
  // A read that failed for want of a connection is tried again when it comes back.
  return onBackOnline(() => {
    if (!readOnce) void readPrices();
  });
});
