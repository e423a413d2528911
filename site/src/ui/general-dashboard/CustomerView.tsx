import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Booking, BookingStatus } from '../../../../contract/bookings.ts';
import { $bookings, retryBookings } from '../../stores/bookings.ts';
import { $customer, retryCustomer } from '../../stores/customer.ts';
import { $unread, showingBookings } from '../../stores/unread.ts';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { LoadError, Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { dateLabel, longDate, parseDay, timeLabel } from '../../../../contract/dates.ts';
import type { RoleViewProps } from './tabs.ts';
import { tabItems } from './tabs.ts';
import { DataList } from '../../ui/DataList.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { Card, LoadFailed } from '../../ui/kit.tsx';

// Analytics downloads when its tab is first opened.
const Analytics = lazyPart('dashboard', () => import('./Analytics.tsx'), 'Loading your analytics...');

const FILTERS = ['all', 'pending', 'confirmed', 'completed'] as const;
type Filter = (typeof FILTERS)[number];
const LABEL: Record<Filter | BookingStatus, string> = {
  all: 'All',
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const FULL = '/customer-dashboard';

function BookingItem({ b }: { b: Booking }) {
  return (
    <li className="card dash-job">
      <div className="dash-job-head">
        <strong>{b.professionalName}</strong>
        <span className={`dash-status is-${b.status}`}>{LABEL[b.status]}</span>
      </div>
      <span>
        {b.service} · {dateLabel(b.date)} · {timeLabel(b.time)} · {formatCedis(b.totalAmount)}
      </span>
      {/* Messages open from the request on (docs/PRODUCT.md "Bookings"); Call once confirmed. */}
      {b.status === 'pending' || b.status === 'confirmed' ? (
        <div className="form-actions">
          <a className="btn btn-line action-button" href={FULL}>
            Message <span className="sr-only">{b.professionalName}</span>
          </a>
          {b.status === 'confirmed' && b.contactPhone ? (
            <a className="btn btn-line action-button" href={`tel:${b.contactPhone}`}>
              Call <span className="sr-only">{b.professionalName}</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {b.status === 'completed' && !b.reviewed ? (
        <a className="btn btn-line action-button" href={FULL}>
          Leave Review
        </a>
      ) : null}
    </li>
  );
}

/** My Bookings, compact: GET /api/bookings with the All/Pending/Confirmed/Completed sub-tabs. */
function MyBookings({ onFind }: { onFind: () => void }) {
  const [filter, setFilter] = useState<Filter>('all');
  // The professional's answers show as they come (stores/bookings.ts); the list shown stays meanwhile.
  const load = useStore($bookings);
  useEffect(showingBookings, []);
  const shown = load.state === 'loaded' ? load.data.filter((b) => filter === 'all' || b.status === filter) : [];
  return (
    <section className="dash-section" aria-labelledby="gd-bookings">
      <div className="dash-head">
        <h2 id="gd-bookings">My Bookings</h2>
        <button type="button" className="btn action-button" onClick={onFind}>
          Book New Service
        </button>
      </div>
      <Tabs
        label="Show bookings"
        idPrefix="gd-bookings-filter"
        tabs={FILTERS.map((f) => ({ id: f, label: LABEL[f] }))}
        active={filter}
        onChange={setFilter}
        className="dash-subtabs"
        panelStop={false}
      >
        {load.state === 'loading' ? <GuardLoading text="Loading your bookings..." /> : null}
        {load.state === 'failed' ? (
          <LoadFailed message={load.message} onRetry={() => void retryBookings()} look="card" />
        ) : null}
        {load.state === 'loaded' && !shown.length ? <p className="dash-empty">No bookings here yet.</p> : null}
        <ul className="dash-list" role="list">
          {shown.map((b) => (
            <BookingItem key={b.id} b={b} />
          ))}
        </ul>
      </Tabs>
    </section>
  );
}

/** The general screen for a customer: the customer dashboard's figures, compact. */
export default function CustomerView({ user, tab, onTab, tabs }: RoleViewProps) {
  // The customer dashboard's record (stores/customer.ts), with its news.
  const load = useStore($customer);
  const unread = useStore($unread).bookings;
  if (load.state === 'loading') return <GuardLoading text="Loading your dashboard..." />;
  if (load.state === 'failed') return <LoadError message={load.message} onRetry={retryCustomer} />;
  const r = load.data;
  return (
    <Tabs
      label="Dashboard sections"
      idPrefix="gd"
      tabs={tabItems(tabs, {}, { bookings: unread })}
      active={tab}
      onChange={onTab}
    >
      {tab === 'overview' ? (
        <div className="dash-stack">
          <ul className="dash-stats" role="list" aria-label="Your figures">
            <Stat label="Total Bookings" value={r.totalBookings} />
            <Stat label="Completed Services" value={r.completedJobs} />
            <Stat label="Total Spent" value={formatCedis(r.totalSpent)} />
            <Stat label="Saved favourites" value={r.favoriteServices.length} />
          </ul>
          <Card title="Quick Actions">
            <div className="form-actions">
              <button type="button" className="btn action-button" onClick={() => onTab('findpro')}>
                Find a professional
              </button>
              <button type="button" className="btn btn-line action-button" onClick={() => onTab('bookings')}>
                My Bookings
              </button>
            </div>
          </Card>
          <Card title="Recent Activity">
            {r.recentBookings.length ? (
              <ul className="dash-list" role="list">
                {r.recentBookings.slice(0, 3).map((b) => (
                  <BookingItem key={b.id} b={b} />
                ))}
              </ul>
            ) : (
              <p className="dash-muted">No bookings yet.</p>
            )}
          </Card>
        </div>
      ) : null}
      {tab === 'bookings' ? <MyBookings onFind={() => onTab('findpro')} /> : null}
      {tab === 'findpro' ? (
        <Card title="Find Pro">
          <p>
            Search professionals by name or profession, filter by category, sort by distance, rating or price, and book
            a time.
          </p>
          <a className="btn action-button" href={FULL}>
            Find services near you
          </a>
        </Card>
      ) : null}
      {tab === 'analytics' ? <Analytics /> : null}
      {tab === 'profile' ? (
        <Card title="Profile">
          <DataList
            rows={[
              ['Name', `${user.firstName} ${user.lastName}`],
              ['Email', r.email],
              ['Phone', r.phone || 'Not provided'],
              ['Preferred location', r.preferredLocation || 'Not set'],
              ['Member since', longDate(parseDay(r.joinDate))],
            ]}
          />
        </Card>
      ) : null}
    </Tabs>
  );
}
