import { useStore } from '@nanostores/react';
import { useId } from 'react';
import {
  acceptanceWords,
  ANALYTICS_MONTHS,
  type CustomerAnalytics,
  getMyAnalytics,
  type ProfessionalAnalytics,
} from '../../../../contract/analytics.ts';
import { routeLoad } from '../../stores/load-store.ts';
import { $session } from '../../stores/session.ts';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { failure } from '../../lib/outcome.ts';
import { monthLabel } from '../../../../contract/dates.ts';
import './analytics.css';
import { countOf } from '../../../../contract/counts.ts';
import { reliabilityWords } from '../../../../contract/reports.ts';
import { Card, LoadFailed } from '../../ui/kit.tsx';

/** The signed-in account's figures, kept on the phone for it (docs/PRODUCT.md "Working offline"). */
const analytics = routeLoad(getMyAnalytics, {
  select: (answer) => answer.analytics,
  failure: (error) => `Your analytics could not be loaded. ${failure(error).message}`,
  keep: () => {
    const account = $session.get().user?.id;
    return account === undefined ? undefined : { name: 'figures', account };
  },
})({});

/** Bar widths in 5% steps (classes, since the CSP allows no inline styles). */
const step = (value: number, max: number) =>
  max <= 0 ? 0 : Math.max(value > 0 ? 1 : 0, Math.round((value / max) * 20));

/**
 * A bar chart as a list: each bar has its month and its number as text, so a screen reader reads
 * "November 2026: 3 bookings" and nothing depends on seeing the bar.
 */
function Bars({
  title,
  rows,
  format,
}: {
  title: string;
  rows: { month: string; value: number }[];
  format: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <Card title={title} titleId={`${id}-title`}>
      <ul className="an-bars" role="list" aria-labelledby={`${id}-title`}>
        {rows.map((r) => (
          <li key={r.month} className="an-row">
            <span className="an-month">{monthLabel(r.month)}</span>
            <span className="an-track" aria-hidden="true">
              <span className={`an-bar an-w-${step(r.value, max)}`} />
            </span>
            <span className="an-value">{format(r.value)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CustomerFigures({ a }: { a: CustomerAnalytics }) {
  const booked = a.months.some((m) => m.bookings > 0) || a.completed > 0 || a.cancelled > 0;
  if (!booked)
    return (
      <p className="dash-empty">
        No bookings yet. Once you book a professional, your bookings per month, spending and favourite categories show
        here.
      </p>
    );
  return (
    <div className="dash-stack">
      <ul className="dash-stats" role="list" aria-label="Your booking figures">
        <Stat label="Completed" value={a.completed} note="Services done" />
        <Stat label="Cancelled" value={a.cancelled} note="By you or the professional" />
        <Stat label="Total Spent" value={formatCedis(a.totalSpent)} note="On completed services" />
      </ul>
      <Bars
        title={`Bookings per month (last ${ANALYTICS_MONTHS})`}
        rows={a.months.map((m) => ({ month: m.month, value: m.bookings }))}
        format={(n) => countOf(n, 'booking')}
      />
      <Card title="Most booked categories">
        {a.topCategories.length ? (
          <ol className="an-top">
            {a.topCategories.map((c) => (
              <li key={c.category}>
                <span className="an-category">{c.category}</span> · {countOf(c.bookings, 'booking')}
              </li>
            ))}
          </ol>
        ) : (
          <p className="dash-muted">None yet: cancelled bookings are not counted.</p>
        )}
      </Card>
    </div>
  );
}

function ProfessionalFigures({ a }: { a: ProfessionalAnalytics }) {
  const worked = a.months.some((m) => m.jobs > 0) || a.answered > 0 || a.expired > 0 || a.reviews > 0;
  if (!worked)
    return (
      <p className="dash-empty">
        No jobs yet. Once you answer requests and complete jobs, your jobs, earnings, acceptance rate and rating show
        here.
      </p>
    );
  return (
    <div className="dash-stack">
      <ul className="dash-stats" role="list" aria-label="Your job figures">
        <Stat
          label="Acceptance Rate"
          value={a.acceptanceRate === null ? '—' : `${a.acceptanceRate}%`}
          note={acceptanceWords(a)}
        />
        <Stat
          label="Jobs Kept"
          value={a.kept.jobs ? `${a.kept.kept} of ${a.kept.jobs}` : '—'}
          note={`${reliabilityWords(a.kept)}, as your public page says`}
        />
        <Stat
          label="Average Rating"
          value={a.rating === null ? 'New' : a.rating.toFixed(1)}
          note={a.reviews ? countOf(a.reviews, 'review') : 'No reviews yet'}
        />
      </ul>
      <Bars
        title={`Completed jobs per month (last ${ANALYTICS_MONTHS})`}
        rows={a.months.map((m) => ({ month: m.month, value: m.jobs }))}
        format={(n) => countOf(n, 'job')}
      />
      <Bars
        title={`Earnings per month (last ${ANALYTICS_MONTHS})`}
        rows={a.months.map((m) => ({ month: m.month, value: m.earnings }))}
        format={(n) => formatCedis(n)}
      />
    </div>
  );
}

/** Analytics tab of /dashboard for customers and professionals: GET /api/me/analytics, real figures only. */
export default function Analytics() {
  const load = useStore(analytics.$load);
  const retry = () => void analytics.retry();
  if (load.state === 'loading') return <GuardLoading text="Loading your analytics..." />;
  if (load.state === 'failed') {
    return <LoadFailed message={load.message} onRetry={retry} look="card" />;
  }
  return load.data.role === 'customer' ? <CustomerFigures a={load.data} /> : <ProfessionalFigures a={load.data} />;
}
