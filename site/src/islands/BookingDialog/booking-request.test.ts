import { describe, expect, it } from 'vitest';
import { BOOKING_HOURS, customRateBounds } from '../../../../contract/bookings.ts';
import { estimate, openTimes, rateProblem, rates, submitLabel, whenText } from './booking-request.ts';

describe('a booking request', () => {
  it('opens only the days that have times', () => {
    const open = openTimes([
      { date: '2026-12-01', times: ['09:00', '10:00'] },
      { date: '2026-12-02', times: [] },
    ]);
    expect([...open.keys()]).toEqual(['2026-12-01']);
    expect(open.get('2026-12-01')).toEqual(['09:00', '10:00']);
  });

  it('counts with the proposed rate only while negotiating and when it is a number', () => {
    expect(rates(false, '60', 50)).toEqual({ proposed: null, agreedRate: 50 });
    expect(rates(true, ' ', 50)).toEqual({ proposed: null, agreedRate: 50 });
    expect(rates(true, '60', 50)).toEqual({ proposed: 60, agreedRate: 60 });
    expect(rates(true, 'abc', 50).agreedRate).toBe(50);
  });

  it('refuses a proposed rate that is missing or outside the bounds, and takes one inside', () => {
    const bounds = customRateBounds(50, 100); // 35 to 120
    expect(rateProblem(null, bounds)).toMatch(/^Enter your proposed rate per hour \(suggested /);
    expect(rateProblem(Number.NaN, bounds)).toMatch(/^Enter your proposed rate/);
    expect(rateProblem(30, bounds)).toMatch(/^Your proposed rate must be between /);
    expect(rateProblem(121, bounds)).toMatch(/^Your proposed rate must be between /);
    expect(rateProblem(35, bounds)).toBeNull();
    expect(rateProblem(120, bounds)).toBeNull();
  });

  it('sums up what is chosen so far and what it costs', () => {
    expect(whenText(null, null)).toBe('Not chosen yet');
    expect(whenText('2026-12-01', null)).toMatch(/, choose a time$/);
    expect(whenText('2026-12-01', '09:00')).toMatch(/ at /);
    expect(estimate(45.5)).toBe(45.5 * BOOKING_HOURS);
    expect(submitLabel(false, true)).toBe('Submit Request with Custom Rate');
    expect(submitLabel(true, true)).toBe('Submitting...');
    expect(submitLabel(false, false)).toBe('Confirm Booking');
  });
});
