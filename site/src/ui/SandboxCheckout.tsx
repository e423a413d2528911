/**
 * The sandbox checkout: what the pop-up looks like when no Paystack keys are configured. A modal
 * dialog, clearly labelled TEST MODE, that records the user's choice with the server
 * (POST /api/sandbox/charge) so the verify step reads it as it would read Paystack.
 */
import { recordSandboxCharge } from '../../../contract/payments.ts';
import { call } from '../lib/call.ts';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { formatCedis, toCedis } from '../../../contract/money.ts';
import { lengthName, PLANS } from '../../../contract/plans.ts';
import { approvedSandboxCharge, type PaymentIntent } from '../../../contract/payments.ts';
import './SandboxCheckout.css';

interface Props {
  intent: PaymentIntent;
  onApproved: (reference: string) => void;
  onCancel: () => void;
}

export function SandboxCheckout({ intent, onApproved, onCancel }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const plan = PLANS[intent.metadata.subscription_type];

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);

  async function approve(method: 'mobile_money' | 'card' = 'mobile_money') {
    setBusy(true);
    setError('');
    try {
      await call(recordSandboxCharge, { body: approvedSandboxCharge(intent, method) });
      onApproved(intent.reference);
    } catch (e) {
      setBusy(false);
      setError(`The test payment could not be recorded: ${(e as Error).message}`);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      // Keep focus inside the dialog.
      const items = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? []);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return event.preventDefault();
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return (
    <div className="sbx-backdrop">
      <div
        ref={dialog}
        className="sbx-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sbx-title"
        aria-describedby="sbx-mode"
        onKeyDown={onKeyDown}
      >
        <p id="sbx-mode" className="sbx-mode">
          TEST MODE — no real money is charged
        </p>
        <h2 id="sbx-title">Sandbox checkout</h2>
        <dl className="sbx-facts">
          <dt>Plan</dt>
          <dd>
            {plan
              ? `${plan.name} (${(intent.months ?? 1) === 1 ? 'monthly' : lengthName(intent.months)})`
              : intent.metadata.subscription_type}
          </dd>
          <dt>Amount</dt>
          <dd>{formatCedis(toCedis(intent.amountKobo))}</dd>
          <dt>Email</dt>
          <dd>{intent.email}</dd>
          <dt>Reference</dt>
          <dd className="sbx-ref">{intent.reference}</dd>
        </dl>
        <p className="sbx-hint">
          Approve payment pays as mobile money, which is never charged automatically; the test card can be kept for
          automatic renewal.
        </p>
        {error ? (
          <p role="alert" className="sbx-error">
            {error}
          </p>
        ) : null}
        <div className="sbx-actions">
          <button type="button" className="btn sbx-button" onClick={() => void approve()} disabled={busy}>
            {busy ? 'Processing...' : 'Approve payment'}
          </button>
          <button
            type="button"
            className="btn btn-line sbx-button"
            onClick={() => void approve('card')}
            disabled={busy}
          >
            Pay with test card (Visa ending 4081)
          </button>
          <button type="button" className="btn btn-line sbx-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

/** Shows the checkout over the page; calls exactly one of the callbacks, then removes itself. */
export function openSandboxCheckout(
  intent: PaymentIntent,
  onSuccess: (reference: string) => void,
  onCancel: () => void,
): void {
  const opener = document.activeElement as HTMLElement | null;
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const close = (then: () => void) => {
    root.unmount();
    host.remove();
    opener?.focus();
    then();
  };
  root.render(
    <SandboxCheckout
      intent={intent}
      onApproved={(reference) => close(() => onSuccess(reference))}
      onCancel={() => close(onCancel)}
    />,
  );
}
