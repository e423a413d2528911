import { expect, test } from 'vitest';
import { KEY_MESSAGES, keyProblem, mapsVerdict } from './checks.ts';

test('key format check in order: empty, prefix, length', () => {
  expect(keyProblem('')).toBe(KEY_MESSAGES.empty);
  expect(keyProblem('   ')).toBe(KEY_MESSAGES.empty);
  expect(keyProblem(`BIza${'x'.repeat(40)}`)).toBe(KEY_MESSAGES.invalid);
  expect(keyProblem('AIzaShort')).toBe(KEY_MESSAGES.short);
  expect(keyProblem(`AIza${'x'.repeat(25)}`)).toBe(KEY_MESSAGES.short); // 29 characters
  expect(keyProblem(`AIza${'x'.repeat(26)}`)).toBeNull(); // 30 characters
});

const location = { coordinates: { lat: 5.6037, lng: -0.187 }, address: 'Accra, Ghana', city: 'Accra' };

test('verdicts: working, no key, billing, key error, quota, other', () => {
  expect(mapsVerdict({ success: true, location: { ...location, source: 'google' } })).toMatchObject({
    working: true,
    apiStatus: 'OK',
  });
  expect(mapsVerdict({ success: true, location: { ...location, source: 'fallback' } })).toMatchObject({
    working: false,
    apiStatus: 'NOT_CONFIGURED',
  });
  const fallback = { ...location, source: 'fallback' as const };
  expect(
    mapsVerdict({ success: true, location: fallback, reason: 'billing', notice: 'billing is not enabled' }),
  ).toMatchObject({
    working: false,
    billingDisabled: true,
    apiStatus: 'REQUEST_DENIED',
  });
  expect(mapsVerdict({ success: true, location: fallback, reason: 'api_key', notice: 'key error' })).toMatchObject({
    billingDisabled: false,
    text: 'Google Maps API is not working: key error',
  });
  expect(mapsVerdict({ success: true, location: fallback, reason: 'quota', notice: 'q' }).text).toBe(
    'API quota exceeded',
  );
  expect(mapsVerdict({ success: true, location: fallback, reason: 'zero_results', notice: 'n' }).text).toBe(
    'API error: ZERO_RESULTS (n)',
  );
});
