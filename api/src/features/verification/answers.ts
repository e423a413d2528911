import * as z from 'zod/mini';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, VERIFICATION_STATUSES } from '../../../../contract/verification.ts';

const verificationDocument = z.object({
  id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_TYPES),
  size: z.number(),
  uploadedAt: z.string(),
  opened: z.optional(z.boolean()),
  openings: z.optional(z.array(z.object({ admin: z.string(), at: z.string() }))),
});

export const verificationAnswer = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  verification: z.object({
    status: z.enum(VERIFICATION_STATUSES),
    reason: z.nullable(z.string()),
    verifiedAt: z.nullable(z.string()),
  }),
  documents: z.array(verificationDocument),
});

export const verificationQueueAnswer = z.object({
  success: z.literal(true),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  professionals: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      profession: z.nullable(z.string()),
      waitingSince: z.string(),
      documents: z.array(verificationDocument),
    }),
  ),
});
