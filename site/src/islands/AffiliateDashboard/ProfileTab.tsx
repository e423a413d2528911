import { useId } from 'react';
import { Stat } from '../ProfessionalDashboard/Frame.tsx';
import { cedis, longDate } from '../ProfessionalDashboard/format.ts';
import { DataList } from '../shell/DataList.tsx';
import { DownloadMyData } from '../shell/DownloadMyData.tsx';
import type { AffiliateRecord } from './store.ts';

/** Profile tab: read-only (spec 001 §2) facts and summary cards. */
export default function ProfileTab({ record }: { record: AffiliateRecord }) {
  const id = useId();
  const active = record.status === 'active';
  return (
    <div className="pd-stack">
      <section className="card pd-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Profile</h2>
        <DataList
          rows={[
            ['Name', record.name],
            ['Email', record.email],
            ['Phone', record.phone || 'Not provided'],
            ['Referrer code', <code key="code">{record.referrerCode || 'Not assigned'}</code>],
            ['Member since', longDate(new Date(`${record.joinDate}T00:00:00Z`))],
            ['Account status', <span key="status" className={active ? 'pd-status is-completed' : 'pd-status is-cancelled'}>{active ? 'Active' : 'Suspended'}</span>],
          ]}
        />
        <p className="wz-hint">To change these details, contact affiliate support.</p>
      </section>
      <ul className="pd-stats" role="list" aria-label="Your summary">
        <Stat label="Total Referrals" value={record.totalReferrals} />
        <Stat label="Paid Referrals" value={record.paidReferrals} />
        <Stat label="Total Earnings" value={cedis(record.totalEarnings, true)} />
        <Stat label="Pending Payout" value={cedis(record.pendingPayout, true)} />
      </ul>
      <DownloadMyData />
    </div>
  );
}
