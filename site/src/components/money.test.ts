import { expect, test } from 'vitest';
import { cedis } from './money.ts';

test('cedis: en-GH digits with the ₵ symbol, 0–2 decimals, or exactly 2 when fixed', () => {
  expect(cedis(10)).toBe('₵10');
  expect(cedis(27)).toBe('₵27');
  expect(cedis(10.8)).toBe('₵10.8');
  expect(cedis(4, true)).toBe('₵4.00');
  expect(cedis(10.8, true)).toBe('₵10.80');
  expect(cedis(1250)).toBe('₵1,250');
});
