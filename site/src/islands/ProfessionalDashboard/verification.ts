import { atom, onMount } from 'nanostores';
import {
  checkDocumentFile,
  FILE_NAME_HEADER,
  VERIFICATION_MESSAGES,
  VERIFICATION_ROUTES,
  type DocumentKind,
  type DocumentType,
  type VerificationResponse,
} from '../../../../contract/verification.ts';
import { apiFetch, clearQueryCache, query, userDataPrefix } from '../../lib/api.ts';
import { onUserEvent, refresher } from '../../stores/events.ts';
import { $session } from '../../stores/session.ts';
import type { Load } from '../../lib/load.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
import { patchProfessional } from '../../stores/professional.ts';

/**
 * The professional's verification (issue #6): status and documents from the server, and uploads.
 * A file is checked here before anything is sent; the server checks its bytes again.
 */

export const $verification = atom<Load<VerificationResponse>>({ state: 'loading' });

const token = () => $session.get().token;

/** GET /api/professional/documents; `fresh` (Try Again) skips the cache and keeps what is shown meanwhile. */
export async function loadVerification(options: { fresh?: boolean } = {}): Promise<void> {
  if (!options.fresh && $verification.get().state === 'loaded') return;
  if ($verification.get().state !== 'loaded') $verification.set({ state: 'loading' });
  try {
    const data = await query<VerificationResponse>(VERIFICATION_ROUTES.own, { token: token(), fresh: options.fresh });
    $verification.set({ state: 'loaded', data });
  } catch (error) {
    if ($verification.get().state !== 'loaded') $verification.set({ state: 'failed', message: failure(error).message });
  }
}

// An administrator's decision shows at once while the card is open (live, issue #18).
const reloadVerification = refresher(() => loadVerification({ fresh: true }));
onMount($verification, () => onUserEvent(['verification.decided', 'reset'], reloadVerification));

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
    const data = await apiFetch<VerificationResponse>(VERIFICATION_ROUTES.upload(kind), {
      method: 'PUT',
      file,
      headers: { [FILE_NAME_HEADER]: encodeURIComponent(file.name) },
      token: token(),
      timeoutMs: uploadTimeoutMs(file.size),
    });
    $verification.set({ state: 'loaded', data });
    clearQueryCache(VERIFICATION_ROUTES.own);
    clearQueryCache(userDataPrefix('professional'));
    patchProfessional({ verified: data.verification.status === 'verified' });
    return { ok: true, message: data.message ?? VERIFICATION_MESSAGES.uploaded };
  } catch (error) {
    return failure(error);
  }
}
