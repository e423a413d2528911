import { describe, expect, it } from 'vitest';
import { awayText, milesLabel, ratingLabel, rateRange, statusVariant } from './format.ts';

describe('format', () => {
  it('writes rates, distances and ratings as the cards show them', () => {
    expect(rateRange(30, 50)).toBe('₵30–₵50/hour');
    expect(rateRange(40, 40)).toBe('₵40/hour');
    expect(milesLabel(2.345)).toBe('2.3 miles');
    expect(milesLabel(1.04)).toBe('1 mile');
    expect(milesLabel(0.96, { approximate: true })).toBe('about 1 mile');
    expect(milesLabel(0.2, { approximate: true })).toBe('within about a mile');
    expect(milesLabel(0)).toBe('0 miles');
    // One unit, written out, wherever a distance shows (never "2.6 mi").
    expect(awayText({ distance: 2.6, positionSource: 'own' })).toBe(' · 2.6 miles');
    expect(awayText({ distance: 2.6, positionSource: 'city' })).toBe(' · about 2.6 miles');
    expect(awayText({ distance: null, positionSource: 'own' })).toBe('');
    expect(ratingLabel(null)).toBe('New');
    expect(ratingLabel(5)).toBe('5.0');
  });

  it('maps booking statuses to their badge styles', () => {
    expect(['completed', 'confirmed', 'pending', 'cancelled'].map(statusVariant)).toEqual([
      'default',
      'secondary',
      'outline',
      'destructive',
    ]);
  });
});
