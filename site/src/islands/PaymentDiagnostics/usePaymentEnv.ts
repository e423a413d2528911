import { startTestPayment } from '../../../../contract/payments.ts';
import { call } from '../../lib/call.ts';
import { HYDRATE_FROM_INITIAL } from '../../lib/hydration.ts';
import { useStore } from '@nanostores/react';
import { atom, onMount } from 'nanostores';
import type { PaymentIntent, PaymentsConfig } from '../../../../contract/payments.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import { loadPaystack } from '../../lib/paystack-loader.ts';
import { $paymentsConfig } from '../../stores/payments-config.ts';

/** What the diagnostic pages show about the configured payment provider. */
export interface PaymentEnv {
  config: PaymentsConfig | null;
  configError: string;
  /** Paystack's script: loading, loaded or failed; 'not-needed' in sandbox mode. */
  script: 'loading' | 'loaded' | 'failed' | 'not-needed';
  scriptError: string;
  widgetAvailable: boolean;
}

const UNKNOWN: PaymentEnv = {
  config: null,
  configError: '',
  script: 'loading',
  scriptError: '',
  widgetAvailable: false,
};

/** The configuration (stores/payments-config.ts), then Paystack's script when the provider is Paystack. */
const $paymentEnv = atom<PaymentEnv>(UNKNOWN);
const update = (patch: Partial<PaymentEnv>) => $paymentEnv.set({ ...$paymentEnv.value, ...patch });

onMount($paymentEnv, () =>
  $paymentsConfig.subscribe((load) => {
    if (load.state === 'failed') return update({ configError: load.message, script: 'failed' });
    if (load.state !== 'loaded' || $paymentEnv.value.config === load.data) return;
    const config = load.data;
    if (config.provider === 'sandbox')
      return update({ config, configError: '', script: 'not-needed', widgetAvailable: true });
    update({ config, configError: '', script: 'loading' });
    loadPaystack().then(
      () => update({ script: 'loaded', widgetAvailable: 'PaystackPop' in window }),
      (error: Error) => update({ script: 'failed', scriptError: error.message }),
    );
  }),
);

export const usePaymentEnv = (): PaymentEnv => useStore($paymentEnv, HYDRATE_FROM_INITIAL);

/** A reference the server knows, for a payment tied to no account (diagnostics only). */
export async function createTestIntent(plan: PlanType, email: string): Promise<PaymentIntent> {
  const answer = await call(startTestPayment, { body: { plan, email } });
  return answer.payment;
}

/** The first 7 characters of a public key, never more. */
export const keyPrefix = (key: string | null | undefined): string => (key ? `${key.slice(0, 7)}…` : '');
