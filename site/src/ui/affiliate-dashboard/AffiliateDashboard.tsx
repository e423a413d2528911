import { useState } from 'react';
import { DashboardHeader, RecordView } from '../../ui/DashboardParts.tsx';
import type { DashboardViewProps } from '../../ui/DashboardParts.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { Overview } from './Overview.tsx';
import { useAffiliate } from './store.ts';
import '../../ui/wizard.css';
import '../../ui/forms.css';
import '../../ui/dashboard.css';
import './affiliate.css';
import { useTabAddress } from '../../ui/useTabAddress.ts';

// Only the Overview ships with the island; Earnings and Profile download when first opened.
const Earnings = lazyPart('dashboard', () => import('./Earnings.tsx'));
const ProfileTab = lazyPart('dashboard', () => import('./ProfileTab.tsx'));
const SignUpProfessional = lazyPart('dashboard', () => import('./SignUpProfessional.tsx'));

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'profile', label: 'Profile' },
  { id: 'signup', label: 'Sign up a professional' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

/** /affiliate-dashboard (docs/PRODUCT.md "Affiliates, commission and payouts": Affiliate dashboard), on the commission ledger's real figures. */
export default function AffiliateDashboard({ title, user }: DashboardViewProps) {
  const { load, reload } = useAffiliate();
  const [tab, setTab] = useState<Tab>('overview');
  useTabAddress(TAB_IDS, tab, setTab);

  return (
    <div className="dash">
      <DashboardHeader
        title={title}
        user={user}
        avatar={load.state === 'loaded' ? load.data.avatar : null}
        menu={[
          { label: 'Profile', onSelect: () => setTab('profile') },
          { label: 'Earnings', onSelect: () => setTab('earnings') },
        ]}
      />
      <RecordView
        load={load}
        onRetry={() => reload(false)}
        shown={(record) => (
          <>
            {record.status !== 'active' ? (
              <p className="form-problem" role="note">
                Your affiliate account is suspended: you can see your balance, but you cannot request payouts and new
                referrals earn nothing until it is active again.
              </p>
            ) : null}
            <Tabs label="Dashboard sections" idPrefix="aff" tabs={TABS} active={tab} onChange={setTab}>
              {tab === 'overview' ? <Overview record={record} /> : null}
              {tab === 'earnings' ? <Earnings record={record} onChanged={() => reload(true)} /> : null}
              {tab === 'signup' ? <SignUpProfessional /> : null}
              {tab === 'profile' ? <ProfileTab record={record} onChanged={() => reload(true)} /> : null}
            </Tabs>
          </>
        )}
      />
    </div>
  );
}
