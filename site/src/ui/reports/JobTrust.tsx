import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { checkPhotoFile, PHOTO_ACCEPT } from '../../../../contract/photos.ts';
import {
  CANCELLATION_WORDS,
  lateCancellationWords,
  REPORT_PHOTOS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  reportSchema,
  type PartyRole,
  type ReportReason,
} from '../../../../contract/reports.ts';
import { addReportPhoto, confirmDone, openReport } from '../../stores/reports.ts';
import { failed, Reports, when } from './ReportCard.tsx';
import './reports.css';
import { Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';

/**
 * What a booking's card shows of the trust around the job, on both dashboards (docs/PRODUCT.md
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
        <p className={trust.noShowFound ? 'tr-note is-warn' : 'tr-note'}>
          {trust.noShowFound ? noShowFoundWords(booking, role) : CANCELLATION_WORDS[trust.cancellation]}
        </p>
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

/** Said on a job an upheld "did not come" ended (docs/PRODUCT.md "Problem reports"). */
const noShowFoundWords = (booking: Booking, role: PartyRole): string =>
  role === 'professional'
    ? `An administrator upheld ${booking.customerName}'s report that you did not come: the job ended as your no-show.`
    : `An administrator upheld your report that ${booking.professionalName} did not come: the job ended as their no-show.`;

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
