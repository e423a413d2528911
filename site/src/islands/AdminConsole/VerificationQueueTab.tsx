import { useState } from 'react';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  QUEUE_PAGE_SIZE,
  verificationQueue,
} from '../../../../contract/verification.ts';
import { openingLines, whenText } from './activity.ts';
import { dateText, Loaded, Pager } from './parts.tsx';
import { useAdminData } from './useAdminData.ts';
import type { DialogTab } from './UserDialog.tsx';

export const QUEUE_EMPTY = 'No professionals are waiting for verification.';

/**
 * The verification queue: professionals who sent documents and wait for a decision,
 * the longest waiting first (docs/PRODUCT.md), each document with who has opened it and when.
 * Review opens the professional's dialog on its Verification tab, where the documents are opened
 * and the decision made.
 */
export function VerificationQueueTab({ onOpenUser }: { onOpenUser: (id: number, tab?: DialogTab) => void }) {
  const [page, setPage] = useState(1);
  const { load, stale, retry } = useAdminData(
    verificationQueue,
    { query: { page, pageSize: QUEUE_PAGE_SIZE } },
    'the verification queue',
  );
  return (
    <div className="dash-stack">
      <p className="dash-muted admin-intro">
        Professionals waiting for a decision on their documents, longest waiting first. Open each document before
        verifying.
      </p>
      <Loaded load={load} what="the verification queue" onRetry={retry}>
        {(data) =>
          data.total === 0 ? (
            <p className="dash-empty" role="status">
              {QUEUE_EMPTY}
            </p>
          ) : (
            <>
              <ol
                className="admin-queue"
                aria-label="Professionals waiting for verification, longest waiting first"
                aria-busy={stale}
              >
                {data.professionals.map((pro) => {
                  const missing = DOCUMENT_KINDS.filter((kind) => !pro.documents.some((d) => d.kind === kind));
                  return (
                    <li key={pro.id} className="admin-queue-item">
                      <h3 className="admin-queue-name">{pro.name}</h3>
                      <p className="dash-muted">
                        {pro.profession ?? 'Professional'}, waiting since{' '}
                        <time dateTime={pro.waitingSince}>{whenText(pro.waitingSince)}</time>
                      </p>
                      <ul className="admin-docs" aria-label={`Documents of ${pro.name}`}>
                        {pro.documents.map((doc) => (
                          <li key={doc.id}>
                            <strong>{DOCUMENT_KIND_LABELS[doc.kind]}</strong>{' '}
                            <span className="admin-code">{doc.fileName}</span>, uploaded {dateText(doc.uploadedAt)}
                            {openingLines(doc.openings).map((line) => (
                              <span
                                key={line}
                                className={line === 'Not opened yet' ? 'admin-block admin-unopened' : 'admin-block'}
                              >
                                {line}
                              </span>
                            ))}
                          </li>
                        ))}
                        {missing.map((kind) => (
                          <li key={kind}>
                            <strong>{DOCUMENT_KIND_LABELS[kind]}</strong>: not sent yet (verifying needs it)
                          </li>
                        ))}
                      </ul>
                      <button
                        type="button"
                        className="btn btn-sm auth-button"
                        aria-label={`Review ${pro.name}`}
                        onClick={() => onOpenUser(pro.id, 'verification')}
                      >
                        Review
                      </button>
                    </li>
                  );
                })}
              </ol>
              <Pager
                total={data.total}
                page={data.page}
                pageSize={data.pageSize}
                label="Verification queue"
                onPage={setPage}
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
