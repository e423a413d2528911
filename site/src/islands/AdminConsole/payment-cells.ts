import type { AdminPayment } from '../../../../contract/admin.ts';
import { lengthName, PAYMENT_ROUTE_LABELS } from '../../../../contract/plans.ts';

/** A subscription payment's months ("6 months"); a commission has none. */
export const monthsCell = (p: AdminPayment): string => (p.months === null ? '—' : lengthName(p.months));

/** How a subscription payment was started: "Checkout", "Mobile-money prompt", "Card auto-renewal". */
export const startedViaCell = (p: AdminPayment): string =>
  p.initiatedVia === null ? '—' : PAYMENT_ROUTE_LABELS[p.initiatedVia];
