import { describe, expect, it } from 'vitest';
import { isGhanaPhone, toE164 } from './phone.ts';

// docs/PRODUCT.md "Account details": "Phone must be +233 followed by 9 digits, or 0 followed by 9 digits".
describe('Ghana phone numbers', () => {
  it.each([
    ['0241234567', '+233241234567'],
    ['+233241234567', '+233241234567'],
    ['024 123 4567', '+233241234567'],
    ['020-123-4567', '+233201234567'],
  ])('accepts %s and stores it as %s', (input, stored) => {
    expect(isGhanaPhone(input)).toBe(true);
    expect(toE164(input)).toBe(stored);
  });

  it.each(['', '024123456', '02412345678', '233241234567', '+2330241234567', '+44 7700 900123', 'abcdefghij'])(
    'refuses %s',
    (input) => {
      expect(isGhanaPhone(input)).toBe(false);
      expect(toE164(input)).toBeNull();
    },
  );
});
