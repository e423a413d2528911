import { useId } from 'react';
import type { AdminStats } from '../../../../contract/admin.ts';
import { getAdminStats } from '../../../../contract/admin-session.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { Stat } from '../../ui/DashboardParts.tsx';
import { HistoryChart } from './HistoryChart.tsx';
import { Loaded } from './parts.tsx';
import { useAdminData } from './useAdminData.ts';
import { Card } from '../../ui/kit.tsx';

/** Overview (docs/PRODUCT.md "Administrators"): the stats cards, user distribution, payout summary, and the 12 months. */
export function OverviewTab({ seed }: { seed?: AdminStats }) {
  const { load, retry } = useAdminData(getAdminStats, {}, 'the figures', seed && { success: true, stats: seed });
  const ids = { cards: useId() };
  return (
    <Loaded load={load} what="the figures" onRetry={retry}>
      {({ stats }) => {
        const people = stats.totalCustomers + stats.totalProfessionals + stats.totalAffiliates;
        const share = (n: number) => (people ? `${Math.round((n / people) * 100)}%` : '0%');
        const distribution: [string, number][] = [
          ['Customers', stats.totalCustomers],
          ['Professionals', stats.totalProfessionals],
          ['Affiliates', stats.totalAffiliates],
        ];
        return (
          <div className="dash-stack">
            <h2 id={ids.cards} className="sr-only">
              Platform figures
            </h2>
            <ul className="dash-stats" aria-labelledby={ids.cards}>
              <Stat label="Total Users" value={stats.totalUsers} note="Customers and professionals" />
              <Stat label="Active Users" value={stats.activeUsers} note="With a paid or grace-period subscription" />
              <Stat
                label="Monthly Revenue"
                value={formatCedis(stats.monthlyRevenue, { fixed: true })}
                note="Subscriptions settled this month"
                strong
              />
              <Stat
                label="Recent Sign-ups"
                value={stats.recentSignups}
                note="Customers and professionals, last 7 days"
              />
              <Stat
                label="Expiring Subscriptions"
                value={stats.expiringSubscriptions}
                note="Within the reminder window"
              />
              <Stat label="Affiliates" value={stats.totalAffiliates} />
            </ul>
            <Card title="User distribution">
              <dl className="admin-distribution">
                {distribution.map(([label, count]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>
                      {count} ({share(count)})
                      <meter min={0} max={Math.max(people, 1)} value={count} aria-hidden="true" />
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card title="Payout summary">
              <ul className="dash-stats">
                <Stat
                  label="Pending Payouts"
                  value={formatCedis(stats.pendingPayouts, { fixed: true })}
                  note="Requested, not yet paid"
                />
                <Stat
                  label="Total Paid Out"
                  value={formatCedis(stats.totalPayouts, { fixed: true })}
                  note="Completed payouts"
                />
              </ul>
            </Card>
            <Card title="Last 12 months">
              <HistoryChart history={stats.history} />
            </Card>
          </div>
        );
      }}
    </Loaded>
  );
}
