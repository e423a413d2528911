import type { Knex } from 'knex';
import type {
  DocumentKind,
  DocumentOpening,
  DocumentType,
  VerificationDocument,
  VerificationQueueEntry,
  VerificationState,
  VerificationStatus,
} from '../../../../contract/verification.ts';
import type { Conn } from '../../db.ts';
import { profilesRepo } from '../professionals/index.ts';
import type { Int8, ProfessionalDocumentRow } from '../../db-tables.ts';

/** Verification documents, their bytes, the access log and the profile's status (knex only). */

const iso = (value: unknown) => new Date(value as string).toISOString();

const toDocument = (
  r: Pick<ProfessionalDocumentRow, 'id' | 'kind' | 'file_name' | 'content_type' | 'size_bytes' | 'uploaded_at'>,
): VerificationDocument => ({
  id: Number(r.id),
  kind: r.kind,
  fileName: r.file_name,
  contentType: r.content_type,
  size: Number(r.size_bytes),
  uploadedAt: iso(r.uploaded_at),
});

/** A professional's documents by their description (never the bytes), Ghana Card first. */
export async function listDocuments(db: Conn, userId: number): Promise<VerificationDocument[]> {
  const rows = await db('professional_documents')
    .where({ user_id: userId })
    .orderBy('kind')
    .select('id', 'kind', 'file_name', 'content_type', 'size_bytes', 'uploaded_at');
  return rows.map(toDocument);
}

/** The verification columns of a live professional's profile, or null (no such professional). */
export async function findState(
  db: Conn,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VerificationState | null> {
  const query = db('professional_profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where({ 'p.user_id': userId, 'u.user_type': 'professional' })
    .whereNull('u.deleted_at')
    .first('p.verification_status', 'p.verification_reason', 'p.verified_at');
  if (options.lock) query.forUpdate('p');
  const row = await query;
  if (!row) return null;
  return {
    status: row.verification_status,
    reason: row.verification_reason ?? null,
    verifiedAt: row.verified_at ? iso(row.verified_at) : null,
  };
}

/**
 * Sets the status; the listing's `verified` badge follows it (the database refuses a badge on any
 * other status), and `verified_at` and the reason only hold for verified and rejected.
 */
export async function saveState(
  trx: Knex.Transaction,
  userId: number,
  state: { status: VerificationStatus; reason?: string | null; at: Date },
): Promise<void> {
  await profilesRepo.setVerification(trx, userId, {
    verification_status: state.status,
    verification_reason: state.status === 'rejected' ? (state.reason ?? null) : null,
    verified_at: state.status === 'verified' ? state.at : null,
    verified: state.status === 'verified',
  });
}

export interface NewDocument {
  userId: number;
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentType;
  bytes: Buffer;
  sha256: string;
  at: Date;
}

/** Replaces the professional's document of this kind (a new row and id; the old bytes go with the old row). */
export async function replaceDocument(trx: Knex.Transaction, doc: NewDocument): Promise<void> {
  await trx('professional_documents').where({ user_id: doc.userId, kind: doc.kind }).delete();
  const [{ id }] = await trx('professional_documents')
    .insert({
      user_id: doc.userId,
      kind: doc.kind,
      file_name: doc.fileName,
      content_type: doc.contentType,
      size_bytes: doc.bytes.length,
      sha256: doc.sha256,
      uploaded_at: doc.at,
    })
    .returning('id');
  await trx('professional_document_files').insert({ document_id: id, bytes: doc.bytes });
}

export interface StoredFile {
  id: number;
  userId: number;
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentType;
  bytes: Buffer;
}

/** One document with its bytes (PGlite answers bytea as a Uint8Array, pg as a Buffer). */
export async function findFile(db: Conn, documentId: number): Promise<StoredFile | null> {
  const row = await db('professional_documents as d')
    .join('professional_document_files as f', 'f.document_id', 'd.id')
    .where('d.id', documentId)
    .first('d.id', 'd.user_id', 'd.kind', 'd.file_name', 'd.content_type', 'f.bytes');
  if (!row) return null;
  const raw = row.bytes as Uint8Array;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
  };
}

export interface Access {
  documentId: number;
  professionalId: number;
  kind: DocumentKind;
  admin: { id: number; username: string };
  ip: string;
  at: Date;
}

export async function logAccess(db: Conn, access: Access): Promise<void> {
  await db('document_access_log').insert({
    document_id: access.documentId,
    professional_id: access.professionalId,
    document_kind: access.kind,
    admin_id: access.admin.id,
    admin_username: access.admin.username,
    ip: access.ip,
    accessed_at: access.at,
  });
}

/** Which of these documents this administrator has opened at least once. */
export async function openedBy(db: Conn, adminId: number, documentIds: number[]): Promise<Set<number>> {
  if (!documentIds.length) return new Set();
  const ids = await db('document_access_log')
    .where({ admin_id: adminId })
    .whereIn('document_id', documentIds)
    .distinct()
    .pluck('document_id');
  return new Set(ids.map(Number));
}

/** Each administrator's latest opening of each of these documents, newest first, by document id. */
export async function openings(db: Conn, documentIds: number[]): Promise<Map<number, DocumentOpening[]>> {
  const found = new Map<number, DocumentOpening[]>();
  if (!documentIds.length) return found;
  const rows = await db('document_access_log')
    .whereIn('document_id', documentIds)
    .groupBy('document_id', 'admin_username')
    .select<{ document_id: Int8; admin_username: string; at: Date }[]>(
      'document_id',
      'admin_username',
      db.raw('max(accessed_at) as at'),
    )
    .orderBy('at', 'desc');
  for (const r of rows) {
    const id = Number(r.document_id);
    found.set(id, [...(found.get(id) ?? []), { admin: r.admin_username, at: iso(r.at) }]);
  }
  return found;
}

/**
 * Live professionals whose review is pending, the longest waiting first: waiting since their
 * latest upload (an upload puts them back in the queue with a new set to review), one page.
 */
export async function pendingQueue(
  db: Conn,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: Omit<VerificationQueueEntry, 'documents'>[] }> {
  const waiting = db('professional_profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where({ 'p.verification_status': 'pending', 'u.user_type': 'professional' })
    .whereNull('u.deleted_at');
  const [{ n }] = await waiting.clone().count({ n: '*' });
  const latest = db('professional_documents').select('user_id').max({ at: 'uploaded_at' }).groupBy('user_id').as('d');
  const rows = await waiting
    .leftJoin(latest, 'd.user_id', 'u.id')
    .select('u.id', 'u.first_name', 'u.last_name', 'u.email', 'p.profession', 'd.at', 'u.updated_at')
    .orderByRaw('coalesce(d.at, u.updated_at) asc, u.id asc')
    .offset((page - 1) * pageSize)
    .limit(pageSize);
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      name: `${r.first_name} ${r.last_name}`,
      email: r.email,
      profession: r.profession ?? null,
      waitingSince: iso(r.at ?? r.updated_at),
    })),
  };
}

/** The documents of several professionals (descriptions only), by professional, Ghana Card first. */
export async function documentsOf(db: Conn, userIds: number[]): Promise<Map<number, VerificationDocument[]>> {
  const found = new Map<number, VerificationDocument[]>();
  if (!userIds.length) return found;
  const rows = await db('professional_documents')
    .whereIn('user_id', userIds)
    .orderBy('kind')
    .select('id', 'user_id', 'kind', 'file_name', 'content_type', 'size_bytes', 'uploaded_at');
  for (const r of rows) found.set(Number(r.user_id), [...(found.get(Number(r.user_id)) ?? []), toDocument(r)]);
  return found;
}

/** Removes every document and file of a professional; the access log keeps its rows (no content in them). */
export async function deleteDocuments(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('professional_documents').where({ user_id: userId }).delete();
}
