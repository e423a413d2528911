import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { cardStampLabel } from '../../../../contract/dates.ts';
import {
  outcomeEffectWords,
  REPORT_OUTCOME_LABELS,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  type PartyRole,
  type ReportView,
} from '../../../../contract/reports.ts';
import { reportsOf, sendReportMessage } from '../../stores/reports.ts';
import { Field, FormProblem } from '../../ui/kit.tsx';

export const when = (iso: string) => cardStampLabel(new Date(iso));
export const failed = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** The booking's reports (stores/reports.ts: read again when their summary on the booking changes, and after sending). */
export function Reports({ booking, party: role }: { booking: Booking; party: PartyRole }) {
  const reports = reportsOf(booking.id);
  const load = useStore(reports.$load);
  if (load.state === 'failed')
    return (
      <p className="tr-error" role="status">
        {load.message}
      </p>
    );
  if (load.state === 'loading')
    return (
      <p className="tr-note" role="status">
        Loading the report...
      </p>
    );
  return (
    <>
      {load.data.map((report) => (
        <ReportCard key={report.id} report={report} party={role} onSent={reports.refresh} />
      ))}
    </>
  );
}

function ReportCard({ report, party: role, onSent }: { report: ReportView; party: PartyRole; onSent: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = report.by === role;

  async function onSend(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Type a message first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendReportMessage(report.id, text.trim());
      setText('');
      onSent();
    } catch (e) {
      setError(failed(e, 'Your message was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="tr-report" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="tr-report-title">
        {mine ? 'Your report' : `The ${report.by}'s report`}: {REPORT_REASON_LABELS[report.reason]}
      </h4>
      <p className="tr-status">
        {report.status === 'open'
          ? 'Open: an administrator is looking at it.'
          : `Closed on ${when(report.closedAt ?? report.createdAt)}. Outcome: ${REPORT_OUTCOME_LABELS[report.outcome ?? 'resolved']}${
              report.outcomeParty ? ` (${report.outcomeParty})` : ''
            }. ${outcomeEffectWords(report, role)}`}
      </p>
      {report.closingNote ? (
        <p className="tr-closing">
          <strong>Administrator's note:</strong> {report.closingNote}
        </p>
      ) : null}
      <p className="tr-description">{report.description}</p>
      {report.photos.length ? (
        <ul className="tr-photos" aria-label="Photos">
          {report.photos.map((photo, n) => (
            <li key={photo.thumb}>
              <a href={photo.large} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumb}
                  alt={`Sent with the report, ${n + 1} of ${report.photos.length}`}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {report.messages.length ? (
        <ol className="tr-thread" aria-label="Messages about the report">
          {report.messages.map((m) => (
            <li key={m.id} className={m.by === 'admin' ? 'is-admin' : m.by === role ? 'is-mine' : ''}>
              <span className="tr-who">{m.by === role ? 'You' : m.by === 'admin' ? 'ServiceConnect' : m.name}</span>{' '}
              <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              <span className="tr-body">{m.body}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {report.status === 'open' ? (
        <form className="tr-send" onSubmit={(e) => void onSend(e)}>
          <Field id={`${id}-msg`} label="Write to the administrator (both parties read it)">
            <textarea
              id={`${id}-msg`}
              rows={2}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <FormProblem message={error} />
          <button type="submit" className="btn btn-sm submit-button" disabled={busy}>
            {busy ? 'Sending...' : 'Send'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
