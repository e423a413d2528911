import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAN_PRICES, type PlanPricesAnswer } from '../../../contract/plans.ts';
import { $connection } from './connection.ts';
import { $planPrices } from './plan-prices.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const set: PlanPricesAnswer = {
  success: true,
  prices: { customer: 30, professional: 60 },
  commissions: { customer: 3, professional: 6 },
  lengths: { customer: [], professional: [] },
};

afterEach(() => {
  cleanStores($planPrices);
  vi.unstubAllGlobals();
});

describe('the plan prices shown', () => {
  it('are the published ones until read, and stay so when the read fails; then the ones an administrator set', async () => {
    const fetch = vi.fn(async () => json(400, { success: false, message: 'Refused.' }));
    vi.stubGlobal('fetch', fetch);
    expect(fetch).not.toHaveBeenCalled();
    $planPrices.listen(() => undefined);
    expect($planPrices.value).toBe(DEFAULT_PLAN_PRICES);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/plans', expect.anything()));
    // Let the refused read settle (a read in flight would be shared by the next one).
    await fetch.mock.results[0]?.value;
    await new Promise((settled) => setTimeout(settled, 0));
    expect($planPrices.value).toBe(DEFAULT_PLAN_PRICES);

    fetch.mockImplementation(async () => json(200, set));
    $connection.set({ ...$connection.value, backOnline: $connection.value.backOnline + 1 });
    await vi.waitFor(() =>
      expect($planPrices.value).toEqual({ prices: set.prices, commissions: set.commissions, lengths: set.lengths }),
    );
  });
});
