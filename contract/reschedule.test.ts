import { describe, expect, it } from 'vitest';
import { answerBy, deadlineLabel } from './reschedule.ts';

// docs/PRODUCT.md "Bookings": the earlier of 24 hours after the request and 2 hours before the
// start; a request made later than that is answered by the start.
describe('answerBy', () => {
  const made = new Date('2026-11-22T09:00:00Z');
  it.each([
    ['a job days ahead: 24 hours after', '2026-11-25T10:00:00Z', '2026-11-23T09:00:00.000Z'],
    ['a job tomorrow morning: 2 hours before its start', '2026-11-23T10:00:00Z', '2026-11-23T08:00:00.000Z'],
    ['exactly 26 hours ahead: both the same', '2026-11-23T11:00:00Z', '2026-11-23T09:00:00.000Z'],
    ['a job in 90 minutes: by its start', '2026-11-22T10:30:00Z', '2026-11-22T10:30:00.000Z'],
    ['a job exactly 2 hours ahead: by its start', '2026-11-22T11:00:00Z', '2026-11-22T11:00:00.000Z'],
  ])('%s', (_label, start, expected) => {
    expect(answerBy(made, new Date(start)).toISOString()).toBe(expected);
  });
});

it('writes a deadline as the weekday and the time on the 12-hour clock of booking times, Ghana time', () => {
  expect(deadlineLabel('2026-11-24T14:00:00.000Z')).toBe('Tue 2:00 PM');
  expect(deadlineLabel('2026-11-22T09:05:00.000Z')).toBe('Sun 9:05 AM');
});
