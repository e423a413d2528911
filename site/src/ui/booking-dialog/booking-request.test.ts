import { describe, expect, it } from 'vitest';
import { BOOKING_HOURS, customRateBounds } from '../../../../contract/bookings.ts';
import { estimate, openTimes, otherCityWords, rateProblem, rates, submitLabel, whenText } from './booking-request.ts';

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

  it('says when the professional works in another city, how far from the job, before the request goes', () => {
    const ekow = {
      name: 'Ekow Mensah',
      location: 'Accra',
      coordinates: { lat: 5.6037, lng: -0.187 },
      positionSource: 'city' as const,
    };
    expect(otherCityWords(ekow, { city: 'Kumasi', address: 'Asokwa, Kumasi' })).toBe(
      'Ekow works in Accra, about 124 miles from Asokwa, Kumasi, where the job is.',
    );
    expect(otherCityWords(ekow, { city: 'kumasi', address: 'Asokwa' })).toMatch(/from Asokwa, Kumasi, where/);
    expect(otherCityWords(ekow, { city: 'Kumasi', address: null })).toMatch(/miles from Kumasi, where/);
    // The same city, or a city not known at either end: nothing to say.
    expect(otherCityWords(ekow, { city: 'Accra', address: 'Osu' })).toBeNull();
    expect(otherCityWords(ekow, { city: null, address: 'Asokwa' })).toBeNull();
    expect(otherCityWords({ ...ekow, positionSource: 'default' }, { city: 'Kumasi', address: null })).toBeNull();
    expect(otherCityWords({ ...ekow, location: null }, { city: 'Kumasi', address: null })).toBeNull();
  });
});
