import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Tabs } from '../../ui/Tabs.tsx';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { formatCedis } from '../../../../contract/money.ts';
import {
  adminReport,
  adminReports,
  REPORT_OUTCOME_LABELS,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  sendAdminReportMessage,
  verdictWords,
} from '../../../../contract/reports.ts';
import { adminCall } from '../../stores/admin-session.ts';
import { whenText } from './activity.ts';
import { ActionNote, Loaded } from './parts.tsx';
import { useAction } from './useAction.ts';
import { CloseReport } from './CloseReport.tsx';
import { Party } from './ReportParty.tsx';
import { countOf } from '../../../../contract/counts.ts';
import { useAdminData } from './useAdminData.ts';
import type { DialogTab } from './UserDialog.tsx';

export const REPORTS_EMPTY = { open: 'No open problem reports.', closed: 'No closed problem reports yet.' } as const;

/**
 * Problem reports (docs/PRODUCT.md "Problem reports"): the queue of open reports, longest waiting
 * first, and one report with the booking, both parties' chat, history and figures; the
 * administrator writes to both parties and closes it with an outcome and a note both read.
 * Opening a report, each message and the closing are in the Activity log.
 */
export function ReportsTab({ onOpenUser }: { onOpenUser: (id: number, tab?: DialogTab) => void }) {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const { load, stale, retry } = useAdminData(adminReports, { query: { status } }, 'the problem reports');
  if (openId !== null)
    return (
      <ReportDetail
        id={openId}
        onOpenUser={onOpenUser}
        onBack={() => {
          setOpenId(null);
          retry();
        }}
      />
    );
  return (
    <div className="dash-stack">
      <p className="dash-muted admin-intro">
        Problems customers and professionals reported about a job, longest waiting first.
      </p>
      <Tabs
        label="Show reports"
        idPrefix="admin-reports-filter"
        tabs={[
          { id: 'open', label: 'Open' },
          { id: 'closed', label: 'Closed' },
        ]}
        active={status}
        onChange={setStatus}
        className="dash-subtabs"
        panelStop={false}
      >
        <Loaded load={load} what="the problem reports" onRetry={retry}>
          {(data) =>
            data.reports.length === 0 ? (
              <p className="dash-empty" role="status">
                {REPORTS_EMPTY[status]}
              </p>
            ) : (
              <ol
                className="admin-queue"
                aria-label={`${status === 'open' ? 'Open' : 'Closed'} problem reports`}
                aria-busy={stale}
              >
                {data.reports.map((r) => (
                  <li key={r.id} className="admin-queue-item">
                    <h3 className="admin-queue-name">
                      Report #{r.id}: {REPORT_REASON_LABELS[r.reason]}
                    </h3>
                    <p className="dash-muted">
                      By the {r.by} {r.reporterName}, about {r.otherName}; job of {whenText(r.jobStart)}. Reported{' '}
                      <time dateTime={r.createdAt}>{whenText(r.createdAt)}</time>
                      {r.outcome ? `. Outcome: ${REPORT_OUTCOME_LABELS[r.outcome]}` : ''}.
                    </p>
                    <button
                      type="button"
                      className="btn btn-sm auth-button"
                      aria-label={`Open report #${r.id}`}
                      onClick={() => setOpenId(r.id)}
                    >
                      Open
                    </button>
                  </li>
                ))}
              </ol>
            )
          }
        </Loaded>
      </Tabs>
    </div>
  );
}

function ReportDetail({
  id,
  onBack,
  onOpenUser,
}: {
  id: number;
  onBack: () => void;
  onOpenUser: (id: number, tab?: DialogTab) => void;
}) {
  const base = useId();
  const { load, retry } = useAdminData(adminReport, { params: { id } }, 'the report');
  const { busy, note, run } = useAction();
  const [message, setMessage] = useState('');

  async function onMessage(event: FormEvent) {
    event.preventDefault();
    const sent = await run(
      'message',
      () => adminCall(sendAdminReportMessage, { params: { id }, body: { body: message } }),
      { success: () => 'Message sent to both parties.', after: retry },
    );
    if (sent) setMessage('');
  }

  return (
    <div className="dash-stack">
      <button type="button" className="btn btn-sm btn-line auth-button" onClick={onBack}>
        Back to the reports
      </button>
      <ActionNote note={note} takeFocus />
      <Loaded load={load} what="the report" onRetry={retry}>
        {({ report: r }) => (
          <article className="admin-report" aria-labelledby={`${base}-title`}>
            <h3 id={`${base}-title`}>
              Report #{r.id}: {REPORT_REASON_LABELS[r.reason]} ({r.status === 'open' ? 'open' : 'closed'})
            </h3>
            <p>
              By the {r.by} {r.reporterName}, <time dateTime={r.createdAt}>{whenText(r.createdAt)}</time>.
            </p>
            <p className="admin-report-text">{r.report.description}</p>
            {r.report.photos.length ? (
              <ul className="tr-photos admin-report-photos" aria-label="Photos sent with the report">
                {r.report.photos.map((p, n) => (
                  <li key={p.thumb}>
                    <a href={p.large} target="_blank" rel="noreferrer">
                      <img
                        src={p.thumb}
                        alt={`Sent with the report, ${n + 1} of ${r.report.photos.length}`}
                        width={72}
                        height={72}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <h4>The booking</h4>
            <p className="dash-muted">
              {r.booking.service} on {dateLabel(r.booking.date)} at {timeLabel(r.booking.time)},{' '}
              {formatCedis(r.booking.totalAmount)}, now {r.booking.status}. {r.booking.description}
            </p>
            {r.review ? (
              <p className="dash-muted">
                Review: {r.review.rating} of 5{r.review.comment ? `, “${r.review.comment}”` : ''}
                {r.review.afterReport ? (
                  <strong className="admin-reported"> (reported: written after the report)</strong>
                ) : null}
              </p>
            ) : null}
            <Party party={r.customer} onOpenUser={onOpenUser} />
            <Party party={r.professional} onOpenUser={onOpenUser} />
            <details className="admin-report-chat">
              <summary>Their chat ({countOf(r.chat.length, 'message')})</summary>
              <ol>
                {r.chat.map((m) => (
                  <li key={m.id}>
                    <strong>{m.by}</strong> <time dateTime={m.createdAt}>{whenText(m.createdAt)}</time>: {m.body}
                  </li>
                ))}
              </ol>
            </details>
            <h4>Messages in the report</h4>
            {r.report.messages.length === 0 ? <p className="dash-muted">No messages yet.</p> : null}
            <ol className="tr-thread">
              {r.report.messages.map((m) => (
                <li key={m.id} className={m.by === 'admin' ? 'is-admin' : ''}>
                  <span className="tr-who">{m.by === 'admin' ? 'ServiceConnect' : `${m.name} (${m.by})`}</span>{' '}
                  <time dateTime={m.createdAt}>{whenText(m.createdAt)}</time>
                  <span className="tr-body">{m.body}</span>
                </li>
              ))}
            </ol>
            {r.status === 'open' ? (
              <>
                <form className="dash-stack" onSubmit={(e) => void onMessage(e)}>
                  <label htmlFor={`${base}-msg`}>Write to both parties</label>
                  <textarea
                    id={`${base}-msg`}
                    rows={3}
                    maxLength={REPORT_TEXT_MAX}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                  <button type="submit" className="btn btn-sm auth-button" disabled={busy !== null}>
                    {busy === 'message' ? 'Sending...' : 'Send message'}
                  </button>
                </form>
                <CloseReport id={id} report={r} busy={busy} run={run} after={retry} />
              </>
            ) : (
              <p>
                <strong>Closed:</strong> {REPORT_OUTCOME_LABELS[r.report.outcome ?? 'resolved']}
                {r.report.outcomeParty ? ` (${r.report.outcomeParty})` : ''}. {verdictWords(r.report)}{' '}
                {r.report.closingNote}
              </p>
            )}
          </article>
        )}
      </Loaded>
    </div>
  );
}
