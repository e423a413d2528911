import { verifyPayment } from '../../../../contract/payments.ts';
import { call } from '../../lib/call.ts';
import { useState } from 'react';
import { clockTime } from '../../../../contract/dates.ts';
import { PAYMENT_MESSAGES, type PaymentIntent } from '../../../../contract/payments.ts';
import { PLANS, type PlanType } from '../../../../contract/plans.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { ApiError, serverMessage } from '../../lib/api.ts';
import { payForIntent } from '../../lib/payment.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { createTestIntent, keyPrefix, usePaymentEnv } from './usePaymentEnv.ts';
import '../../ui/diagnostics.css';

type Status = 'idle' | 'starting' | 'paying' | 'pending' | 'success' | 'failed' | 'cancelled';

const STATUS_TEXT: Record<Status, string> = {
  idle: 'Not started',
  starting: 'Creating a test reference...',
  paying: 'Waiting for the payment window...',
  pending: 'Verifying payment...',
  success: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
};

function Tester() {
  const env = usePaymentEnv();
  const [plan, setPlan] = useState<PlanType>('customer');
  const [email, setEmail] = useState('payment-test@example.com');
  const [status, setStatus] = useState<Status>('idle');
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) =>
    setLog((l) => [`${clockTime(new Date(), { seconds: true })} ${line}`, ...l].slice(0, 30));
  const busy = status === 'starting' || status === 'paying' || status === 'pending';

  async function run() {
    setError('');
    setMessage('');
    setReference('');
    let intent: PaymentIntent;
    try {
      setStatus('starting');
      intent = await createTestIntent(plan, email);
      setReference(intent.reference);
      note(`intent ${intent.reference}: ${intent.amountKobo} pesewas ${intent.currency} via ${intent.provider}`);
      setStatus('paying');
      const outcome = await payForIntent(intent);
      note(`pop-up closed: ${outcome.status}`);
      if (outcome.status === 'cancelled') {
        setStatus('cancelled');
        return setError(PAYMENT_MESSAGES.cancelled);
      }
      setStatus('pending');
      const verified = await call(verifyPayment, { body: { reference: outcome.reference } });
      note(`verify: ${JSON.stringify(verified)}`);
      setStatus(verified.success ? 'success' : 'failed');
      // The diagnostic's words (docs/PRODUCT.md "Diagnostic pages"): "Payment successful! Reference: …" and "Payment error: …".
      if (verified.success) setMessage(`Payment successful! Reference: ${outcome.reference}`);
      else setError(`Payment error: ${verified.message || PAYMENT_MESSAGES.verifyFailed}`);
    } catch (e) {
      const text = e instanceof ApiError ? (serverMessage(e.body) ?? e.message) : (e as Error).message;
      note(`error: ${e instanceof ApiError ? `HTTP ${e.status} ` : ''}${text}`);
      setStatus('failed');
      setError(`Payment error: ${text || PAYMENT_MESSAGES.initFailed}`);
    }
  }

  return (
    <>
      <form
        className="form-grid"
        aria-label="Test payment"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <fieldset className="wizard-radios">
          <legend>Plan</legend>
          {(Object.keys(PLANS) as PlanType[]).map((type) => (
            <label key={type} className="choice">
              <input type="radio" name="plan" value={type} checked={plan === type} onChange={() => setPlan(type)} />
              {PLANS[type].name} ({formatCedis(PLANS[type].amount)})
            </label>
          ))}
        </fieldset>
        <div className="form-field">
          <label htmlFor="pt-email">Email for the receipt</label>
          <input id="pt-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <p className="field-hint">
          {env.config?.provider === 'paystack'
            ? 'Paystack test card: 4084084084084081, CVV 408, any future expiry. Test MTN number: 0551234987.'
            : 'Sandbox mode: a TEST MODE checkout opens; no real money is charged.'}
        </p>
        <div className="form-actions">
          <button type="submit" className="btn action-button" disabled={busy || !env.widgetAvailable}>
            Pay {formatCedis(PLANS[plan].amount)} (test)
          </button>
          {status === 'failed' || status === 'cancelled' ? (
            <button type="button" className="btn btn-line action-button" onClick={() => void run()}>
              Retry
            </button>
          ) : null}
          {error ? (
            <button type="button" className="btn btn-line action-button" onClick={() => setError('')}>
              Clear error
            </button>
          ) : null}
        </div>
      </form>

      <section className="card dg-card" aria-labelledby="pt-state">
        <h2 id="pt-state">Status</h2>
        <dl className="dg-facts">
          <dt>Provider</dt>
          <dd>{env.config?.provider ?? (env.configError ? `unknown (${env.configError})` : 'Loading...')}</dd>
          <dt>Script</dt>
          <dd>
            {env.script === 'loading'
              ? 'Loading...'
              : env.script === 'not-needed'
                ? 'Not needed (sandbox)'
                : env.script === 'loaded'
                  ? 'Loaded'
                  : `Failed ${env.scriptError}`}
          </dd>
          <dt>Reference</dt>
          <dd>{reference || '—'}</dd>
          <dt>Payment status</dt>
          <dd>
            <span role="status">{STATUS_TEXT[status]}</span>
          </dd>
        </dl>
      </section>
      <div role="status">{message ? <p className="dg-ok">{message}</p> : null}</div>
      <div role="alert">{error ? <p className="form-problem">{error}</p> : null}</div>

      <details>
        <summary>Debug info</summary>
        <pre className="dg-debug">
          {JSON.stringify(
            {
              provider: env.config?.provider,
              publicKey: keyPrefix(env.config?.publicKey) || null,
              channels: env.config?.channels,
              script: env.script,
              widgetAvailable: env.widgetAvailable,
            },
            null,
            2,
          )}
          {'\n\n'}
          {log.join('\n') || 'No events yet.'}
        </pre>
      </details>
    </>
  );
}

/** /payment-test (docs/PRODUCT.md "Diagnostic pages"): a test payment through the configured provider, then its verification. */
export default function PaymentTest() {
  return (
    <AppShell name="payment test">
      <Tester />
    </AppShell>
  );
}
