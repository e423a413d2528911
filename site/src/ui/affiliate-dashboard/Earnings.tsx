import { useId, useRef, useState } from 'react';
import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import '../../ui/dialog.css';
import { longDate } from '../../../../contract/dates.ts';
import { MINIMUM_PAYOUT, PAYOUT_METHODS, canRequestPayout, minimumPayoutMessage, requestPayout } from './store.ts';
import type { AffiliateRecord, Outcome, Payout } from './store.ts';
import { countOf } from '../../../../contract/counts.ts';
import { Card, ScrollTable } from '../../ui/kit.tsx';

const money = (amount: number) => formatCedis(amount, { fixed: true });
const STATUS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
const STATUS_CLASS: Record<string, string> = {
  pending: 'dash-status',
  processing: 'dash-status is-confirmed',
  completed: 'dash-status is-completed',
  failed: 'dash-status is-cancelled',
};

function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <Card title="Payout History">
      {payouts.length ? (
        <ScrollTable
          caption="Your payout requests, newest first"
          captionHidden
          label="Payouts table"
          className="keeps-rows"
        >
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Method</th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr key={p.id}>
                <th scope="row">{longDate(new Date(p.date))}</th>
                <td>{money(p.amount)}</td>
                <td>{PAYOUT_METHODS[p.method] ?? p.method}</td>
                <td>
                  <span className={STATUS_CLASS[p.status] ?? 'dash-status'}>{STATUS[p.status] ?? p.status}</span>
                </td>
                <td>
                  <code className="ad-ref">{p.reference}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="dash-empty">
          No payouts yet. Once your pending payout reaches {formatCedis(MINIMUM_PAYOUT)}, request it here.
        </p>
      )}
    </Card>
  );
}

/**
 * Asks before a payout is requested (docs/PRODUCT.md "Affiliate earnings"): names the amount and
 * where it goes; nothing is sent until "Request ₵X payout". Escape or Cancel close it, and focus
 * goes back to Request Payout (useModalDialog).
 */
function ConfirmPayout({
  record,
  onCancel,
  onConfirm,
}: {
  record: AffiliateRecord;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useModalDialog(onCancel, heading);
  const amount = money(record.pendingPayout);
  const method = PAYOUT_METHODS[record.payoutMethod] ?? record.payoutMethod;
  const where = record.payoutMethod === 'mobile-money' ? 'Mobile Money number' : 'bank account';
  return (
    <dialog
      ref={dialog}
      className="bd"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="bd-form">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="bd-title">
          Request a payout of {amount}?
        </h2>
        <div id={`${id}-what`}>
          <p>
            Your whole pending balance, {amount}, will be paid by {method} to your {where}{' '}
            <strong className="ad-break">{record.payoutDetails || 'on file'}</strong>.
          </p>
          <p className="field-hint">
            Payouts are processed within 15 business days. If these details are wrong, cancel and contact affiliate
            support.
          </p>
        </div>
        <div className="bd-actions">
          <button type="button" className="btn btn-line action-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn action-button" onClick={onConfirm}>
            Request {amount} payout
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** Earnings tab: balances, Request Payout (docs/PRODUCT.md "Affiliates, commission and payouts"), payout details and history. */
export default function Earnings({ record, onChanged }: { record: AffiliateRecord; onChanged: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Request Payout is disabled while asking (and after a payout, with nothing left): focus moves to the answer.
  const outcomeRef = useFocusOn<HTMLParagraphElement>(outcome);
  const allowed = canRequestPayout(record);
  const paidOut = record.payouts.filter((p) => p.status === 'completed').reduce((sum, p) => sum + p.amount, 0);
  const why =
    record.status !== 'active'
      ? 'Your account is suspended, so payouts cannot be requested. Contact affiliate support.'
      : record.pendingPayout < MINIMUM_PAYOUT
        ? minimumPayoutMessage(record.pendingPayout)
        : '';

  async function onRequest() {
    setConfirming(false);
    setBusy(true);
    setOutcome(null);
    const result = await requestPayout();
    setOutcome(result);
    setBusy(false);
    if (result.ok) onChanged();
  }

  return (
    <div className="dash-stack">
      <ul className="dash-stats" role="list" aria-label="Your earnings">
        <Stat
          label="Pending Payout"
          value={money(record.pendingPayout)}
          note={`Minimum ${formatCedis(MINIMUM_PAYOUT)}`}
        />
        <Stat label="This Month" value={money(record.monthEarnings)} note="Commissions since the 1st" />
        <Stat
          label="Total Earned"
          value={money(record.totalEarnings)}
          note={countOf(record.paidReferrals, 'paid referral')}
        />
        <Stat label="Paid Out" value={money(paidOut)} note="Completed payouts" />
      </ul>

      <Card title="Request Payout">
        <p>
          Your commission is credited as soon as a referred user pays. Ask for a payout whenever your balance is at
          least {formatCedis(MINIMUM_PAYOUT)}: your whole pending balance is paid to the account below, within 15
          business days.
        </p>
        <div className="form-actions">
          <button
            type="button"
            className="btn action-button"
            disabled={!allowed || busy}
            aria-describedby={why ? `${id}-why` : undefined}
            onClick={() => {
              setOutcome(null);
              setConfirming(true);
            }}
          >
            {busy ? 'Requesting payout...' : 'Request Payout'}
          </button>
        </div>
        {why ? (
          <p className="field-hint" id={`${id}-why`}>
            {why}
          </p>
        ) : null}
        {confirming ? (
          <ConfirmPayout record={record} onCancel={() => setConfirming(false)} onConfirm={() => void onRequest()} />
        ) : null}
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role="status"
          className={outcome && !outcome.ok ? 'form-status field-error' : 'form-status'}
        >
          {outcome?.message ?? ''}
        </p>
      </Card>

      <Card title="Payout Details">
        <dl className="auth-data">
          <div className="auth-data-row">
            <dt>Method</dt>
            <dd>{PAYOUT_METHODS[record.payoutMethod] ?? record.payoutMethod}</dd>
          </div>
          <div className="auth-data-row">
            <dt>{record.payoutMethod === 'mobile-money' ? 'Mobile money number' : 'Bank account'}</dt>
            <dd>{record.payoutDetails || 'Not set'}</dd>
          </div>
        </dl>
        <p className="field-hint">
          To change where you are paid, contact affiliate support (Monday to Friday, 9:00–17:00).
        </p>
      </Card>

      <PayoutHistory payouts={record.payouts} />
    </div>
  );
}
