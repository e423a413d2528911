import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { LoadError, Stat } from '../../ui/DashboardParts.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { longDate, parseDay } from '../../../../contract/dates.ts';
import type { RoleViewProps } from './tabs.ts';
import { tabItems } from './tabs.ts';
import { useStore } from '@nanostores/react';
import { recordStore } from '../../stores/record.ts';
import { DataList } from '../../ui/DataList.tsx';
import { Card } from '../../ui/kit.tsx';

interface AffiliateRecord {
  name: string;
  email: string;
  phone: string | null;
  joinDate: string;
  status: string;
  referrerCode: string;
  payoutMethod: string;
  payoutDetails: string | null;
  totalReferrals: number;
}

/** The affiliate's record (stores/record.ts): read when shown, again on a commission or a payout. */
const affiliate = recordStore<AffiliateRecord>('affiliate');

const METHOD: Record<string, string> = { 'mobile-money': 'Mobile Money', 'bank-account': 'Bank account' };
const FULL = '/affiliate-dashboard';

/** The general screen for an affiliate: Overview, Profile and Earnings only (docs/PRODUCT.md "Dashboards"). */
export default function AffiliateView({ tab, onTab, tabs }: RoleViewProps) {
  const load = useStore(affiliate.$load);
  if (load.state === 'loading') return <GuardLoading text="Loading your dashboard..." />;
  if (load.state === 'failed') return <LoadError message={load.message} onRetry={() => void affiliate.retry()} />;
  const r = load.data;
  const code = r.referrerCode || 'SEAFF0000';
  return (
    <Tabs label="Dashboard sections" idPrefix="gd" tabs={tabItems(tabs)} active={tab} onChange={onTab}>
      {tab === 'overview' ? (
        <div className="dash-stack">
          <ul className="dash-stats" role="list" aria-label="Your figures">
            <Stat label="Total Referrals" value={r.totalReferrals} />
            <Stat label="Referrer Code" value={code} />
          </ul>
          <Card title="Quick Actions">
            <div className="form-actions">
              <a className="btn action-button" href={FULL}>
                Share your code
              </a>
              <button type="button" className="btn btn-line action-button" onClick={() => onTab('earnings')}>
                Earnings
              </button>
            </div>
          </Card>
        </div>
      ) : null}
      {tab === 'profile' ? (
        <Card title="Profile">
          <DataList
            rows={[
              ['Name', r.name],
              ['Email', r.email],
              ['Phone', r.phone || 'Not provided'],
              ['Referrer code', code],
              ['Member since', longDate(parseDay(r.joinDate))],
              ['Account status', r.status === 'active' ? 'Active' : 'Suspended'],
            ]}
          />
        </Card>
      ) : null}
      {tab === 'earnings' ? (
        <Card title="Earnings">
          <DataList
            rows={[
              ['Payout method', METHOD[r.payoutMethod] ?? r.payoutMethod],
              ['Payout details', r.payoutDetails || 'Not set'],
            ]}
          />
          <p className="field-hint">Minimum payout is ₵250; lower balances carry forward to the next month.</p>
          <p>
            <a href={FULL}>Commissions and payout history are on your full dashboard.</a>
          </p>
        </Card>
      ) : null}
    </Tabs>
  );
}
