import { useId } from 'react';
import { PLANS, type PlanLength } from '../../../../contract/plans.ts';
import { usePlanPrices } from '../../lib/prices.ts';
import { LengthPicker } from '../../ui/LengthPicker.tsx';
import { useFocusBack } from '../../ui/useFocusBack.ts';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import type { PaymentState } from './store.ts';

/** A pending (unpaid) account: its first payment, for the months chosen, from the sign-in page. */
export function PaymentPanel({
  payment,
  onPay,
  onMonths,
}: {
  payment: PaymentState;
  onPay: () => void;
  onMonths: (months: PlanLength) => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const button = useFocusBack<HTMLButtonElement>(payment.busy);
  const titleId = useId();
  const { lengths } = usePlanPrices();
  const plan = payment.intent.metadata.subscription_type;
  return (
    <section className="auth-panel is-alert" role="alert" aria-labelledby={titleId} aria-busy={payment.busy}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Payment required
      </h2>
      <p>{payment.message}</p>
      <p className="auth-hint">
        {PLANS[plan].name} plan{payment.intent.provider === 'sandbox' ? ' — TEST MODE, no real money is taken' : ''}.
      </p>
      <LengthPicker
        name="signin-months"
        offers={lengths[plan]}
        value={payment.months}
        onChange={onMonths}
        disabled={payment.busy}
      />
      {payment.error ? <p className="auth-error">{payment.error}</p> : null}
      <button ref={button} type="button" className="btn auth-button" onClick={onPay} disabled={payment.busy}>
        {payment.busy ? 'Processing payment...' : 'Complete Payment'}
      </button>
    </section>
  );
}
