import { useId, useRef, useState } from 'react';
import type { BodyIn } from '../../../../contract/route.ts';
import {
  type AdminReportDetail,
  type PartyRole,
  REPORT_OUTCOMES,
  REPORT_TEXT_MAX,
  type ReportOutcome,
  closeReport,
  verdictWords,
} from '../../../../contract/reports.ts';
import { adminCall } from '../../stores/admin-session.ts';
import { ConfirmDialog } from '../../ui/kit.tsx';
import type { useAction } from './useAction.ts';

type Action = ReturnType<typeof useAction>;

/**
 * Closing a report: the outcome, whose account a warning or suspension is for, what that does to
 * the job, said before it is done (docs/PRODUCT.md "Problem reports"), and a note both parties
 * read. A suspension asks first.
 */
export function CloseReport({
  id,
  report,
  busy,
  run,
  after,
}: {
  id: number;
  report: AdminReportDetail;
  busy: Action['busy'];
  run: Action['run'];
  after: () => void;
}) {
  const base = useId();
  const [outcome, setOutcome] = useState<ReportOutcome | ''>('');
  const [party, setParty] = useState<PartyRole | ''>('');
  const [closingNote, setClosingNote] = useState('');
  const [asking, setAsking] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);

  function close() {
    setAsking(false);
    // An outcome not chosen is sent all the same: the server's refusal says what to choose.
    const verdict = { outcome, note: closingNote, ...(outcome !== 'resolved' && party ? { party } : {}) } as BodyIn<
      typeof closeReport
    >;
    void run('close', () => adminCall(closeReport, { params: { id }, body: verdict }), {
      after,
      focusBack: closeButton.current,
    });
  }

  return (
    <>
      <form
        className="dash-stack"
        aria-label="Close the report"
        onSubmit={(e) => {
          e.preventDefault();
          if (outcome === 'suspension') setAsking(true);
          else close();
        }}
      >
        <h4>Close the report</h4>
        <fieldset className="admin-outcomes">
          <legend>Outcome</legend>
          {REPORT_OUTCOMES.map((o) => (
            <label key={o} className="choice">
              <input
                type="radio"
                name={`${base}-outcome`}
                value={o}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
              />
              {o === 'suspension' ? 'Suspend an account' : o === 'warning' ? 'Give a warning' : 'Resolved'}
            </label>
          ))}
        </fieldset>
        {outcome === 'warning' || outcome === 'suspension' ? (
          <>
            <label htmlFor={`${base}-party`}>For whom?</label>
            <select id={`${base}-party`} value={party} onChange={(e) => setParty(e.target.value as PartyRole)}>
              <option value="">Choose</option>
              <option value="customer">The customer, {report.customer.name}</option>
              <option value="professional">The professional, {report.professional.name}</option>
            </select>
          </>
        ) : null}
        {outcome ? (
          <p className="dash-note">
            {verdictWords({ by: report.by, reason: report.reason, outcome, outcomeParty: party || null })}
          </p>
        ) : null}
        <label htmlFor={`${base}-note`}>Note both parties will read</label>
        <textarea
          id={`${base}-note`}
          rows={3}
          maxLength={REPORT_TEXT_MAX}
          value={closingNote}
          onChange={(e) => setClosingNote(e.target.value)}
        />
        <button ref={closeButton} type="submit" className="btn btn-sm auth-button" disabled={busy !== null}>
          {busy === 'close' ? 'Closing...' : 'Close report'}
        </button>
      </form>
      {asking ? (
        <ConfirmDialog
          title="Suspend the account?"
          question={`Close the report and suspend ${party === 'customer' ? report.customer.name : party === 'professional' ? report.professional.name : 'the account'}? They are signed out now and cannot sign in until an administrator activates the account.`}
          confirmLabel="Suspend and close"
          danger
          onConfirm={close}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
