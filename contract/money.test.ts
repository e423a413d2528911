import { describe, expect, it } from 'vitest';
import {
  formatCedis,
  formatCedisText,
  PESEWA_MESSAGES,
  roundToPesewa,
  toCedis,
  toPesewas,
  wholePesewas,
} from './money.ts';

describe('contract/money.ts', () => {
  it('turns cedis into whole pesewas, rounding to the nearest', () => {
    expect(toPesewas(27)).toBe(2700);
    expect(toPesewas(27.5)).toBe(2750);
    expect(toPesewas(0.29)).toBe(29); // 0.29 × 100 is 28.999999999999996
    expect(toPesewas(10.004)).toBe(1000);
    expect(toPesewas(10.006)).toBe(1001);
    expect(toPesewas(0)).toBe(0);
  });

  it('turns pesewas from database rows into cedis: numbers, strings, bigints, and null as ₵0', () => {
    expect(toCedis(2750)).toBe(27.5);
    expect(toCedis('16200')).toBe(162);
    expect(toCedis(1080n)).toBe(10.8);
    expect(toCedis(null)).toBe(0);
    expect(toCedis(undefined)).toBe(0);
    expect(toCedis(toPesewas(145.8))).toBe(145.8);
  });

  it('rounds amounts worked out from a rate to the pesewa', () => {
    expect(roundToPesewa(27 * 0.4)).toBe(10.8);
    expect(roundToPesewa(33 * 0.7)).toBe(23.1);
    expect(roundToPesewa(45.555)).toBe(45.56);
  });

  it('accepts amounts typed with at most 2 decimals', () => {
    expect(wholePesewas(45)).toBe(true);
    expect(wholePesewas(45.5)).toBe(true);
    expect(wholePesewas(0.29)).toBe(true);
    expect(wholePesewas(0.001)).toBe(false);
    expect(wholePesewas(45.555)).toBe(false);
    expect(PESEWA_MESSAGES.decimals).toBe('Use cedis with at most 2 decimals, such as 45 or 45.50');
  });

  it('shows cedis on screens in en-GH digits with the ₵ sign, 0–2 decimals, or exactly 2 when fixed', () => {
    expect(formatCedis(10)).toBe('₵10');
    expect(formatCedis(27)).toBe('₵27');
    expect(formatCedis(10.8)).toBe('₵10.8');
    expect(formatCedis(1250)).toBe('₵1,250');
    expect(formatCedis(4, { fixed: true })).toBe('₵4.00');
    expect(formatCedis(10.8, { fixed: true })).toBe('₵10.80');
    expect(formatCedis(1250, { fixed: true })).toBe('₵1,250.00');
  });

  it('writes cedis in texts as plain digits: as the amount is, fixed to 2 decimals, or GHS for an SMS', () => {
    expect(formatCedisText(27)).toBe('₵27');
    expect(formatCedisText(27.5)).toBe('₵27.5');
    expect(formatCedisText(10000)).toBe('₵10000');
    expect(formatCedisText(27, { fixed: true })).toBe('₵27.00');
    expect(formatCedisText(10.8, { fixed: true })).toBe('₵10.80');
    expect(formatCedisText(1250, { fixed: true })).toBe('₵1250.00');
    expect(formatCedisText(10, { fixed: true, sms: true })).toBe('GHS 10.00');
  });
});
