import { ownVerification, uploadDocument as uploadDocumentRoute } from '../../../contract/verification.ts';
import { call } from '../lib/call.ts';
import {
  checkDocumentFile,
  FILE_NAME_HEADER,
  VERIFICATION_MESSAGES,
  type DocumentKind,
  type DocumentType,
} from '../../../contract/verification.ts';
import { failure, type Outcome } from '../lib/outcome.ts';
import { patchProfessional } from './professional.ts';
import { onUserEvent } from './events.ts';
import { routeLoad } from './load-store.ts';
import { $session } from './session.ts';

/**
 * The professional's verification: status and documents from the server, and uploads.
 * A file is checked here before anything is sent; the server checks its bytes again.
 */

const token = () => $session.get().token;

/**
 * GET /api/professional/documents, read when the card first shows it; an administrator's decision
 * shows at once while the card is open (live).
 */
const verification = routeLoad(ownVerification, {
  failure: (error) => failure(error).message,
  news: (refresh) => onUserEvent(['verification.decided', 'reset'], refresh),
})({});
export const $verification = verification.$load;
/** Try Again after a failed read. */
export const retryVerification = verification.retry;

/** Time allowed for an upload: 30 s plus the file at 16 KB/s (a slow 3G uplink), so 5 MB gets about 6 minutes. */
export const uploadTimeoutMs = (bytes: number): number => 30_000 + Math.ceil(bytes / 16_384) * 1000;

const BY_EXTENSION: Record<string, DocumentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** Some phones' pickers give no type: name it from the extension, so the check and the server see one. */
export function withType(file: File): File {
  if (file.type) return file;
  const type = BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''];
  return type ? new File([file], file.name, { type, lastModified: file.lastModified }) : file;
}

/**
 * PUT the file's bytes as the document of this kind. A file that fails the check is never sent.
 * The answer replaces the shown status and documents; a verified professional's badge goes (the
 * new file awaits review).
 */
export async function uploadDocument(kind: DocumentKind, chosen: File): Promise<Outcome> {
  const file = withType(chosen);
  const problem = checkDocumentFile(file);
  if (problem) return { ok: false, message: problem, fields: {} };
  try {
    const data = await call(
      uploadDocumentRoute,
      { params: { kind } },
      {
        file,
        headers: { [FILE_NAME_HEADER]: encodeURIComponent(file.name) },
        token: token(),
        timeoutMs: uploadTimeoutMs(file.size),
      },
    );
    verification.took(data);
    patchProfessional({ verified: data.verification.status === 'verified' });
    return { ok: true, message: data.message ?? VERIFICATION_MESSAGES.uploaded };
  } catch (error) {
    return failure(error);
  }
}
