import { useStore } from '@nanostores/react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { yearOf } from '../../../../contract/dates.ts';
import { $customer, patchCustomer, retryCustomer } from '../../stores/customer.ts';
import { $locatedHere } from '../../stores/location.ts';
import { $pushOfferFor } from '../../stores/push.ts';
import { $session } from '../../stores/session.ts';
import { $unread } from '../../stores/unread.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { $bookingTarget } from '../../stores/find-pro.ts';
import { Overview } from './Overview.tsx';
import { $bookFromAddress, $customerTab, openTab, TAB_IDS, TABS } from './state.ts';
import type { CustomerRecord } from './state.ts';
import './customer.css';
import { RecordView, SignedInAs, SignInNotice } from '../../ui/DashboardParts.tsx';
import { AccountMenu } from '../../ui/AccountMenu.tsx';
import { LocationIndicator } from '../LocationIndicator.tsx';
import { lazyDialog, lazyPart } from '../../ui/LazyPart.tsx';
import { countOf } from '../../../../contract/counts.ts';
import { useTabAddress } from '../../ui/useTabAddress.ts';

// Tabs not shown first, and the booking dialog, download only when opened (slow 3G).
const FindPro = lazyPart('dashboard', () => import('../find-pro/FindPro.tsx'));
const MyBookings = lazyPart('dashboard', () => import('./MyBookings.tsx'));
// Downloaded only once a booking request has gone (docs/PRODUCT.md "Notifications on the phone").
const AnswerOffer = lazyPart('dashboard', () => import('./AnswerOffer.tsx'));
const Profile = lazyPart('dashboard', () => import('./Profile.tsx'));
const BookingDialog = lazyDialog(
  'dashboard',
  () => import('../booking-dialog/BookingDialog.tsx'),
  ({ professional }) => `Book ${professional.name}`,
);
// The subscription card brings the payment code.
const SubscriptionCard = lazyPart(
  'dashboard',
  () => import('../subscription/SubscriptionCard.tsx'),
  'Loading your subscription...',
);

/** /customer-dashboard (docs/PRODUCT.md "Dashboards"): real data, four working tabs. */
export default function CustomerDashboard({ title, user }: { title: string; user: SessionUser }) {
  // Read by the store while shown, and again as the bookings and payments change (stores/customer.ts).
  const load = useStore($customer);

  // Where it searches from, and a professional chosen on the public directory (./state.ts).
  useStore($locatedHere);
  useStore($bookFromAddress);

  // Try Again and a renewal show the loading screen; a saved profile patches the record shown.
  return (
    <RecordView
      load={load}
      onRetry={retryCustomer}
      shown={(record) => (
        <Dashboard title={title} user={user} record={record} onRenewed={retryCustomer} onChanged={patchCustomer} />
      )}
    />
  );
}

function Dashboard({
  title,
  user,
  record,
  onRenewed,
  onChanged,
}: {
  title: string;
  user: SessionUser;
  record: CustomerRecord;
  onRenewed: () => void;
  onChanged: (fields: Partial<CustomerRecord>) => void;
}) {
  const tab = useStore($customerTab);
  useTabAddress(TAB_IDS, tab, openTab);
  const target = useStore($bookingTarget);
  const offerFor = useStore($pushOfferFor);
  const unread = useStore($unread).bookings;
  const tabs = TABS.map((t) => (t.id === 'bookings' ? { ...t, unread } : t));

  return (
    <div className="cd">
      <header className="cd-head">
        <div className="cd-head-main">
          <div className="avatar-row">
            <Avatar name={record.name} src={record.avatar} size="md" />
            <h1 className="cd-h1">{title}</h1>
          </div>
          <p className="cd-welcome">
            {/* docs/PRODUCT.md "Welcome": no "back" on the account's first visit. */}
            {record.firstVisit ? 'Welcome' : 'Welcome back'}, {record.firstName || user.firstName}
          </p>
          <SignedInAs user={user} />
          <p className="cd-badges">
            <span className="cd-badge is-default">
              {countOf(record.completedJobs, 'Service Used', 'Services Used')}
            </span>
            <span className="cd-badge is-outline">Customer since {yearOf(record.joinDate)}</span>
          </p>
        </div>
        <div className="cd-head-side">
          <LocationIndicator />
          <AccountMenu
            name={record.firstName || user.firstName}
            userType="customer"
            items={[
              { label: 'Profile', onSelect: () => $customerTab.set('profile') },
              { label: 'My Bookings', onSelect: () => $customerTab.set('bookings') },
            ]}
          />
        </div>
      </header>
      <SignInNotice />

      <Tabs label="Customer dashboard" idPrefix="cd" tabs={tabs} active={tab} onChange={(id) => $customerTab.set(id)}>
        {offerFor ? <AnswerOffer professional={offerFor} /> : null}
        {tab === 'overview' ? (
          <>
            <SubscriptionCard subscription={record.subscription} token={$session.get().token} onRenewed={onRenewed} />
            <Overview record={record} />
          </>
        ) : null}
        {tab === 'find' ? <FindPro /> : null}
        {tab === 'bookings' ? <MyBookings user={user} /> : null}
        {tab === 'profile' ? <Profile record={record} onChanged={onChanged} /> : null}
      </Tabs>

      {target ? (
        <BookingDialog
          key={target.id}
          professional={target}
          draft={target.draft}
          from={{ city: record.location, address: record.localAddress }}
          onClose={() => $bookingTarget.set(null)}
        />
      ) : null}
    </div>
  );
}
