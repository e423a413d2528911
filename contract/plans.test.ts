import { expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES } from './categories.ts';
import { AFFILIATE_COMMISSION_RATE, PLANS } from './plans.ts';

it('prices the plans as spec 000 §9 states: ₵10 (1000) and ₵27 (2700) a month', () => {
  expect(PLANS.customer).toMatchObject({ amount: 10, amountKobo: 1000, duration: 'monthly' });
  expect(PLANS.professional).toMatchObject({ amount: 27, amountKobo: 2700, duration: 'monthly' });
  for (const plan of Object.values(PLANS)) expect(plan.amountKobo).toBe(plan.amount * 100);
});

it('pays affiliates ₵4.00 and ₵10.80 for the first month (40%)', () => {
  expect(Math.round(PLANS.customer.amountKobo * AFFILIATE_COMMISSION_RATE)).toBe(400);
  expect(Math.round(PLANS.professional.amountKobo * AFFILIATE_COMMISSION_RATE)).toBe(1080);
});

it('has the 12 categories with option values stripped of spaces and slashes (spec 001 §3)', () => {
  expect(CATEGORY_NAMES).toHaveLength(12);
  expect(CATEGORIES.find((c) => c.name === 'Mason/Tiler')?.value).toBe('MasonTiler');
  expect(CATEGORIES.find((c) => c.name === 'Fashion Designer')?.value).toBe('FashionDesigner');
});
