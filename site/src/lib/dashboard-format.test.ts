import { expect, test } from 'vitest';
import { addMonths, hourLabel, monthLabel, monthWeeks, rateSummary, cedis } from './dashboard-format.ts';

test('month weeks start on Sunday and pad with empty cells', () => {
  // 1 November 2026 is a Sunday; 1 February 2026 too; 1 January 2026 is a Thursday.
  const november = monthWeeks('2026-11');
  expect(november[0]?.[0]).toBe('2026-11-01');
  expect(november.at(-1)).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
  const january = monthWeeks('2026-01');
  expect(january[0]).toEqual([null, null, null, null, '2026-01-01', '2026-01-02', '2026-01-03']);
  expect(january.every((week) => week.length === 7)).toBe(true);
  expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29);
});

test('labels: hours, months, month arithmetic across years, the rate preview', () => {
  expect(hourLabel('08:00')).toBe('8:00 AM');
  expect(hourLabel('12:00')).toBe('12:00 PM');
  expect(hourLabel('17:00')).toBe('5:00 PM');
  expect(hourLabel('00:00')).toBe('12:00 AM');
  expect(monthLabel('2026-11')).toBe('November 2026');
  expect(addMonths('2026-12', 1)).toBe('2027-01');
  expect(addMonths('2026-01', -1)).toBe('2025-12');
  expect(rateSummary(30, 55.5, true, cedis)).toBe('₵30–₵55.5 per hour · negotiable');
});
