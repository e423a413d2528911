import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { afterIdQuery } from '../../../contract/ids.ts';
import { parseId, pathId } from './ids.ts';
import { HttpError } from './errors.ts';

describe('parseId: a row id is 1 to 15 digits without a leading zero', () => {
  it('reads the ids a row can have', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId('999999999999999')).toBe(999_999_999_999_999);
  });

  it.each([
    '',
    '0',
    '007',
    '-1',
    '+1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    'abc',
    '1'.repeat(16),
    '9'.repeat(100_000),
  ])('refuses %j', (raw) => {
    expect(parseId(raw)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const raw of [undefined, null, 1, ['1'], { toString: () => '1' }]) expect(parseId(raw)).toBeUndefined();
  });
});

describe('pathId', () => {
  it('is a 404 with the route’s own words for a malformed id', () => {
    expect(pathId('12', 'Booking not found.')).toBe(12);
    const error = (() => {
      try {
        pathId('abc', 'Booking not found.');
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'Booking not found.' });
  });
});

describe('afterIdQuery', () => {
  const schema = z.object({ since: afterIdQuery });
  it('is 0 when absent or 0, else the id', () => {
    expect(schema.parse({})).toEqual({ since: 0 });
    expect(schema.parse({ since: '0' })).toEqual({ since: 0 });
    expect(schema.parse({ since: '31' })).toEqual({ since: 31 });
  });
  it.each(['', '-1', '1.5', '1e20', '9'.repeat(16), 'abc'])('refuses %j', (since) => {
    expect(schema.safeParse({ since }).success).toBe(false);
  });
});
