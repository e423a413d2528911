import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { stampLabel } from '../../../../contract/dates.ts';
import { checkPhotoFile, PHOTO_ACCEPT } from '../../../../contract/photos.ts';
import {
  CANCELLATION_WORDS,
  lateCancellationWords,
  REPORT_OUTCOME_LABELS,
  REPORT_PHOTOS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  reportSchema,
  type PartyRole,
  type ReportReason,
  type ReportView,
} from '../../../../contract/reports.ts';
import { addReportPhoto, confirmDone, openReport, reportsOf, sendReportMessage } from '../../stores/reports.ts';
import './reports.css';
import { Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';

const when = (iso: string) => stampLabel(new Date(iso));
const failed = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * What a booking's card shows of issue #28 items 3–5, on both dashboards (docs/PRODUCT.md
 * "Cancellations that count", "Was the job done?", "Problem reports"): how it was cancelled, the
 * customer's late cancellations (to the professional), "Was the job done?", Report a problem, and
 * each report with its photos, its thread with the administrator, and the outcome.
 */
export function JobTrust({
  booking,
  party: role,
  onChanged,
}: {
  booking: Booking;
  party: PartyRole;
  onChanged: () => void;
}) {
  const trust = booking.trust;
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!trust) return null;
  const other = role === 'customer' ? booking.professionalName : booking.customerName;

  async function onYes() {
    setBusy(true);
    setError(null);
    try {
      await confirmDone(booking.id);
      onChanged();
    } catch (e) {
      setError(failed(e, 'Your answer was not saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const open = booking.status === 'pending' || booking.status === 'confirmed';
  return (
    <div className="tr">
      {booking.status === 'cancelled' && trust.cancellation ? (
        <p className="tr-note">{CANCELLATION_WORDS[trust.cancellation]}</p>
      ) : null}
      {role === 'professional' && open && trust.customerLateCancellations !== null ? (
        <p className={trust.customerLateCancellations > 0 ? 'tr-note is-warn' : 'tr-note'}>
          {booking.customerName}: {lateCancellationWords(trust.customerLateCancellations)}.
        </p>
      ) : null}
      {trust.done ? <DoneLine booking={booking} party={role} /> : null}
      {role === 'customer' && trust.done?.state === 'awaiting' ? (
        <div className="tr-question" role="group" aria-label="Was the job done?">
          <p>
            <strong>Was the job done?</strong> {booking.professionalName} marked it done. If you do not answer by{' '}
            {when(trust.done.until)}, it counts as done.
          </p>
          <div className="tr-actions">
            <button type="button" className="btn btn-sm submit-button" disabled={busy} onClick={() => void onYes()}>
              {busy ? 'Saving...' : 'Yes, it was done'}
            </button>
            {trust.canReport && !reporting ? (
              <button type="button" className="btn btn-sm btn-line submit-button" onClick={() => setReporting(true)}>
                Report a problem
              </button>
            ) : null}
          </div>
        </div>
      ) : trust.canReport && !reporting ? (
        <div className="tr-actions">
          <button type="button" className="btn btn-sm btn-line submit-button" onClick={() => setReporting(true)}>
            Report a problem
          </button>
        </div>
      ) : null}
      <FormProblem message={error} />
      {reporting ? (
        <ReportForm
          booking={booking}
          other={other}
          onClose={(sent) => {
            setReporting(false);
            if (sent) onChanged();
          }}
        />
      ) : null}
      {trust.reports.length > 0 ? <Reports booking={booking} party={role} /> : null}
    </div>
  );
}

function DoneLine({ booking, party: role }: { booking: Booking; party: PartyRole }) {
  const done = booking.trust?.done;
  if (!done) return null;
  const words: Record<typeof done.state, string | null> = {
    awaiting:
      role === 'customer'
        ? null
        : `Waiting for ${booking.customerName} to confirm the job was done (until ${when(done.until)}).`,
    yes:
      role === 'customer' ? 'You confirmed the job was done.' : `${booking.customerName} confirmed the job was done.`,
    counted: 'Counted as done: no answer within 72 hours.',
    problem:
      role === 'customer'
        ? 'You reported a problem with this job.'
        : `${booking.customerName} reported a problem with this job.`,
  };
  return words[done.state] ? <p className="tr-note">{words[done.state]}</p> : null;
}

function ReportForm({
  booking,
  other,
  onClose,
}: {
  booking: Booking;
  other: string;
  onClose: (sent: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function onFiles(list: FileList | null) {
    const chosen = [...(list ?? [])];
    const problem =
      chosen.length > REPORT_PHOTOS_MAX
        ? `Choose up to ${REPORT_PHOTOS_MAX} photos.`
        : chosen.map(checkPhotoFile).find(Boolean);
    setError(problem ?? null);
    setFiles(problem ? [] : chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportSchema.safeParse({ reason, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose what went wrong and describe it.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { report } = await openReport(booking.id, parsed.data);
      const refused: string[] = [];
      for (const file of files) {
        try {
          await addReportPhoto(report.id, file);
        } catch (e) {
          refused.push(`${file.name}: ${failed(e, 'not added')}`);
        }
      }
      if (refused.length) setError(`Your report was sent, but not every photo: ${refused.join(' ')}`);
      onClose(true);
    } catch (e) {
      setError(failed(e, 'Your report was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tr-form" onSubmit={(e) => void onSubmit(e)} aria-label="Report a problem">
      <p className="tr-form-title">
        <strong>Report a problem</strong> with the booking with {other}. An administrator reads every report.
      </p>
      <Field id={`${id}-reason`} label="What went wrong?">
        <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
          <option value="">Choose one</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-text`} label="What happened?">
        <textarea
          id={`${id}-text`}
          rows={4}
          maxLength={REPORT_TEXT_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <Field id={`${id}-photos`} label={`Photos (up to ${REPORT_PHOTOS_MAX}, optional)`}>
        <input
          id={`${id}-photos`}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          onChange={(e) => onFiles(e.target.files)}
        />
      </Field>
      <FormProblem message={error} />
      <div className="tr-actions">
        <SubmitButton busy={busy} busyLabel="Sending..." className="btn-sm">
          Send report
        </SubmitButton>
        <button
          type="button"
          className="btn btn-sm btn-line submit-button"
          disabled={busy}
          onClick={() => onClose(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The booking's reports (stores/reports.ts: read again when their summary on the booking changes, and after sending). */
function Reports({ booking, party: role }: { booking: Booking; party: PartyRole }) {
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
            }.`}
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
