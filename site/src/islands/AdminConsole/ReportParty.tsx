import type { AdminReportParty } from '../../../../contract/reports.ts';
import { countOf } from '../../../../contract/counts.ts';

/** One side of a reported job: who they are, their record here, and a way to their account. */
export function Party({ party, onOpenUser }: { party: AdminReportParty; onOpenUser: (id: number) => void }) {
  return (
    <section className="admin-report-party" aria-label={`The ${party.role}`}>
      <h4>
        The {party.role}: {party.name}
        {party.status !== 'active' ? ` (${party.status})` : ''}
      </h4>
      <p className="dash-muted">
        {party.reliability}. {countOf(party.history.bookings, 'booking')}, {party.history.completed} completed,{' '}
        {party.history.cancelled} cancelled. Reports made: {party.history.reportsMade}; against them:{' '}
        {party.history.reportsAgainst}.
      </p>
      <button type="button" className="btn btn-sm btn-line auth-button" onClick={() => onOpenUser(party.id)}>
        Open {party.name}'s account
      </button>
    </section>
  );
}
