import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { DownloadMyData } from '../../ui/DownloadMyData.tsx';
import { PushSettings } from '../../ui/PushCards.tsx';
import { ProfilePhoto } from '../../ui/ProfilePhoto.tsx';
import { longDate, parseDay } from '../../../../contract/dates.ts';
import { ProfileEditor } from '../profile-editor/ProfileEditor.tsx';
import { contactDetailsOf } from '../../stores/profile.ts';
import type { AffiliateRecord } from './store.ts';

/** Profile tab (docs/PRODUCT.md "Affiliates, commission and payouts"): facts and summary cards; Edit Profile for name, phone and location. */
export default function ProfileTab({ record, onChanged }: { record: AffiliateRecord; onChanged: () => void }) {
  const active = record.status === 'active';
  return (
    <div className="dash-stack">
      <ProfilePhoto name={record.name} avatar={record.avatar} onChanged={onChanged} />
      <ProfileEditor
        details={contactDetailsOf(record)}
        email={record.email}
        rows={[
          ['Name', record.name],
          ['Email', record.email],
          ['Phone', record.phone || 'Not provided'],
          ['Location', record.location || 'Not set'],
          ['Referrer code', <code key="code">{record.referrerCode || 'Not assigned'}</code>],
          ['Member since', longDate(parseDay(record.joinDate))],
          [
            'Account status',
            <span key="status" className={active ? 'dash-status is-completed' : 'dash-status is-cancelled'}>
              {active ? 'Active' : 'Suspended'}
            </span>,
          ],
        ]}
        note={<p className="field-hint">Your payout details change only through affiliate support.</p>}
        onSaved={onChanged}
      />
      <ul className="dash-stats" role="list" aria-label="Your summary">
        <Stat label="Total Referrals" value={record.totalReferrals} />
        <Stat label="Paid Referrals" value={record.paidReferrals} />
        <Stat label="Total Earnings" value={formatCedis(record.totalEarnings, { fixed: true })} />
        <Stat label="Pending Payout" value={formatCedis(record.pendingPayout, { fixed: true })} />
      </ul>
      <PushSettings />
      <DownloadMyData />
    </div>
  );
}
