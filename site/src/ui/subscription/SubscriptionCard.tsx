import { setAutoRenewal } from '../../../../contract/subscriptions.ts';
import { call } from '../../lib/call.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import { type PlanLength, PLANS, type PlanType } from '../../../../contract/plans.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { usePlanPrices } from '../../lib/prices.ts';
import { type AutoRenewal, subscriptionState, type SubscriptionSummary } from '../../../../contract/subscriptions.ts';
import { daysLeft, longDate } from '../../../../contract/dates.ts';
import { actionErrorMessage } from '../../lib/api.ts';
import { useFocusBack } from '../../ui/useFocusBack.ts';
import { LengthPicker } from '../../ui/LengthPicker.tsx';
import { MomoPrompt } from './MomoPrompt.tsx';
import { $renewal, RENEW_FAILED, renew, retryRenewal, showRenewalCard } from './store.ts';
import './subscription.css';
import { countOf } from '../../../../contract/counts.ts';
import { FormProblem } from '../../ui/kit.tsx';

/**
 * The subscription card of the customer and professional dashboards:
 * plan, paid-until date, state, how many months to pay for, and "Renew now", which starts a renewal
 * payment for them (POST /api/subscription/renew), opens the pop-up or the sandbox checkout, verifies the payment
 * (POST /api/verify-payment) and asks the dashboard to reload its data. The dashboards load this
 * with lazyPart: it brings the payment code.
 */

/** The dashboards' record may be typed with only the first two fields; the server sends all four. */
export type SubscriptionProp = Pick<SubscriptionSummary, 'planType' | 'paidUntil'> & Partial<SubscriptionSummary>;

export interface SubscriptionCardProps {
  subscription: SubscriptionProp | null;
  token: string | null;
  onRenewed: () => void;
}

export const SUBSCRIPTION_TEXTS = {
  heading: 'Your subscription',
  renew: 'Renew now',
  opening: 'Opening payment...',
  verifying: 'Verifying payment...',
  tryAgain: 'Try Again',
  early: 'Paying early loses nothing: the months you buy are added to the end of your current period.',
  none: 'No subscription on record',
  active: 'Active',
  grace: 'In grace period — renew to keep your service',
  expiredCustomer: 'Expired — renew to book',
  expiredProfessional: 'Expired — renew to be listed',
  renewFailed: RENEW_FAILED,
  autoOn:
    'We charge this card a few days before your paid month ends; the new month starts when it ends. If the card is declined we try daily and tell you.',
  autoNone: 'Mobile money cannot be charged automatically. Pay once by card to be able to renew automatically.',
  autoFailed: 'Could not change automatic renewal. Please try again.',
} as const;

/** "22 December 2026", in Ghana time (GMT). */
export const paidUntilLabel = (iso: string): string => longDate(new Date(iso));

const isPlanType = (value: string): value is PlanType => value === 'customer' || value === 'professional';

function StateBadge({ subscription, planType }: { subscription: SubscriptionProp | null; planType: PlanType | null }) {
  if (!subscription) return <span className="sub-badge is-expired">{SUBSCRIPTION_TEXTS.none}</span>;
  const state = subscription.state ?? subscriptionState(new Date(subscription.paidUntil), new Date());
  if (state === 'active') return <span className="sub-badge is-active">{SUBSCRIPTION_TEXTS.active}</span>;
  if (state === 'expiring') {
    const days = subscription.daysLeft ?? daysLeft(new Date(subscription.paidUntil), new Date());
    return (
      <span className="sub-badge is-expiring">
        <span className="sub-warning" aria-hidden="true">
          ⚠
        </span>{' '}
        Expiring in {countOf(days, 'day')}
      </span>
    );
  }
  if (state === 'grace') return <span className="sub-badge is-grace">{SUBSCRIPTION_TEXTS.grace}</span>;
  if (state === 'expired') {
    return (
      <span className="sub-badge is-expired">
        {planType === 'professional' ? SUBSCRIPTION_TEXTS.expiredProfessional : SUBSCRIPTION_TEXTS.expiredCustomer}
      </span>
    );
  }
  return <span className="sub-badge is-expired">{SUBSCRIPTION_TEXTS.none}</span>;
}

/**
 * Opt in or out of automatic renewal with the card saved from a card payment
 * (POST /api/subscription/auto-renew); only the card's brand and last four digits are ever known here.
 */
function AutoRenewalToggle({ initial, token }: { initial: AutoRenewal; token: string | null }) {
  const [auto, setAuto] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The box follows the server's values when the record brings new ones, not every new object
  // carrying the same ones (set while rendering: no effect, and the box keeps its focus).
  const [server, setServer] = useState(initial);
  if (server.card !== initial.card || server.enabled !== initial.enabled) {
    setServer(initial);
    setAuto(initial);
  }

  async function change(enabled: boolean) {
    // The box follows the tap at once; a refusal puts it back and says why.
    if (busy) return;
    const before = auto;
    setAuto({ ...auto, enabled });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call(setAutoRenewal, { body: { enabled } }, { token });
      setAuto(answer.autoRenewal);
    } catch (error) {
      setAuto(before);
      setProblem(actionErrorMessage(error, SUBSCRIPTION_TEXTS.autoFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sub-auto">
      <label className="sub-auto-label">
        <input
          type="checkbox"
          checked={auto.enabled}
          aria-busy={busy}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        Renew automatically with {auto.card}
      </label>
      {auto.enabled ? <p className="sub-note">{SUBSCRIPTION_TEXTS.autoOn}</p> : null}
      <FormProblem message={problem} />
    </div>
  );
}

export default function SubscriptionCard({ subscription, token, onRenewed }: SubscriptionCardProps) {
  const [card] = useState(showRenewalCard);
  const phase = useStore($renewal);
  const heading = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The success takes focus when it shows (in a card mounted after the reload too), so keyboard
  // users are not lost while Renew now was disabled.
  useEffect(() => {
    if (phase.kind === 'renewed') noticeRef.current?.focus();
  }, [phase.kind]);

  const planType = subscription && isPlanType(subscription.planType) ? subscription.planType : null;
  const plan = planType ? PLANS[planType] : null;
  const { prices, lengths } = usePlanPrices();
  const [months, setMonths] = useState<PlanLength>(1);
  const busy = phase.kind === 'opening' || phase.kind === 'verifying';
  const renewButton = useFocusBack<HTMLButtonElement>(busy);
  const context = { card, token, previous: subscription?.paidUntil ?? '', onRenewed };

  // The success names the reloaded date once the dashboard has it, else the month added locally.
  const renewedUntil =
    phase.kind === 'renewed'
      ? subscription && subscription.paidUntil !== phase.previous
        ? subscription.paidUntil
        : phase.estimate
      : null;

  return (
    <section className="card sub-card" aria-labelledby={heading}>
      <div className="sub-head">
        <h2 id={heading} className="sub-title">
          {SUBSCRIPTION_TEXTS.heading}
        </h2>
        <StateBadge subscription={subscription} planType={planType} />
      </div>
      {plan ? (
        <p className="sub-plan">
          <strong>{plan.name} plan</strong> · {formatCedis(prices[planType!])} per month
        </p>
      ) : null}
      {subscription ? <p className="sub-until">Paid until {paidUntilLabel(subscription.paidUntil)}</p> : null}
      <p className="sub-note">{SUBSCRIPTION_TEXTS.early}</p>
      {subscription?.autoRenewal ? (
        <AutoRenewalToggle initial={subscription.autoRenewal} token={token} />
      ) : subscription && subscription.autoRenewal === null ? (
        <p className="sub-note">{SUBSCRIPTION_TEXTS.autoNone}</p>
      ) : null}

      {planType ? (
        <LengthPicker
          name="renew-months"
          offers={lengths[planType]}
          value={months}
          onChange={setMonths}
          disabled={busy}
        />
      ) : null}
      <div className="sub-actions">
        <button
          ref={renewButton}
          type="button"
          className="btn sub-button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void renew(context, months)}
        >
          {phase.kind === 'opening'
            ? SUBSCRIPTION_TEXTS.opening
            : phase.kind === 'verifying'
              ? SUBSCRIPTION_TEXTS.verifying
              : SUBSCRIPTION_TEXTS.renew}
        </button>
      </div>

      <div role="status" className="sub-status">
        {phase.kind === 'cancelled' ? <p className="sub-muted">{PAYMENT_MESSAGES.cancelled}</p> : null}
        {renewedUntil ? (
          <p className="sub-success" ref={noticeRef} tabIndex={-1}>
            Subscription renewed until {paidUntilLabel(renewedUntil)}
          </p>
        ) : null}
      </div>
      {phase.kind === 'failed' ? (
        <div role="alert" className="sub-alert">
          <p>{phase.message}</p>
          <button
            type="button"
            className="btn btn-sm btn-line sub-button"
            onClick={() => void retryRenewal(context, months)}
          >
            {SUBSCRIPTION_TEXTS.tryAgain}
          </button>
        </div>
      ) : null}
      {planType ? <MomoPrompt token={token} months={months} onPaid={onRenewed} /> : null}
    </section>
  );
}
