import * as z from 'zod/mini';
import { file, json, route } from './route.ts';

/**
 * Professional verification: a professional uploads a Ghana Card and a trade
 * certificate; an administrator reviews them and marks the professional verified or rejects with a
 * reason. The listing's `verified` badge means exactly that: an administrator saw the documents.
 */

export const DOCUMENT_KINDS = ['ghana-card', 'trade-certificate'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  'ghana-card': 'Ghana Card',
  'trade-certificate': 'Trade certificate',
};
export const isDocumentKind = (value: unknown): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly unknown[]).includes(value);

export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** For `<input type="file" accept>`: the types and their usual extensions. */
export const DOCUMENT_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';
/** Upload header carrying the original file name, URI-encoded (headers are Latin-1 only). */
export const FILE_NAME_HEADER = 'X-File-Name';
export const FILE_NAME_MAX = 200;

/** The first bytes of each accepted type: the server decides by these, never by the name or header alone. */
const SIGNATURES: { type: DocumentType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];
/** How many leading bytes `sniffDocumentType` needs. */
export const SNIFF_BYTES = 8;

/** The accepted type these leading bytes start, or null. */
export function sniffDocumentType(head: Uint8Array): DocumentType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.type ?? null;
}

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  unverified: 'Not submitted',
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const VERIFICATION_MESSAGES = {
  tooLarge: 'The file is larger than 5 MB. Please upload a smaller scan or photo.',
  wrongType: 'Only PNG, JPG or PDF files can be uploaded.',
  typeMismatch: 'The file is not a real PNG, JPG or PDF (its contents do not match its type).',
  empty: 'The file is empty.',
  unknownKind: 'Documents are a Ghana Card (ghana-card) or a trade certificate (trade-certificate).',
  onlyProfessionals: 'Only professional accounts upload verification documents.',
  uploaded: 'Document uploaded. An administrator will review it.',
  noDocuments: 'This professional has not uploaded any documents to review.',
  notProfessional: 'Professional not found.',
  reasonRequired: 'Please give the reason for the rejection (3 to 500 characters).',
  verified: 'Professional marked verified.',
  rejected: 'Verification rejected; the professional sees the reason.',
  documentNotFound: 'Document not found.',
  /** Verify needs both kinds: the badge means identity and trade were both checked. */
  incomplete: 'Both a Ghana Card and a trade certificate are needed before the professional can be marked verified.',
  /** Verify needs the deciding administrator to have opened every current document. */
  notOpened: 'Open each document before marking the professional verified.',
  alreadyVerified: 'This professional is already verified.',
  badFileName: 'The file name could not be read.',
} as const;

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** PUT /api/admin/professionals/{id}/verification. */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(['verified', 'rejected'], { error: 'The decision is verified or rejected.' }),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(REASON_MAX, VERIFICATION_MESSAGES.reasonRequired))),
  })
  .check(
    z.refine((d) => d.decision !== 'rejected' || (d.reason ?? '').length >= REASON_MIN, {
      message: VERIFICATION_MESSAGES.reasonRequired,
      path: ['reason'],
    }),
  );
export type VerificationDecision = z.output<typeof verificationDecisionSchema>;

/** A document's description (never its bytes). Dates are ISO strings. */
export interface VerificationDocument {
  id: number;
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentType;
  size: number;
  uploadedAt: string;
  /** Admin answers only: whether the asking administrator has opened this file (verify needs every one opened). */
  opened?: boolean;
  /** Admin answers only: each administrator's latest opening of this file, newest first; empty when nobody has opened it. */
  openings?: DocumentOpening[];
}

/** An administrator's (latest) opening of a document, from the access log. */
export interface DocumentOpening {
  admin: string;
  at: string;
}

export interface VerificationState {
  status: VerificationStatus;
  /** The administrator's reason, when rejected. */
  reason: string | null;
  verifiedAt: string | null;
}

/** GET /api/professional/documents, GET /api/admin/professionals/{id}/documents, and the answers to changes. */
export interface VerificationResponse {
  success: true;
  message?: string;
  verification: VerificationState;
  documents: VerificationDocument[];
}

/** "1.2 MB", "350 KB" (sizes in 1024s, like the 5 MB limit). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The browser's check before uploading; the server checks again by the file's bytes. */
export function checkDocumentFile(file: { size: number; type: string }): string | null {
  if (file.size === 0) return VERIFICATION_MESSAGES.empty;
  if (file.size > DOCUMENT_MAX_BYTES) return VERIFICATION_MESSAGES.tooLarge;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return VERIFICATION_MESSAGES.wrongType;
  return null;
}

export const QUEUE_PAGE_SIZE = 20;

/** GET /api/admin/verification-queue: which page of the queue. */
export const verificationQueueQuerySchema = z.object({
  page: z._default(
    z.optional(
      z.coerce
        .number({ error: 'page must be a whole number from 1.' })
        .check(
          z.int('page must be a whole number from 1.'),
          z.minimum(1, 'page must be a whole number from 1.'),
          z.maximum(100_000, 'page must be at most 100000.'),
        ),
    ),
    1,
  ),
  pageSize: z._default(
    z.optional(
      z.coerce
        .number({ error: 'pageSize must be 1 to 50.' })
        .check(
          z.int('pageSize must be 1 to 50.'),
          z.minimum(1, 'pageSize must be 1 to 50.'),
          z.maximum(50, 'pageSize must be 1 to 50.'),
        ),
    ),
    QUEUE_PAGE_SIZE,
  ),
});

/** A professional waiting for review: since their latest upload (docs/PRODUCT.md), and their documents with who opened them. */
export interface VerificationQueueEntry {
  id: number;
  name: string;
  email: string;
  profession: string | null;
  waitingSince: string;
  documents: VerificationDocument[];
}

export interface VerificationQueueResponse {
  success: true;
  /** Everyone waiting, on every page. */
  total: number;
  page: number;
  pageSize: number;
  professionals: VerificationQueueEntry[];
}

/** The professional's own verification status and documents. */
export const ownVerification = route({
  method: 'GET',
  path: '/api/professional/documents',
  caller: 'signed-in',
  answer: json<VerificationResponse>(),
  summary: "The professional's own verification status and documents.",
});

/**
 * Uploads or replaces one kind of document: the body is the file's own bytes (not JSON), with its
 * Content-Type and its name in FILE_NAME_HEADER; the status becomes pending.
 */
export const uploadDocument = route({
  method: 'PUT',
  path: '/api/professional/documents/:kind',
  caller: 'signed-in',
  answer: json<VerificationResponse>(),
  summary: 'Uploads a document (the raw file as the body).',
});

/** Professionals waiting for review, oldest first, with who opened each document. */
export const verificationQueue = route({
  method: 'GET',
  path: '/api/admin/verification-queue',
  query: verificationQueueQuerySchema,
  caller: 'admin',
  answer: json<VerificationQueueResponse>(),
  summary: 'Professionals waiting for review, a page at a time.',
});

export const professionalDocuments = route({
  method: 'GET',
  path: '/api/admin/professionals/:id/documents',
  caller: 'admin',
  answer: json<VerificationResponse>(),
  summary: "A professional's verification status and documents.",
});

/** The file itself, with its own Content-Type; every opening is written to the access log. */
export const openDocumentFile = route({
  method: 'GET',
  path: '/api/admin/documents/:id/file',
  caller: 'admin',
  answer: file('application/octet-stream'),
  summary: "A document's file, as an attachment (each opening logged).",
});

export const decideVerification = route({
  method: 'PUT',
  path: '/api/admin/professionals/:id/verification',
  body: verificationDecisionSchema,
  caller: 'admin',
  answer: json<VerificationResponse>(),
  summary: 'Marks a professional verified, or rejects with a reason.',
});
