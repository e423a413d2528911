import { useId } from 'react';
import { longDate } from '../../components/money.ts';
import { DownloadMyData } from '../shell/DownloadMyData.tsx';
import type { CustomerRecord } from './state.ts';

/** Profile (spec 001 §2): read-only. */
export default function Profile({ record }: { record: CustomerRecord }) {
  const headingId = useId();
  const rows: [string, string][] = [
    ['Name', record.name],
    ['Email', record.email],
    ['Phone', record.phone || 'Not provided'],
    ['Preferred location', record.preferredLocation || 'Not set'],
    ['Member since', longDate(new Date(`${record.joinDate}T00:00:00Z`))],
  ];
  return (
    <>
      <section className="card cd-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="cd-h2">
          Your Profile
        </h2>
        <dl className="cd-dl">
          {rows.map(([label, value]) => (
            <div key={label} className="cd-dl-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DownloadMyData className="card cd-section" />
    </>
  );
}
