import { expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES } from './categories.ts';
import { AFFILIATE_COMMISSION_RATE, lengthOffers, lengthPricePesewas, NO_LENGTH_DISCOUNTS, PLANS } from './plans.ts';

it('prices the plans at ₵10 (1000) and ₵27 (2700) a month', () => {
  expect(PLANS.customer).toMatchObject({ amount: 10, amountKobo: 1000, duration: 'monthly' });
  expect(PLANS.professional).toMatchObject({ amount: 27, amountKobo: 2700, duration: 'monthly' });
  for (const plan of Object.values(PLANS)) expect(plan.amountKobo).toBe(plan.amount * 100);
});

it('pays affiliates ₵4.00 and ₵10.80 for the first month (40%)', () => {
  expect(Math.round(PLANS.customer.amountKobo * AFFILIATE_COMMISSION_RATE)).toBe(400);
  expect(Math.round(PLANS.professional.amountKobo * AFFILIATE_COMMISSION_RATE)).toBe(1080);
});

it('has the 12 categories with option values stripped of spaces and slashes', () => {
  expect(CATEGORY_NAMES).toHaveLength(12);
  expect(CATEGORIES.find((c) => c.name === 'Mason/Tiler')?.value).toBe('MasonTiler');
  expect(CATEGORIES.find((c) => c.name === 'Fashion Designer')?.value).toBe('FashionDesigner');
});

it('prices 1, 3, 6 and 12 months at the monthly price × months, less the discount for that length, to the pesewa', () => {
  expect(lengthOffers(2700, NO_LENGTH_DISCOUNTS)).toEqual([
    { months: 1, price: 27, discountPercent: 0 },
    { months: 3, price: 81, discountPercent: 0 },
    { months: 6, price: 162, discountPercent: 0 },
    { months: 12, price: 324, discountPercent: 0 },
  ]);
  const discounts = { 3: 5, 6: 10, 12: 17 };
  expect(lengthPricePesewas(2700, 1, discounts)).toBe(2700);
  expect(lengthPricePesewas(2700, 6, discounts)).toBe(14580); // 16200 less 10%
  expect(lengthPricePesewas(1000, 12, discounts)).toBe(9960); // 12000 less 17%
  expect(lengthPricePesewas(1005, 3, discounts)).toBe(2864); // 3015 × 0.95 = 2864.25
});
