/**
 * Amounts people type in cedis are kept as whole pesewas (ARCHITECTURE decision 5): one with more
 * than 2 decimals would round, and ₵0.001 rounded to nothing and failed a database check with a
 * 500 (issue #14). Refuse it with words instead.
 */
export const wholePesewas = (cedis: number): boolean => Math.abs(cedis * 100 - Math.round(cedis * 100)) < 1e-6;
export const PESEWA_MESSAGES = {
  decimals: 'Use cedis with at most 2 decimals, such as 45 or 45.50',
  rateMinimum: 'Rates must be at least ₵0.01',
} as const;
