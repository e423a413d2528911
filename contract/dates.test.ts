import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addTime,
  addYears,
  atHour,
  calendarWeeks,
  clockTime,
  compactDay,
  dateLabel,
  dateTimeLabel,
  DAY_MS,
  dayMonth,
  dayOf,
  durationMs,
  daysLeft,
  HOUR_MS,
  longDate,
  longDateLabel,
  MINUTE_MS,
  monthLabel,
  monthOf,
  monthOfDay,
  monthsCaption,
  monthStart,
  monthWeeks,
  parseMonth,
  SECOND_MS,
  secondsBetween,
  seenAtLabel,
  shiftMonth,
  shortDate,
  shortMonthLabel,
  stampLabel,
  startLabel,
  startMs,
  startOfDay,
  startOfHour,
  subtractTime,
  timeBetween,
  timeLabel,
  todayInGhana,
  wholeDaysBetween,
  weekdayLabel,
  weekdayOf,
  yearOf,
} from './dates.ts';

const at = (iso: string) => new Date(iso);

describe('lengths of time', () => {
  it('are a minute, an hour and a day in milliseconds', () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  });
});

describe('instants and lengths of time', () => {
  const now = at('2026-11-22T09:00:00Z');

  it('adds up a duration in any units', () => {
    expect(durationMs({})).toBe(0);
    expect(durationMs({ hours: 1, minutes: 30 })).toBe(90 * MINUTE_MS);
    expect(durationMs({ days: 2, seconds: 3, ms: 4 })).toBe(2 * DAY_MS + 3 * SECOND_MS + 4);
  });

  it('moves an instant forward and back, from a Date, an ISO string or milliseconds', () => {
    expect(addTime(now, { minutes: 20 }).toISOString()).toBe('2026-11-22T09:20:00.000Z');
    expect(addTime('2026-11-22T23:30:00Z', { hours: 1 }).toISOString()).toBe('2026-11-23T00:30:00.000Z');
    expect(addTime(now.getTime(), { days: 30 }).toISOString()).toBe('2026-12-22T09:00:00.000Z');
    expect(subtractTime(now, { days: 7 }).toISOString()).toBe('2026-11-15T09:00:00.000Z');
    expect(subtractTime(now, { ms: HOUR_MS }).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    // A new Date each time: the caller's is never changed.
    expect(addTime(now, { days: 1 })).not.toBe(now);
    expect(now.toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });

  it('measures the time between two instants, negative when the second is earlier', () => {
    expect(timeBetween(now, '2026-11-22T10:30:00Z')).toBe(90 * MINUTE_MS);
    expect(timeBetween('2026-11-22T10:30:00Z', now)).toBe(-90 * MINUTE_MS);
    expect(secondsBetween(now, addTime(now, { ms: 1500 }))).toBe(1.5);
    expect(wholeDaysBetween(now, addTime(now, { days: 2, hours: 23 }))).toBe(2);
    expect(wholeDaysBetween(now, subtractTime(now, { hours: 1 }))).toBe(-1);
  });

  it("reads an instant's day, weekday, year, day start and hour start in Ghana", () => {
    expect(dayOf('2026-11-22T23:59:59.999Z')).toBe('2026-11-22');
    expect(dayOf(Date.UTC(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    expect(startOfDay(now).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfHour(at('2026-11-22T09:59:59.999Z')).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    // 22 November 2026 is a Sunday.
    expect([weekdayOf(now), weekdayOf('2026-11-23'), weekdayOf('2026-11-28T23:59:00Z')]).toEqual([0, 1, 6]);
    expect([yearOf(at('2026-12-31T23:59:59Z')), yearOf('2027-01-01T00:00:00Z')]).toEqual([2026, 2027]);
  });

  it('puts an hour on a real day, and refuses a day the calendar does not have', () => {
    expect(atHour('2026-12-01', 9)?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(atHour('2028-02-29', 23)?.toISOString()).toBe('2028-02-29T23:00:00.000Z');
    expect(atHour('2027-02-29', 9)).toBeNull();
    expect(atHour('2026-02-30', 9)).toBeNull();
    expect(atHour('2026-13-01', 9)).toBeNull();
    expect(atHour('2026-12-01', 24)).toBeNull();
  });
});

describe('addMonths', () => {
  it('keeps the day and the time of day, rolling over the year', () => {
    expect(addMonths(at('2026-11-22T09:00:00Z')).toISOString()).toBe('2026-12-22T09:00:00.000Z');
    expect(addMonths(at('2026-12-15T23:59:59.999Z')).toISOString()).toBe('2027-01-15T23:59:59.999Z');
    expect(addMonths(at('2026-01-15T08:00:00Z'), -1).toISOString()).toBe('2025-12-15T08:00:00.000Z');
  });

  it("clamps to the month's last day at month ends", () => {
    expect(addMonths(at('2027-01-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-03-31T10:00:00Z')).toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(addMonths(at('2026-03-31T10:00:00Z'), -1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    // From the 30th a month later is the 30th again, not the end of the month.
    expect(addMonths(at('2026-04-30T10:00:00Z')).toISOString()).toBe('2026-05-30T10:00:00.000Z');
  });

  it('knows leap years: 29 February in 2028 and 2000, not in 2027 nor 2100', () => {
    expect(addMonths(at('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2000-01-31T00:00:00Z')).toISOString()).toBe('2000-02-29T00:00:00.000Z');
    expect(addMonths(at('2100-01-31T00:00:00Z')).toISOString()).toBe('2100-02-28T00:00:00.000Z');
    expect(addMonths(at('2028-02-29T12:00:00Z'), 12).toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(addMonths(at('2028-02-29T12:00:00Z'), 1).toISOString()).toBe('2028-03-29T12:00:00.000Z');
  });

  it('buys 1, 3, 6 and 12 months from one date', () => {
    const from = at('2026-11-30T09:00:00Z');
    expect([1, 3, 6, 12].map((n) => addMonths(from, n).toISOString().slice(0, 10))).toEqual([
      '2026-12-30',
      '2027-02-28',
      '2027-05-30',
      '2027-11-30',
    ]);
  });
});

describe('addYears', () => {
  it('keeps the day and time, and clamps 29 February', () => {
    expect(addYears(at('2026-11-22T09:00:00Z'), -3).toISOString()).toBe('2023-11-22T09:00:00.000Z');
    expect(addYears(at('2028-02-29T12:00:00Z'), -3).toISOString()).toBe('2025-02-28T12:00:00.000Z');
  });
});

describe('months and days as strings', () => {
  it('moves whole months and days across year ends and leap days', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', 14)).toBe('2028-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('starts months and counts days left', () => {
    expect(monthStart(at('2026-11-22T09:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(at('2026-03-31T23:59:00Z'), 11).toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(monthOf(at('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(monthOfDay('2026-12-31')).toBe('2026-12');
    expect(parseMonth('2027-02').toISOString()).toBe('2027-02-01T00:00:00.000Z');
    const now = at('2026-11-22T09:00:00Z');
    expect(daysLeft(new Date(now.getTime() + 2.5 * DAY_MS), now)).toBe(3);
    expect(daysLeft(new Date(now.getTime() + 7 * DAY_MS), now)).toBe(7);
    expect(daysLeft(new Date(now.getTime() - DAY_MS), now)).toBe(0);
  });
});

describe('Ghana time is UTC, whatever the machine says', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // A minute before midnight GMT: already the next day in Auckland, still the day before in Los Angeles.
  const lateNight = at('2026-11-22T23:59:00Z');
  const read = () => [
    todayInGhana(lateNight),
    monthOf(at('2026-11-30T23:30:00Z')),
    clockTime(lateNight),
    longDate(lateNight),
    shortDate(lateNight),
    dayMonth(lateNight),
    dateTimeLabel(lateNight),
    stampLabel(lateNight),
    dateLabel('2026-11-22'),
    monthLabel('2026-11'),
    addMonths(at('2027-01-31T23:30:00Z')).toISOString(),
    startMs('2026-11-23', '09:00'),
  ];

  it('gives the same dates and times in Accra, Auckland and Los Angeles', () => {
    process.env.TZ = 'Africa/Accra';
    const accra = read();
    expect(accra).toEqual([
      '2026-11-22',
      '2026-11',
      '23:59',
      '22 November 2026',
      '22 Nov 2026',
      '22 Nov',
      '22 Nov 2026, 11:59 pm GMT',
      '22 Nov 2026, 23:59',
      'Sun, 22 Nov 2026',
      'November 2026',
      '2027-02-28T23:30:00.000Z',
      Date.UTC(2026, 10, 23, 9),
    ]);
    process.env.TZ = 'Pacific/Auckland';
    expect(lateNight.getDate()).toBe(23); // the zone took effect: local time is the next day there
    expect(read()).toEqual(accra);
    process.env.TZ = 'America/Los_Angeles';
    expect(lateNight.getHours()).toBe(15);
    expect(read()).toEqual(accra);
  });

  it('takes today from the instant in GMT', () => {
    expect(todayInGhana(at('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
    expect(todayInGhana(at('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
  });
});

describe('12-hour times', () => {
  it('writes midnight and noon as 12, and keeps the minutes', () => {
    expect(
      ['00:00', '00:30', '01:05', '08:00', '11:59', '12:00', '12:30', '13:00', '17:00', '23:59'].map(timeLabel),
    ).toEqual([
      '12:00 AM',
      '12:30 AM',
      '1:05 AM',
      '8:00 AM',
      '11:59 AM',
      '12:00 PM',
      '12:30 PM',
      '1:00 PM',
      '5:00 PM',
      '11:59 PM',
    ]);
  });

  it('reads an hour alone, and a time with seconds, as the database may give it', () => {
    expect(timeLabel('09')).toBe('9:00 AM');
    expect(timeLabel('09:30:00')).toBe('9:30 AM');
  });

  it("labels a job's start", () => {
    expect(startLabel('2026-12-01', '10:00')).toBe('Tue 1 Dec, 10:00 AM');
    expect(startLabel('2026-12-06', '00:00')).toBe('Sun 6 Dec, 12:00 AM');
    expect(startMs('2026-12-01', '10:00')).toBe(Date.UTC(2026, 11, 1, 10));
  });
});

describe('date labels, in en-GH', () => {
  it('writes days as the screens, emails and texts show them', () => {
    expect(longDate(at('2024-01-15'))).toBe('15 January 2024');
    expect(dateLabel('2025-01-15')).toBe('Wed, 15 Jan 2025');
    expect(longDateLabel('2025-01-15')).toBe('Wednesday, 15 January 2025');
    // Emails: with a comma after the weekday; texts: none.
    expect(weekdayLabel('2026-11-23')).toBe('Monday, 23 November');
    expect(compactDay('2026-11-24')).toBe('Tue 24 Nov');
    expect(shortDate(at('2026-11-01T07:05:00Z'))).toBe('1 Nov 2026');
    expect(dateTimeLabel(at('2026-11-25T00:05:00Z'))).toBe('25 Nov 2026, 12:05 am GMT');
    expect(clockTime(at('2026-11-25T00:05:00Z'))).toBe('00:05');
    expect(clockTime('2026-11-25T13:05:09.500Z', { seconds: true })).toBe('13:05:09');
  });

  it('writes when a screen last had news: the time today, with the day on another day', () => {
    const now = at('2026-11-25T10:43:00Z');
    expect(seenAtLabel(at('2026-11-25T10:42:00Z'), now)).toBe('10:42 AM');
    expect(seenAtLabel(at('2026-11-25T00:00:00Z'), now)).toBe('12:00 AM');
    expect(seenAtLabel(at('2026-11-24T23:59:00Z'), now)).toBe('11:59 PM on 24 Nov');
    expect(seenAtLabel(at('2026-09-03T09:05:00Z'), now)).toBe('9:05 AM on 3 Sep');
  });

  it('writes September as Intl does ("Sept") in the Intl labels, and "Sep" in the fixed-name ones, as the screens always have', () => {
    expect(shortDate(at('2026-09-01T07:05:00Z'))).toBe('1 Sept 2026');
    expect(dateLabel('2026-09-01')).toBe('Tue, 1 Sept 2026');
    expect(compactDay('2026-09-01')).toBe('Tue 1 Sept');
    expect(stampLabel(at('2026-09-01T07:05:00Z'))).toBe('1 Sep 2026, 07:05');
    expect(startLabel('2026-09-01', '07:00')).toBe('Tue 1 Sep, 7:00 AM');
    expect(shortMonthLabel('2026-09')).toBe('Sep 2026');
  });

  it('writes months and captions', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(shortMonthLabel('2026-03')).toBe('Mar 2026');
    expect(shortMonthLabel('2025-12')).toBe('Dec 2025');
    expect(monthsCaption('2025-01-15', '2025-01-28')).toBe('January 2025');
    expect(monthsCaption('2025-01-25', '2025-02-07')).toBe('January – February 2025');
    expect(monthsCaption('2025-12-25', '2026-01-07')).toBe('December 2025 – January 2026');
  });
});

describe('calendars, Sunday first', () => {
  it('covers a range with whole weeks', () => {
    // 2025-01-15 is a Wednesday; 14 days later is Tuesday 2025-01-28.
    const weeks = calendarWeeks('2025-01-15', addDays('2025-01-15', 13));
    expect(weeks).toHaveLength(3);
    expect(weeks[0][0]).toEqual({ date: '2025-01-12', day: 12, inRange: false });
    expect(weeks[0][3]).toEqual({ date: '2025-01-15', day: 15, inRange: true });
    expect(weeks[2][6]).toEqual({ date: '2025-02-01', day: 1, inRange: false });
    expect(weeks.every((w) => w.length === 7 && new Date(`${w[0].date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
  });

  it('lays out a month with empty cells around it', () => {
    // 1 November 2026 is a Sunday; 1 January 2026 is a Thursday.
    const november = monthWeeks('2026-11');
    expect(november[0]?.[0]).toBe('2026-11-01');
    expect(november.at(-1)).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    const january = monthWeeks('2026-01');
    expect(january[0]).toEqual([null, null, null, null, '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(january.every((week) => week.length === 7)).toBe(true);
  });

  it('has 29 days in February 2028, 28 in February 2027, and a month that starts on Sunday and ends on Saturday fills exact weeks', () => {
    expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29);
    expect(monthWeeks('2027-02').flat().filter(Boolean)).toHaveLength(28);
    // February 2026 starts on a Sunday and has 28 days: four full weeks, no padding.
    expect(monthWeeks('2026-02')).toHaveLength(4);
    expect(monthWeeks('2026-02').flat().every(Boolean)).toBe(true);
  });
});
