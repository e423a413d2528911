import { useEffect, useRef } from 'react';
import { dismissPaymentError, retryPayment } from './store.ts';

/** Why the payment failed, with help and the ways on; focused so a screen reader reads it. */
export function PaymentError({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message takes focus again, so a screen reader reads it
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="form-problem wizard-payment-error">
      <p>
        <strong>Payment Error:</strong> {message}
      </p>
      <p>
        Need help? <a href="/support">Contact support</a> by WhatsApp, phone or message: nothing you typed is lost.
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-line action-button" onClick={dismissPaymentError}>
          Dismiss
        </button>
        <button type="button" className="btn action-button" onClick={() => void retryPayment()}>
          Try Again
        </button>
        <button type="button" className="btn btn-line action-button" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </div>
  );
}
