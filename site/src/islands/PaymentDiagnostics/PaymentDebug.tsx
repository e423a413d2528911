import { useState } from 'react';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import { logUnexpected } from '../../lib/api.ts';
import { payForIntent } from '../../lib/payment.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { createTestIntent, keyPrefix, usePaymentEnv } from './usePaymentEnv.ts';
import '../../ui/diagnostics.css';

const TEST_EMAIL = 'payment-debug@example.com';

function Debug() {
  const env = usePaymentEnv();
  const [result, setResult] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const paystack = env.config?.provider === 'paystack';
  const keyMissing = paystack && !env.config?.publicKey;
  const canTest = !!env.config && !keyMissing && env.widgetAvailable && !busy;

  async function test() {
    setResult(null);
    if (!env.widgetAvailable) return setResult({ kind: 'error', text: 'Paystack script not loaded!' });
    setBusy(true);
    try {
      const intent = await createTestIntent('customer', TEST_EMAIL);
      const outcome = await payForIntent(intent);
      setResult(
        outcome.status === 'success'
          ? { kind: 'ok', text: `Payment successful! Reference: ${outcome.reference}` }
          : { kind: 'error', text: PAYMENT_MESSAGES.cancelled },
      );
    } catch (error) {
      logUnexpected('Payment setup failed', error);
      setResult({ kind: 'error', text: `Payment setup failed: ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  const mode = !env.config
    ? 'Loading...'
    : paystack
      ? `Paystack (${env.config.publicKey?.startsWith('pk_live_') ? 'live' : 'test'} key)`
      : 'Sandbox (TEST MODE — no real money is charged)';
  return (
    <>
      <section className="card dg-card" aria-labelledby="dg-env">
        <h2 id="dg-env">Environment check</h2>
        <dl className="dg-facts">
          <dt>Environment mode</dt>
          <dd>{import.meta.env.MODE} build, diagnostics on</dd>
          <dt>Payment provider</dt>
          <dd>{mode}</dd>
          <dt>Paystack public key</dt>
          <dd>
            {!env.config
              ? 'Loading...'
              : env.config.publicKey
                ? `Present (${keyPrefix(env.config.publicKey)})`
                : paystack
                  ? 'Missing'
                  : 'Not needed (sandbox)'}
          </dd>
          <dt>Paystack script</dt>
          <dd>
            {env.script === 'loading'
              ? 'Loading...'
              : env.script === 'loaded'
                ? 'Loaded'
                : env.script === 'not-needed'
                  ? 'Not needed (sandbox)'
                  : `Failed: ${env.scriptError || env.configError}`}
          </dd>
          <dt>Payment widget</dt>
          <dd>
            {env.widgetAvailable
              ? paystack
                ? 'Available (PaystackPop)'
                : 'Available (sandbox checkout)'
              : 'Not available'}
          </dd>
        </dl>
      </section>
      {keyMissing ? (
        <p className="form-problem" role="alert">
          Cannot test payment: Paystack public key is missing from environment variables.
        </p>
      ) : null}
      {paystack && env.script === 'loading' ? (
        <p className="dg-warn" role="status">
          Cannot test payment yet: Paystack script is still loading.
        </p>
      ) : null}
      {env.configError ? (
        <p className="form-problem" role="alert">
          Could not read the payment configuration: {env.configError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn action-button" onClick={test} disabled={!canTest}>
          {busy ? 'Processing...' : 'Test Payment (₵10)'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {result?.kind === 'ok' ? <p className="dg-ok">{result.text}</p> : null}
      </div>
      <div role="alert">{result?.kind === 'error' ? <p className="form-problem">{result.text}</p> : null}</div>
    </>
  );
}

/** /payment-debug (docs/PRODUCT.md "Diagnostic pages"): the payment environment and a ₵10 test payment. */
export default function PaymentDebug() {
  return (
    <AppShell name="payment debug">
      <Debug />
    </AppShell>
  );
}
