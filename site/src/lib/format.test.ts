import { describe, expect, it } from 'vitest';
import { addDays, calendarWeeks, dateLabel, milesLabel, monthsCaption, ratingLabel, rateRange, statusVariant, timeLabel } from './format.ts';

describe('format', () => {
  it('writes rates, times, dates, distances and ratings as the cards show them', () => {
    expect(rateRange(30, 50)).toBe('₵30–₵50/hour');
    expect(rateRange(40, 40)).toBe('₵40/hour');
    expect(timeLabel('08:00')).toBe('8:00 AM');
    expect(timeLabel('12:00')).toBe('12:00 PM');
    expect(timeLabel('17:00')).toBe('5:00 PM');
    expect(dateLabel('2025-01-15')).toBe('Wed, 15 Jan 2025');
    expect(milesLabel(2.345)).toBe('2.3 miles');
    expect(milesLabel(1.04)).toBe('1 mile');
    expect(milesLabel(0.96, { approximate: true })).toBe('about 1 mile');
    expect(milesLabel(0.2, { approximate: true })).toBe('within about a mile');
    expect(milesLabel(0)).toBe('0 miles');
    expect(ratingLabel(null)).toBe('New');
    expect(ratingLabel(5)).toBe('5.0');
  });

  it('maps booking statuses to the spec badge styles', () => {
    expect(['completed', 'confirmed', 'pending', 'cancelled'].map(statusVariant)).toEqual(['default', 'secondary', 'outline', 'destructive']);
  });

  it('builds Sunday-first weeks covering the range', () => {
    // 2025-01-15 is a Wednesday; 14 days later is Tuesday 2025-01-28.
    const weeks = calendarWeeks('2025-01-15', addDays('2025-01-15', 13));
    expect(weeks).toHaveLength(3);
    expect(weeks[0][0]).toEqual({ date: '2025-01-12', day: 12, inRange: false });
    expect(weeks[0][3]).toEqual({ date: '2025-01-15', day: 15, inRange: true });
    expect(weeks[2][6]).toEqual({ date: '2025-02-01', day: 1, inRange: false });
    expect(weeks.every((w) => w.length === 7 && new Date(`${w[0].date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    expect(monthsCaption('2025-01-15', '2025-01-28')).toBe('January 2025');
    expect(monthsCaption('2025-01-25', '2025-02-07')).toBe('January – February 2025');
    expect(monthsCaption('2025-12-25', '2026-01-07')).toBe('December 2025 – January 2026');
  });
});
