import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  decideVerification,
  DOCUMENT_KIND_LABELS,
  formatFileSize,
  openDocumentFile,
  professionalDocuments,
  REASON_MAX,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_LABELS,
  verificationDecisionSchema,
} from '../../../../contract/verification.ts';
import type { VerificationDecision, VerificationDocument } from '../../../../contract/verification.ts';
import { routeUrl } from '../../lib/call.ts';
import { saveFile } from '../../lib/download.ts';
import { adminCall, adminFile } from '../../stores/admin-session.ts';
import { openingLines } from './activity.ts';
import { ConfirmDialog, Field } from '../../ui/kit.tsx';
import { ActionNote, DataTable, dateText, Loaded, StatusBadge } from './parts.tsx';
import { refreshData } from './refresh.ts';
import { useAdminData } from './useAdminData.ts';
import { useAction } from './useAction.ts';

/**
 * Opens a document: the file needs the admin's bearer header, which a plain link cannot send, so
 * it is fetched and handed to the browser as a blob URL (a new tab, or a download where pop-ups are
 * blocked). The URL is revoked after a minute, long enough for the tab to read it.
 */
async function openDocument(doc: VerificationDocument): Promise<{ message?: string }> {
  const blob = await adminFile(routeUrl(openDocumentFile, { params: { id: doc.id } }));
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: doc.contentType }));
  const opened = window.open(url, '_blank');
  if (!opened) saveFile(blob, doc.fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return {};
}

const decide = (professionalId: number, decision: VerificationDecision) =>
  adminCall(decideVerification, { params: { id: professionalId }, body: decision });

/**
 * A professional's verification: the documents they uploaded (kind, name, size, date),
 * Open for each, and Verify or Reject with a reason, both only with documents to review.
 */
export default function VerificationTab({ professionalId }: { professionalId: number }) {
  const { load, retry } = useAdminData(professionalDocuments, { params: { id: professionalId } }, 'the documents');
  const { busy, note, run } = useAction();
  const [rejecting, setRejecting] = useState(false);
  const [confirmingVerify, setConfirmingVerify] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const ids = { reason: useId(), verifyHint: useId() };

  function submitDecision(decision: VerificationDecision['decision'], reason?: string) {
    const parsed = verificationDecisionSchema.safeParse({ decision, ...(reason === undefined ? {} : { reason }) });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      document.getElementById(ids.reason)?.focus();
      return;
    }
    setReasonError(null);
    void run(decision, () => decide(professionalId, parsed.data), {
      success: (answer) => answer.message ?? VERIFICATION_STATUS_LABELS[answer.verification.status],
      after: refreshData, // the profile's status and the Activity tab follow (this tab too)
    }).then((answer) => answer && setRejecting(false));
  }

  function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitDecision('rejected', String(new FormData(event.currentTarget).get('reason') ?? ''));
  }

  return (
    <Loaded load={load} what="the documents" onRetry={retry}>
      {({ verification, documents }) => {
        // The server refuses Verify until this administrator opened every file: say so before it is pressed.
        const allOpened = documents.every((d) => d.opened);
        return (
          <div className="dash-stack">
            <p>
              Status:{' '}
              <StatusBadge status={verification.status} label={VERIFICATION_STATUS_LABELS[verification.status]} />
              {verification.verifiedAt ? ` since ${dateText(verification.verifiedAt)}` : ''}
            </p>
            {verification.reason ? <p>Reason given: {verification.reason}</p> : null}
            {/* Verify and Reject go away with the decision: focus moves to its outcome. */}
            <ActionNote note={note} takeFocus />
            <DataTable
              caption="Documents uploaded"
              headers={['Document', 'File', 'Size', 'Uploaded', 'Opened', 'Open']}
              rows={documents}
              empty={VERIFICATION_MESSAGES.noDocuments}
              row={(doc) => (
                <tr key={doc.id}>
                  <th scope="row">{DOCUMENT_KIND_LABELS[doc.kind]}</th>
                  <td className="admin-code">{doc.fileName}</td>
                  <td>{formatFileSize(doc.size)}</td>
                  <td>{dateText(doc.uploadedAt)}</td>
                  <td>
                    {openingLines(doc.openings).map((line) => (
                      <span key={line} className="admin-block">
                        {line}
                      </span>
                    ))}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-line btn-sm auth-button"
                      aria-label={`Open ${DOCUMENT_KIND_LABELS[doc.kind]} (${doc.fileName})`}
                      disabled={busy !== null}
                      // After opening, reload (the queue behind the dialog too): the server records who opened what.
                      onClick={() =>
                        void run(`open-${doc.id}`, () => openDocument(doc), { success: () => null, after: refreshData })
                      }
                    >
                      {busy === `open-${doc.id}` ? 'Opening...' : 'Open'}
                    </button>
                  </td>
                </tr>
              )}
            />
            {documents.length > 0 && !rejecting ? (
              <div className="dash-tools">
                {verification.status !== 'verified' ? (
                  <button
                    type="button"
                    className="btn auth-button"
                    disabled={busy !== null || !allOpened}
                    aria-describedby={allOpened ? undefined : ids.verifyHint}
                    onClick={() => setConfirmingVerify(true)}
                  >
                    {busy === 'verified' ? 'Saving...' : 'Verify'}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-line auth-button admin-danger"
                  disabled={busy !== null}
                  onClick={() => setRejecting(true)}
                >
                  Reject
                </button>
                {verification.status !== 'verified' && !allOpened ? (
                  <p id={ids.verifyHint} className="dash-muted">
                    {VERIFICATION_MESSAGES.notOpened}
                  </p>
                ) : null}
              </div>
            ) : null}
            {confirmingVerify ? (
              <ConfirmDialog
                title="Verify this professional?"
                question="Give this professional the Verified badge? Customers see it on their profile and in search, and the professional is emailed."
                confirmLabel="Verify"
                onCancel={() => setConfirmingVerify(false)}
                onConfirm={() => {
                  setConfirmingVerify(false);
                  submitDecision('verified');
                }}
              />
            ) : null}
            {rejecting ? (
              <form className="dash-stack" noValidate onSubmit={onReject}>
                <Field id={ids.reason} label="Reason for the rejection (the professional sees it)" error={reasonError}>
                  {(control) => (
                    <textarea {...control} name="reason" rows={3} maxLength={REASON_MAX} className="admin-input" />
                  )}
                </Field>
                <div className="dash-tools">
                  <button type="submit" className="btn auth-button" disabled={busy !== null}>
                    {busy === 'rejected' ? 'Saving...' : 'Reject verification'}
                  </button>
                  <button type="button" className="btn btn-line auth-button" onClick={() => setRejecting(false)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : null}
          </div>
        );
      }}
    </Loaded>
  );
}
