import { useEffect, useState } from 'react';
import {
  type PaymentAnswer,
  type PaymentIntent,
  PAYMENTS_PATHS,
  type PaymentsConfig,
} from '../../../../contract/payments.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import { apiFetch } from '../../lib/api.ts';
import { loadPaymentsConfig } from '../../lib/payment.ts';
import { loadPaystack } from '../../lib/paystack-loader.ts';

/** What the diagnostic pages show about the configured payment provider. */
export interface PaymentEnv {
  config: PaymentsConfig | null;
  configError: string;
  /** Paystack's script: loading, loaded or failed; 'not-needed' in sandbox mode. */
  script: 'loading' | 'loaded' | 'failed' | 'not-needed';
  scriptError: string;
  widgetAvailable: boolean;
}

export function usePaymentEnv(): PaymentEnv {
  const [env, setEnv] = useState<PaymentEnv>({
    config: null,
    configError: '',
    script: 'loading',
    scriptError: '',
    widgetAvailable: false,
  });
  useEffect(() => {
    let live = true;
    const update = (patch: Partial<PaymentEnv>) => live && setEnv((e) => ({ ...e, ...patch }));
    loadPaymentsConfig().then(
      (config) => {
        update({ config });
        if (config.provider === 'sandbox') return update({ script: 'not-needed', widgetAvailable: true });
        loadPaystack().then(
          () => update({ script: 'loaded', widgetAvailable: 'PaystackPop' in window }),
          (error: Error) => update({ script: 'failed', scriptError: error.message }),
        );
      },
      (error: Error) => update({ configError: error.message, script: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return env;
}

/** A reference the server knows, for a payment tied to no account (diagnostics only). */
export async function createTestIntent(plan: PlanType, email: string): Promise<PaymentIntent> {
  const answer = await apiFetch<PaymentAnswer>(PAYMENTS_PATHS.testIntent, {
    body: { plan, email },
  });
  return answer.payment;
}

/** The first 7 characters of a public key, never more. */
export const keyPrefix = (key: string | null | undefined): string => (key ? `${key.slice(0, 7)}…` : '');
