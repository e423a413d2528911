import { createHash } from 'node:crypto';
import type { SessionUser } from '../../../../contract/account-types.ts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  FILE_NAME_MAX,
  isDocumentKind,
  sniffDocumentType,
  VERIFICATION_MESSAGES,
  type DocumentKind,
  type DocumentType,
  type VerificationDecision,
  type VerificationQueueResponse,
  type VerificationResponse,
} from '../../../../contract/verification.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { AdminIdentity } from '../admin/index.ts';
import { recordAudit } from '../audit/index.ts';
import { verificationMessage, verificationPush } from '../notifications/index.ts';
import * as repo from './repo.ts';

/**
 * Professional verification: a professional uploads a Ghana Card and a trade
 * certificate; an administrator opens them, then marks the professional verified or rejects them
 * with a reason. The listing's `verified` badge is set here and nowhere else.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier'>;

const EXTENSIONS: Record<DocumentType, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

/**
 * The name to keep and to offer on download: the header URI-decoded and NFKC-folded, without any
 * folder, control or invisible format characters (a bidi override showed "gnp.exe" as "exe.png" in
 * the admin console) or more than FILE_NAME_MAX characters, ending in an extension of its real type (so
 * "card.exe" holding a PNG downloads as "card.exe.png"). No header: the kind's name.
 */
export function documentFileName(header: string, kind: DocumentKind, type: DocumentType): string {
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw badRequest(VERIFICATION_MESSAGES.badFileName);
  }
  const extension = EXTENSIONS[type];
  name = name
    .replace(/^.*[\\/]/, '')
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX - 5);
  if (!name) name = kind;
  const dot = name.lastIndexOf('.');
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return extension.includes(own) ? name : `${name}.${extension[0]}`;
}

const onlyProfessionals = (user: SessionUser) => {
  if (user.userType !== 'professional') throw forbidden(VERIFICATION_MESSAGES.onlyProfessionals);
};

/** Status and documents; for an administrator, each document says whether they have opened it. */
async function view(
  db: Deps['db'],
  userId: number,
  options: { message?: string; admin?: AdminIdentity } = {},
): Promise<VerificationResponse> {
  const verification = await repo.findState(db, userId);
  if (!verification) throw notFound(VERIFICATION_MESSAGES.notProfessional);
  let documents = await repo.listDocuments(db, userId);
  if (options.admin) {
    const ids = documents.map((d) => d.id);
    const opened = await repo.openedBy(db, options.admin.id, ids);
    const openings = await repo.openings(db, ids);
    documents = documents.map((d) => ({ ...d, opened: opened.has(d.id), openings: openings.get(d.id) ?? [] }));
  }
  return { success: true, ...(options.message && { message: options.message }), verification, documents };
}

/** GET /api/professional/documents. */
export async function ownVerification(deps: Deps, user: SessionUser): Promise<VerificationResponse> {
  onlyProfessionals(user);
  return view(deps.db, user.id);
}

export interface Upload {
  /** The request's media type, without parameters. */
  type: string;
  /** The X-File-Name header ('' when absent). */
  fileName: string;
  /** Reads the body (at most DOCUMENT_MAX_BYTES); called only once the rest is known to be acceptable. */
  read(): Promise<Buffer>;
}

/**
 * PUT /api/professional/documents/{kind}: the bytes decide the type (and must agree with the one
 * declared). The new document replaces the earlier one of its kind and puts the professional back
 * in the review queue: a verified professional loses the badge until an administrator has seen
 * the new file, since the badge says an administrator saw the documents on file.
 */
export async function uploadDocument(
  deps: Deps,
  user: SessionUser,
  kind: string,
  upload: Upload,
): Promise<VerificationResponse> {
  onlyProfessionals(user);
  if (!isDocumentKind(kind)) throw notFound(VERIFICATION_MESSAGES.unknownKind);
  const declared = upload.type as DocumentType;
  if (!DOCUMENT_TYPES.includes(declared)) throw new HttpError(415, 'unsupported_type', VERIFICATION_MESSAGES.wrongType);
  const fileName = documentFileName(upload.fileName, kind, declared);
  const bytes = await upload.read();
  if (bytes.length === 0) throw badRequest(VERIFICATION_MESSAGES.empty);
  if (sniffDocumentType(bytes.subarray(0, 8)) !== declared) throw badRequest(VERIFICATION_MESSAGES.typeMismatch);

  const at = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    // The profile row is the professional's lock: two uploads at once replace one after the other.
    if (!(await repo.findState(trx, user.id, { lock: true }))) throw notFound(VERIFICATION_MESSAGES.notProfessional);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await repo.replaceDocument(trx, { userId: user.id, kind, fileName, contentType: declared, bytes, sha256, at });
    await repo.saveState(trx, user.id, { status: 'pending', at });
  });
  return view(deps.db, user.id, { message: VERIFICATION_MESSAGES.uploaded });
}

/** GET /api/admin/professionals/{id}/documents. */
export const reviewView = (deps: Deps, admin: AdminIdentity, professionalId: number) =>
  view(deps.db, professionalId, { admin });

/**
 * GET /api/admin/verification-queue: who waits for review, longest first, and for each document
 * who has opened it and when (the access log), so administrators see what is left to look at.
 */
export async function reviewQueue(
  deps: Deps,
  paging: { page: number; pageSize: number },
): Promise<VerificationQueueResponse> {
  const { total, rows } = await repo.pendingQueue(deps.db, paging.page, paging.pageSize);
  const documents = await repo.documentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const all = [...documents.values()].flat();
  const openings = await repo.openings(
    deps.db,
    all.map((d) => d.id),
  );
  return {
    success: true,
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    professionals: rows.map((r) => ({
      ...r,
      documents: (documents.get(r.id) ?? []).map((d) => ({ ...d, openings: openings.get(d.id) ?? [] })),
    })),
  };
}

/**
 * GET /api/admin/documents/{id}/file: the file, after recording who opened it, when and from
 * where, in the access log and in the append-only audit log (so the professional's Activity tab
 * shows every look at their identity papers), in one transaction with the read.
 */
export async function openDocument(
  deps: Deps,
  admin: AdminIdentity,
  documentId: number,
  ip: string,
): Promise<repo.StoredFile> {
  const at = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const file = await repo.findFile(trx, documentId);
    if (!file) throw notFound(VERIFICATION_MESSAGES.documentNotFound);
    await repo.logAccess(trx, { documentId, professionalId: file.userId, kind: file.kind, admin, ip, at });
    await recordAudit(trx, {
      admin,
      action: 'document.view',
      targetType: 'user',
      targetId: file.userId,
      before: null,
      after: { documentId, kind: file.kind, ip },
      at,
    });
    return file;
  });
}

/**
 * PUT /api/admin/professionals/{id}/verification. Verified needs both kinds on file, each opened by
 * this administrator (the badge then means: this person looked at these very files); rejected
 * needs a reason (the schema) and is allowed at any time, which is also how a badge is withdrawn.
 * Status, badge, audit entry and the email telling the professional are written together.
 */
export async function decideVerification(
  deps: Deps,
  admin: AdminIdentity,
  professionalId: number,
  decision: VerificationDecision,
): Promise<VerificationResponse> {
  const at = deps.clock.now();
  const status = decision.decision;
  const reason = status === 'rejected' ? (decision.reason ?? '') : null;
  await deps.db.transaction(async (trx) => {
    const before = await repo.findState(trx, professionalId, { lock: true });
    if (!before) throw notFound(VERIFICATION_MESSAGES.notProfessional);
    const documents = await repo.listDocuments(trx, professionalId);
    if (status === 'verified') {
      if (before.status === 'verified') throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
      if (!documents.length) throw conflict(VERIFICATION_MESSAGES.noDocuments);
      if (DOCUMENT_KINDS.some((k) => !documents.some((d) => d.kind === k)))
        throw conflict(VERIFICATION_MESSAGES.incomplete);
      const opened = await repo.openedBy(
        trx,
        admin.id,
        documents.map((d) => d.id),
      );
      if (documents.some((d) => !opened.has(d.id))) throw conflict(VERIFICATION_MESSAGES.notOpened);
    }
    await repo.saveState(trx, professionalId, { status, reason, at });
    await recordAudit(trx, {
      admin,
      action: status === 'verified' ? 'verification.verify' : 'verification.reject',
      targetType: 'user',
      targetId: professionalId,
      before: { status: before.status, reason: before.reason },
      after: { status, reason, documents: documents.map((d) => ({ id: d.id, kind: d.kind })) },
      at,
    });
    const to = (await trx('users').where({ id: professionalId }).first('email', 'first_name'))!;
    await deps.notifier.sendEmail(
      verificationMessage(to.email, { firstName: to.first_name, decision: status, reason }),
      trx,
    );
    await deps.notifier.sendStep(professionalId, { push: verificationPush(status) }, trx);
  });
  return view(deps.db, professionalId, {
    admin,
    message: status === 'verified' ? VERIFICATION_MESSAGES.verified : VERIFICATION_MESSAGES.rejected,
  });
}
