import { expect, it } from 'vitest';
import { offerText } from './prices.ts';

it('says each length and its price in plain words, with the discount when there is one', () => {
  expect(offerText({ months: 1, price: 10, discountPercent: 0 })).toBe('1 month — ₵10.00');
  expect(offerText({ months: 6, price: 162, discountPercent: 0 })).toBe('6 months — ₵162.00');
  expect(offerText({ months: 12, price: 291.6, discountPercent: 10 })).toBe('12 months — ₵291.60 (10% off)');
});
