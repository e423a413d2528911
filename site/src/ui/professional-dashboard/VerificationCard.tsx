import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  formatFileSize,
  VERIFICATION_STATUS_LABELS,
  type DocumentKind,
  type VerificationResponse,
  type VerificationStatus,
} from '../../../../contract/verification.ts';
import { useFocusBack } from '../../ui/useFocusBack.ts';
import { longDate } from '../../../../contract/dates.ts';
import { $verification, retryVerification, uploadDocument } from '../../stores/verification.ts';
import { FormProblem, LoadFailed } from '../../ui/kit.tsx';

const STATUS_CLASS: Record<VerificationStatus, string> = {
  unverified: 'dash-status',
  pending: 'dash-status is-confirmed',
  verified: 'dash-status is-completed',
  rejected: 'dash-status is-cancelled',
};

type Result = { ok: boolean; text: string };

function Slot({
  kind,
  data,
  busy,
  onPick,
  result,
}: {
  kind: DocumentKind;
  data: VerificationResponse;
  busy: DocumentKind | null;
  onPick: (kind: DocumentKind, event: ChangeEvent<HTMLInputElement>) => void;
  result?: Result;
}) {
  const id = useId();
  const input = useFocusBack<HTMLInputElement>(busy === kind);
  const label = DOCUMENT_KIND_LABELS[kind];
  const doc = data.documents.find((d) => d.kind === kind);
  return (
    <li className="dash-job" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{label}</h3>
      <p id={`${id}-current`}>
        {doc ? (
          <>
            {doc.fileName} · {formatFileSize(doc.size)} · uploaded {longDate(new Date(doc.uploadedAt))}
          </>
        ) : (
          <span className="dash-muted">Not uploaded yet</span>
        )}
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>{doc ? `Replace ${label}` : `Upload ${label}`}</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={busy !== null}
          aria-describedby={`${id}-current`}
          onChange={(event) => onPick(kind, event)}
        />
      </div>
      <p role="status" className="form-status">
        {busy === kind ? `Uploading ${label}...` : result?.ok ? result.text : ''}
      </p>
      <FormProblem message={result && !result.ok ? result.text : null} />
    </li>
  );
}

/**
 * Verification card, in the Profile tab: where the review stands (with the
 * administrator's reason after a rejection) and a slot per document to upload or replace it.
 */
export default function VerificationCard() {
  const id = useId();
  const load = useStore($verification);
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [results, setResults] = useState<Partial<Record<DocumentKind, Result>>>({});

  async function onPick(kind: DocumentKind, event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setResults((r) => ({ ...r, [kind]: undefined }));
    setBusy(kind);
    const outcome = await uploadDocument(kind, file);
    setBusy(null);
    input.value = ''; // the same file can be picked again after a fix or a failure
    setResults((r) => ({ ...r, [kind]: { ok: outcome.ok, text: outcome.message } }));
  }

  return (
    <section className="card dash-card" aria-labelledby={`${id}-title`}>
      <div className="dash-head">
        <h2 id={`${id}-title`}>Verification</h2>
        {load.state === 'loaded' ? (
          <p className="dash-verification">
            Status:{' '}
            <span className={STATUS_CLASS[load.data.verification.status]}>
              {VERIFICATION_STATUS_LABELS[load.data.verification.status]}
            </span>
          </p>
        ) : null}
      </div>
      <p className="dash-muted">
        Upload your Ghana Card and a trade certificate (PNG, JPG or PDF, up to 5 MB each). An administrator checks them;
        then customers see the Verified badge on your listing. Only administrators can open your documents.
      </p>
      {load.state === 'loading' ? <p role="status">Loading your verification...</p> : null}
      {load.state === 'failed' ? (
        <LoadFailed message={load.message} onRetry={() => void retryVerification()} look="card" />
      ) : null}
      {load.state === 'loaded' ? (
        <>
          {load.data.verification.status === 'rejected' && load.data.verification.reason ? (
            <p className="dash-note">
              <strong>Reason given: </strong>
              {load.data.verification.reason} Upload a new document to be reviewed again.
            </p>
          ) : null}
          {load.data.verification.status === 'verified' && load.data.verification.verifiedAt ? (
            <p className="dash-note">
              Verified on {longDate(new Date(load.data.verification.verifiedAt))}. Uploading a new document starts a new
              review.
            </p>
          ) : null}
          <ul className="dash-list" role="list">
            {DOCUMENT_KINDS.map((kind) => (
              <Slot
                key={kind}
                kind={kind}
                data={load.data}
                busy={busy}
                onPick={(k, e) => void onPick(k, e)}
                result={results[kind]}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
