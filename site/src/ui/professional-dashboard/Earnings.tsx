import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { monthLabel } from '../../../../contract/dates.ts';
import { countOf } from '../../../../contract/counts.ts';
import { Card, ScrollTable } from '../../ui/kit.tsx';

/** Earnings tab: totals and a by-month table from completed jobs (no chart library). */
export default function Earnings({ record }: { record: ProfessionalRecord }) {
  return (
    <div className="dash-stack">
      <ul className="dash-stats" role="list" aria-label="Your earnings">
        <Stat
          label="Total Earned"
          value={formatCedis(record.totalEarnings)}
          note={countOf(record.completedJobs, 'completed job')}
        />
        <Stat label="This Month" value={formatCedis(record.monthlyEarnings)} />
      </ul>
      <Card title="Earnings by Month">
        {record.earningsByMonth.length ? (
          <ScrollTable caption="Earnings from completed jobs, by month, newest first" captionHidden>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Jobs</th>
                <th scope="col">Earned</th>
              </tr>
            </thead>
            <tbody>
              {record.earningsByMonth.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month)}</th>
                  <td>{m.jobs}</td>
                  <td>{formatCedis(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : (
          <p className="dash-muted">No earnings yet. Completed jobs show here.</p>
        )}
      </Card>
    </div>
  );
}
