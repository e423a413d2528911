/**
 * Counts in words (docs/PRODUCT.md "Plain words"): one rule for every number a person reads, so it is
 * "1 review", "2 reviews", "within 1 minute", never "1 Services Used". English's plural categories
 * from Intl.PluralRules (one / other), the same in the browser, the server and emails.
 */
const rules = new Intl.PluralRules('en');

/** "1 booking", "3 bookings", "1.5 hours"; `many` defaults to `one` + "s". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${rules.select(n) === 'one' ? one : many}`;
}
