import Router from '@koa/router';
import {
  DOCUMENT_MAX_BYTES,
  FILE_NAME_HEADER,
  VERIFICATION_MESSAGES,
  VERIFICATION_PATHS,
  type VerificationQueueResponse,
  type VerificationResponse,
  verificationDecisionSchema,
  verificationQueueQuerySchema,
} from '../../../../contract/verification.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { pathId } from '../../http/ids.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { isPathOf } from '../../http/route-paths.ts';
import { validate } from '../../http/validate.ts';
import {
  decideVerification,
  openDocument,
  ownVerification,
  reviewQueue,
  reviewView,
  uploadDocument,
} from './service.ts';

const professionalId = (raw: string) => pathId(raw, VERIFICATION_MESSAGES.notProfessional);

/** The upload is the file's own bytes, not JSON: app.ts lets it past the JSON-only check and body parser. */
export const takesRawBody = (method: string, path: string) =>
  method === 'PUT' && isPathOf(VERIFICATION_PATHS.upload, path);

/** RFC 8187 `filename*` value: UTF-8, percent-encoded, with the characters it reserves encoded too. */
const encodeFileName = (name: string) =>
  `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
/** For clients that only read `filename`: ASCII, no quotes or backslashes. */
const asciiFileName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/** Issue #6 verification calls (paths: VERIFICATION_PATHS in contract/verification.ts). */
export function verificationRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const user = requireUser(deps);
  const admin = requireAdmin(deps);

  router.get(VERIFICATION_PATHS.mine, user, async (ctx) => {
    ctx.body = (await ownVerification(deps, ctx.state.user)) satisfies VerificationResponse;
  });

  router.put(VERIFICATION_PATHS.upload, user, async (ctx) => {
    ctx.body = (await uploadDocument(deps, ctx.state.user, ctx.params.kind, {
      type: ctx.request.type,
      fileName: ctx.get(FILE_NAME_HEADER),
      read: () => readRawBody(ctx.req, DOCUMENT_MAX_BYTES, VERIFICATION_MESSAGES.tooLarge),
    })) satisfies VerificationResponse;
  });

  router.get(VERIFICATION_PATHS.queue, admin, async (ctx) => {
    ctx.body = (await reviewQueue(
      deps,
      validate(verificationQueueQuerySchema, ctx.query),
    )) satisfies VerificationQueueResponse;
  });

  router.get(VERIFICATION_PATHS.documents, admin, async (ctx) => {
    ctx.body = (await reviewView(deps, ctx.state.admin, professionalId(ctx.params.id))) satisfies VerificationResponse;
  });

  router.get(VERIFICATION_PATHS.file, admin, async (ctx) => {
    const file = await openDocument(
      deps,
      ctx.state.admin,
      pathId(ctx.params.id, VERIFICATION_MESSAGES.documentNotFound),
      ctx.ip,
    );
    ctx.set({
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${asciiFileName(file.fileName)}"; filename*=${encodeFileName(file.fileName)}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // Opened in a tab anyway, the file runs nothing and loads nothing.
      'Content-Security-Policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    });
    ctx.body = file.bytes;
  });

  router.put(VERIFICATION_PATHS.decide, admin, async (ctx) => {
    const decision = validate(verificationDecisionSchema, ctx.request.body);
    ctx.body = (await decideVerification(
      deps,
      ctx.state.admin,
      professionalId(ctx.params.id),
      decision,
    )) satisfies VerificationResponse;
  });

  return router;
}
