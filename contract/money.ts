/**
 * Money, the one module for the server and the browser. The database and the payment
 * provider count whole pesewas (integers, so sums never drift); answers,
 * forms and words count cedis. Every conversion and every "₵" written for people goes through here,
 * and `money.test.ts` fails on one written anywhere else.
 */

/** 100 pesewas make a cedi. */
const PESEWAS_PER_CEDI = 100;

/** Cedis as whole pesewas, rounded to the nearest pesewa (₵27.5 → 2750). */
export const toPesewas = (cedis: number): number => Math.round(cedis * PESEWAS_PER_CEDI);

/**
 * Pesewas as cedis (2750 → 27.5). Database rows bring sums as strings or bigints and a missing sum
 * as null: those read as a number, and null (nothing yet) as ₵0.
 */
export const toCedis = (pesewas: number | string | bigint | null | undefined): number =>
  Number(pesewas ?? 0) / PESEWAS_PER_CEDI;

/** Cedis rounded to the pesewa, for amounts worked out from a rate or a percentage (₵27 × 0.4 = ₵10.8). */
export const roundToPesewa = (cedis: number): number => toCedis(toPesewas(cedis));

/**
 * Amounts people type in cedis are kept as whole pesewas: one with more than 2 decimals would
 * round, and ₵0.001 rounded to nothing and failed a database check with a 500. Refuse
 * it with words instead.
 */
export const wholePesewas = (cedis: number): boolean => Math.abs(cedis * PESEWAS_PER_CEDI - toPesewas(cedis)) < 1e-6;
export const PESEWA_MESSAGES = {
  decimals: 'Use cedis with at most 2 decimals, such as 45 or 45.50',
  rateMinimum: 'Rates must be at least ₵0.01',
} as const;

// Intl calls the currency "GH₵"; people here write "₵". Made on first use and kept: a formatter
// is costly to make, and most pages that load this module never show an amount.
const screenFormats = new Map<boolean, Intl.NumberFormat>();
const screenFormat = (fixed: boolean): Intl.NumberFormat => {
  let format = screenFormats.get(fixed);
  if (!format) {
    format = new Intl.NumberFormat('en-GH', {
      style: 'currency',
      currency: 'GHS',
      minimumFractionDigits: fixed ? 2 : 0,
      maximumFractionDigits: 2,
    });
    screenFormats.set(fixed, format);
  }
  return format;
};

/**
 * Cedis on a screen: en-GH digits with the ₵ sign, "₵27", "₵10.8", "₵1,250" (docs/PRODUCT.md
 * "Plans and prices"). `fixed`: always 2 decimals, "₵4.00", where amounts stand in a column or
 * are owed and paid (payouts, payments, earnings).
 */
export function formatCedis(cedis: number, { fixed = false }: { fixed?: boolean } = {}): string {
  return screenFormat(fixed)
    .formatToParts(cedis)
    .map((part) => (part.type === 'currency' ? '₵' : part.value))
    .join('');
}

/**
 * Cedis in words the server writes (emails, phone notifications, the API's messages) and the
 * screens that repeat them: plain digits, no thousands separator, so a text reads the same on
 * every device whatever its Intl data. "₵27" or "₵27.5" as the amount is; `fixed`: "₵27.00".
 * `sms`: "GHS 27.00", since the cedi sign is not a GSM-7 character and would halve an SMS's length.
 */
export function formatCedisText(
  cedis: number,
  { fixed = false, sms = false }: { fixed?: boolean; sms?: boolean } = {},
): string {
  const digits = fixed ? cedis.toFixed(2) : String(cedis);
  return sms ? `GHS ${digits}` : `₵${digits}`;
}
