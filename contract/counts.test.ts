import { describe, expect, it } from 'vitest';
import { countOf } from './counts.ts';

describe('countOf', () => {
  it('says one thing once and any other number in the plural', () => {
    expect(countOf(1, 'review')).toBe('1 review');
    expect(countOf(0, 'review')).toBe('0 reviews');
    expect(countOf(2, 'service used', 'services used')).toBe('2 services used');
    expect(countOf(1, 'service used', 'services used')).toBe('1 service used');
    expect(countOf(1.5, 'hour')).toBe('1.5 hours');
  });
});
