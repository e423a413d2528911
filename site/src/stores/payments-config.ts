import type { PaymentsConfig } from '../../../contract/payments.ts';
import { loadPaymentsConfig } from '../lib/payment.ts';
import { loadStore } from './load-store.ts';

/**
 * The payment provider in force (GET /api/payments/config: Paystack and its public key, or the
 * sandbox's TEST MODE), read when an island first shows it: the mobile-money prompt's test phone,
 * the payment diagnostics. lib/payment.ts reads it once per page; a failure is tried again later.
 */
export const $paymentsConfig = loadStore<PaymentsConfig>(() => loadPaymentsConfig(), {
  failure: (error) => (error instanceof Error ? error.message : String(error)),
}).$load;
