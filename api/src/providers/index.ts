import type { Config } from '../config.ts';
import type { Db } from '../db.ts';
import type { PaymentProvider } from './payments.ts';
import { paystackProvider } from './paystack.ts';
import { sandboxProvider } from './sandbox.ts';
import { paystackTransfers, type PayoutTransfers } from './transfers.ts';

/** Paystack when its keys are configured; the sandbox only when they are not. */
export function paymentProvider(config: Config, db: Db): PaymentProvider {
  return config.paystack ? paystackProvider(config.paystack) : sandboxProvider(db);
}

/** Paystack transfers for mobile-money payouts when its keys are configured; otherwise payouts are paid by hand. */
export function payoutTransfers(config: Config): PayoutTransfers | null {
  return config.paystack ? paystackTransfers(config.paystack) : null;
}
