/**
 * Ghana phone numbers (docs/PRODUCT.md "Account details"; reference/ghana.md): accepted as 0XXXXXXXXX or +233XXXXXXXXX,
 * stored as E.164 (+233XXXXXXXXX). Spaces and dashes people type are ignored.
 */
const GHANA_PHONE = /^(?:\+233|0)(\d{9})$/;

export const GHANA_PHONE_EXAMPLES = ['0241234567', '+233241234567'] as const;

export function isGhanaPhone(input: string): boolean {
  return GHANA_PHONE.test(input.replace(/[\s-]/g, ''));
}

/** Returns +233XXXXXXXXX, or null when the input is not a Ghana number. */
export function toE164(input: string): string | null {
  const match = GHANA_PHONE.exec(input.replace(/[\s-]/g, ''));
  return match ? `+233${match[1]}` : null;
}
