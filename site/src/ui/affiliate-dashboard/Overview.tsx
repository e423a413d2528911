import { useId } from 'react';
import { usePlanPrices } from '../../lib/prices.ts';
import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { dateLabel } from '../../../../contract/dates.ts';
import { shareMessage, shareTargets, signupLink } from './share.ts';
import { MINIMUM_PAYOUT } from './store.ts';
import type { AffiliateRecord, Referral } from './store.ts';
import { useCopy } from '../../ui/useCopy.ts';
import { Card, ScrollTable } from '../../ui/kit.tsx';

const money = (amount: number) => formatCedis(amount, { fixed: true });

export function AffiliateStats({ record }: { record: AffiliateRecord }) {
  const paid = record.paidReferrals;
  return (
    <ul className="dash-stats" role="list" aria-label="Your figures">
      <Stat label="Total Referrals" value={record.totalReferrals} note={`${paid} paid`} />
      <Stat label="Total Earnings" value={money(record.totalEarnings)} note="Commissions credited" />
      <Stat
        label="Pending Payout"
        value={money(record.pendingPayout)}
        note={`Minimum ${formatCedis(MINIMUM_PAYOUT)}`}
      />
      <Stat
        label="Conversion Rate"
        value={record.conversionRate === null ? '—' : `${record.conversionRate}%`}
        note={record.conversionRate === null ? 'No referrals yet' : 'Sign-ups that paid'}
      />
    </ul>
  );
}

type CopyKind = 'code' | 'link' | 'message';
const COPIED_TEXT: Record<CopyKind, string> = {
  code: 'Referrer code copied to clipboard',
  link: 'Sign-up link copied to clipboard',
  message: 'Message copied — paste it into Instagram',
};

/** The referrer code with Copy Code and Get Link, and the share buttons. */
function ReferrerCard({ code }: { code: string }) {
  const id = useId();
  const { copied, note, copy } = useCopy<CopyKind>();
  const link = signupLink(window.location.origin, code);
  const message = shareMessage(code, link);
  return (
    <Card title="Your Referrer Code">
      <p className="field-hint" id={`${id}-code`}>
        Share this code or your sign-up link. You earn when the people you refer pay their first month.
      </p>
      <div className="wizard-code">
        <code aria-describedby={`${id}-code`}>{code}</code>
        <button type="button" className="btn btn-line action-button" onClick={() => void copy('code', code)}>
          {copied === 'code' ? 'Copied!' : 'Copy Code'}
        </button>
        <button type="button" className="btn btn-line action-button" onClick={() => void copy('link', link)}>
          {copied === 'link' ? 'Link copied!' : 'Get Link'}
        </button>
      </div>
      <p className="ad-link">
        Your sign-up link: <span className="ad-break">{link}</span>
      </p>
      <h3 id={`${id}-share`}>Share</h3>
      <ul className="ad-share" role="list" aria-labelledby={`${id}-share`}>
        {shareTargets(code, link).map((target) => (
          <li key={target.name}>
            <a className="btn btn-line action-button" href={target.href} target="_blank" rel="noopener">
              {target.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="btn btn-line action-button" onClick={() => void copy('message', message)}>
            Instagram
          </button>
        </li>
      </ul>
      <p role="status" className="form-status">
        {copied ? COPIED_TEXT[copied] : note}
      </p>
    </Card>
  );
}

function CommissionCard() {
  const { commissions, prices } = usePlanPrices();
  const percent = Math.round((commissions.customer / prices.customer) * 100);
  return (
    <Card title="Commission Structure">
      <p>You earn {percent}% of the first month's subscription of everyone who signs up with your code and pays.</p>
      <dl className="auth-data">
        <div className="auth-data-row">
          <dt>Per customer</dt>
          <dd>{money(commissions.customer)}</dd>
        </div>
        <div className="auth-data-row">
          <dt>Per professional</dt>
          <dd>{money(commissions.professional)}</dd>
        </div>
        <div className="auth-data-row">
          <dt>Payouts</dt>
          <dd>Monthly, by mobile money or bank transfer, from a minimum of {formatCedis(MINIMUM_PAYOUT)}</dd>
        </div>
      </dl>
      <p className="field-hint">
        Balances under {formatCedis(MINIMUM_PAYOUT)} carry forward to the next month. Renewals earn no commission.
      </p>
    </Card>
  );
}

const TYPE: Record<string, string> = { customer: 'Customer', professional: 'Professional' };

export function RecentReferrals({ referrals }: { referrals: Referral[] }) {
  return (
    <Card title="Recent Referrals">
      {referrals.length ? (
        <ScrollTable
          caption="Your latest referrals, newest first"
          captionHidden
          label="Referrals table"
          className="keeps-rows"
          cardsOnPhone
        >
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Signed up</th>
              <th scope="col">Status</th>
              <th scope="col">Commission</th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                <td>{TYPE[r.type] ?? r.type}</td>
                <td>{dateLabel(r.signupDate)}</td>
                <td>
                  <span className={r.status === 'confirmed' ? 'dash-status is-completed' : 'dash-status'}>
                    {r.status === 'confirmed' ? 'Confirmed' : 'Pending'}
                  </span>
                </td>
                <td>{r.status === 'confirmed' ? money(r.commission) : 'Not yet paid'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="dash-empty">No referrals yet. Share your code to start earning.</p>
      )}
    </Card>
  );
}

/** Overview tab: the four stat cards, the referrer code card, the commission structure, recent referrals. */
export function Overview({ record }: { record: AffiliateRecord }) {
  return (
    <div className="dash-stack">
      <AffiliateStats record={record} />
      <ReferrerCard code={record.referrerCode || 'SEAFF0000'} />
      <CommissionCard />
      <RecentReferrals referrals={record.recentReferrals} />
    </div>
  );
}
