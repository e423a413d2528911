import { useStore } from '@nanostores/react';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { RecordView } from '../../ui/DashboardParts.tsx';
import { ProStats } from '../professional-dashboard/Overview.tsx';
import { Earnings, JobRequests, ProBadges, ProfileTab } from '../professional-dashboard/ProfessionalDashboard.tsx';
import { RateCard } from '../professional-dashboard/RateCard.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { $bookings } from '../../stores/bookings.ts';
import { $professional, retryProfessional } from '../../stores/professional.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { $unread } from '../../stores/unread.ts';
import type { RoleViewProps } from './tabs.ts';
import { tabItems } from './tabs.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { Card } from '../../ui/kit.tsx';

// Analytics downloads when its tab is first opened.
const Analytics = lazyPart('dashboard', () => import('./Analytics.tsx'), 'Loading your analytics...');

const BOOKING_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'completed', label: 'Completed' },
] as const;

/** Recent Activity: the three newest job requests. */
function RecentJobs() {
  const jobs = useStore($bookings);
  if (jobs.state !== 'loaded')
    return jobs.state === 'failed' ? <p className="dash-muted">{jobs.message}</p> : <GuardLoading />;
  const recent = [...jobs.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 3);
  if (!recent.length) return <p className="dash-muted">No job requests yet.</p>;
  return (
    <ul className="dash-list" role="list">
      {recent.map((j) => (
        <li key={j.id} className="card dash-job">
          <strong>
            {j.customerName} · {j.service}
          </strong>
          <span>
            {dateLabel(j.date)} · {timeLabel(j.time)} · {formatCedis(j.totalAmount)} · {j.status}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The general screen for a professional: the professional dashboard's parts, compact. */
export default function ProfessionalView({ user, tab, onTab, tabs }: RoleViewProps) {
  const load = useStore($professional);
  const unread = useStore($unread).bookings;

  return (
    <RecordView
      load={load}
      onRetry={retryProfessional}
      shown={(record) => (
        <>
          <ProBadges record={record} />
          <Tabs
            label="Dashboard sections"
            idPrefix="gd"
            tabs={tabItems(tabs, { bookings: 'Job Requests' }, { bookings: unread })}
            active={tab}
            onChange={onTab}
          >
            {tab === 'overview' ? (
              <div className="dash-stack">
                <ProStats record={record} />
                <Card title="Quick Actions">
                  <div className="form-actions">
                    <button type="button" className="btn action-button" onClick={() => onTab('bookings')}>
                      Review job requests
                    </button>
                    <button type="button" className="btn btn-line action-button" onClick={() => onTab('profile')}>
                      Edit profile and rates
                    </button>
                    <a className="btn btn-line action-button" href="/professional-dashboard">
                      Set your schedule
                    </a>
                  </div>
                </Card>
                <Card title="Recent Activity">
                  <RecentJobs />
                </Card>
              </div>
            ) : null}
            {tab === 'bookings' ? <JobRequests user={user} filters={BOOKING_FILTERS} /> : null}
            {tab === 'analytics' ? <Analytics /> : null}
            {tab === 'profile' ? (
              <div className="dash-stack">
                <ProfileTab user={user} record={record} />
                <RateCard record={record} />
              </div>
            ) : null}
            {tab === 'earnings' ? <Earnings record={record} /> : null}
          </Tabs>
        </>
      )}
    />
  );
}
