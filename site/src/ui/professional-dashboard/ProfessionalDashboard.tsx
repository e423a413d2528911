import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DashboardViewProps } from '../../ui/DashboardParts.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { DownloadMyData } from '../../ui/DownloadMyData.tsx';
import { DashboardHeader, RecordView } from '../../ui/DashboardParts.tsx';
import { Overview, strongRating } from './Overview.tsx';
import { $session } from '../../stores/session.ts';
import { $unread } from '../../stores/unread.ts';
import { $professional, patchProfessional, refreshProfessional, retryProfessional } from '../../stores/professional.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import '../../ui/wizard.css';
import '../../ui/forms.css';
import '../../ui/dashboard.css';
import { useTabAddress } from '../../ui/useTabAddress.ts';

// Only the Overview ships with the island; the other tabs download when first opened.
export const JobRequests = lazyPart('dashboard', () => import('./JobRequests.tsx'));
export const Schedule = lazyPart('dashboard', () => import('./Schedule.tsx'));
export const Earnings = lazyPart('dashboard', () => import('./Earnings.tsx'));
export const ProfileTab = lazyPart('dashboard', () => import('./ProfileTab.tsx'));
const ProfilePhoto = lazyPart('dashboard', () => import('../../ui/ProfilePhoto.tsx'), 'Loading your photo...');
const WorkPhotos = lazyPart('dashboard', () => import('./WorkPhotos.tsx'), 'Loading your work photos...');
const PushSettings = lazyPart(
  'dashboard',
  () => import('../../ui/PushCards.tsx').then((m) => ({ default: m.PushSettings })),
  'Loading your notification settings...',
);
const VerificationCard = lazyPart('dashboard', () => import('./VerificationCard.tsx'), 'Loading your verification...');
// The subscription card brings the payment code.
const SubscriptionCard = lazyPart(
  'dashboard',
  () => import('../subscription/SubscriptionCard.tsx'),
  'Loading your subscription...',
);

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'jobs', label: 'Job Requests' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'profile', label: 'Profile' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

/** Name, profession, verified and rating badges under the heading. */
export function ProBadges({ record }: { record: ProfessionalRecord }) {
  return (
    <p className="dash-badges">
      <span className="dash-badge">{record.profession}</span>
      {record.verified ? <span className="dash-badge">Verified</span> : null}
      <span className={strongRating(record.rating) ? 'dash-badge is-strong' : 'dash-badge'}>
        {record.rating === null ? 'New' : `★ ${record.rating.toFixed(1)}`}
      </span>
    </p>
  );
}

/** /professional-dashboard (docs/PRODUCT.md "Dashboards": Professional dashboard), on real data. */
export default function ProfessionalDashboard({ title, user }: DashboardViewProps) {
  const load = useStore($professional);
  const unread = useStore($unread).bookings;
  const [tab, setTab] = useState<Tab>('overview');
  useTabAddress(TAB_IDS, tab, setTab);
  const tabs = TABS.map((t) => (t.id === 'jobs' ? { ...t, unread } : t));

  return (
    <div className="dash">
      <DashboardHeader
        title={title}
        user={user}
        avatar={load.state === 'loaded' ? load.data.avatar : null}
        menu={[
          { label: 'Profile', onSelect: () => setTab('profile') },
          { label: 'Job Requests', onSelect: () => setTab('jobs') },
        ]}
      />
      <RecordView
        load={load}
        onRetry={retryProfessional}
        shown={(record) => (
          <>
            <ProBadges record={record} />
            <Tabs label="Dashboard sections" idPrefix="pro" tabs={tabs} active={tab} onChange={setTab}>
              {tab === 'overview' ? (
                <>
                  <SubscriptionCard
                    subscription={record.subscription}
                    token={$session.get().token}
                    onRenewed={refreshProfessional}
                  />
                  <Overview record={record} />
                </>
              ) : null}
              {tab === 'jobs' ? <JobRequests user={user} /> : null}
              {tab === 'schedule' ? <Schedule user={user} record={record} /> : null}
              {tab === 'earnings' ? <Earnings record={record} /> : null}
              {tab === 'profile' ? (
                <div className="dash-stack">
                  <ProfilePhoto
                    name={record.name}
                    avatar={record.avatar}
                    onChanged={(avatar) => patchProfessional({ avatar })}
                  />
                  <ProfileTab user={user} record={record} />
                  <WorkPhotos profession={record.profession} />
                  <VerificationCard />
                  <PushSettings />
                  <DownloadMyData />
                </div>
              ) : null}
            </Tabs>
          </>
        )}
      />
    </div>
  );
}
