/**
 * Cedi amounts for display: the en-GH locale with the ₵ symbol (Intl writes "GH₵").
 * 0–2 decimals by default (docs/PRODUCT.md "Plans and prices"); `fixed` forces 2 decimals (₵4.00, ₵10.80).
 */
export function cedis(amount: number, fixed = false): string {
  const format = new Intl.NumberFormat('en-GH', {
    style: 'currency',
    currency: 'GHS',
    minimumFractionDigits: fixed ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? '₵' : part.value))
    .join('');
}
