/** Display helpers for the dashboards (money: `contract/money.ts`; dates and times: `contract/dates.ts`). */

/** "Rate negotiated to ₵…" style preview: "₵30–₵50 per hour · negotiable". */
export function rateSummary(base: number, max: number, negotiable: boolean, format: (n: number) => string): string {
  return `${format(base)}–${format(max)} per hour · ${negotiable ? 'negotiable' : 'fixed rate'}`;
}
