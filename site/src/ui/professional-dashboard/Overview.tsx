import { Stat } from '../../ui/DashboardParts.tsx';
import { formatCedis } from '../../../../contract/money.ts';
import { KeptJobs } from './KeptJobs.tsx';
import { RateCard } from './RateCard.tsx';
import { ShareMyPage } from './ShareMyPage.tsx';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { countOf } from '../../../../contract/counts.ts';

/** Rating of 4.5 or more gets the strong style (docs/PRODUCT.md "Dashboards"); null means no reviews yet. */
export const strongRating = (rating: number | null): boolean => rating !== null && rating >= 4.5;

export function ProStats({ record }: { record: ProfessionalRecord }) {
  return (
    <ul className="dash-stats" role="list" aria-label="Your figures">
      <Stat label="Total Jobs" value={record.totalJobs} note={`${record.completedJobs} completed`} />
      <Stat label="Monthly Earnings" value={formatCedis(record.monthlyEarnings)} note="This month" />
      <Stat
        label="Rating"
        value={record.rating === null ? 'New' : record.rating.toFixed(1)}
        note={record.rating === null ? 'No reviews yet' : countOf(record.reviews, 'review')}
        strong={strongRating(record.rating)}
      />
      <Stat label="Pending Jobs" value={record.pendingJobs} note="Waiting for your answer" />
    </ul>
  );
}

/** Overview tab: the four stat cards, Rate Management and the public page to share. */
export function Overview({ record }: { record: ProfessionalRecord }) {
  return (
    <div className="dash-stack">
      <ProStats record={record} />
      <KeptJobs id={record.id} />
      <RateCard record={record} />
      <ShareMyPage record={record} />
    </div>
  );
}
