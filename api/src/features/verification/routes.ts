import Router from '@koa/router';
import {
  DOCUMENT_MAX_BYTES,
  decideVerification as decideRoute,
  FILE_NAME_HEADER,
  openDocumentFile,
  ownVerification as ownVerificationRoute,
  professionalDocuments,
  uploadDocument as uploadRoute,
  VERIFICATION_MESSAGES,
  verificationQueue,
} from '../../../../contract/verification.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { pathId } from '../../http/ids.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { isPathOf } from '../../http/route-paths.ts';
import { routeTable } from '../../http/serve.ts';
import { verificationAnswer, verificationQueueAnswer } from './answers.ts';
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
export const takesRawBody = (method: string, path: string) => method === 'PUT' && isPathOf(uploadRoute.path, path);

/** RFC 8187 `filename*` value: UTF-8, percent-encoded, with the characters it reserves encoded too. */
const encodeFileName = (name: string) =>
  `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
/** For clients that only read `filename`: ASCII, no quotes or backslashes. */
const asciiFileName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/** A professional's documents and an administrator's review of them (docs/PRODUCT.md "Verification"). */
export function verificationRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);

  serve(ownVerificationRoute, verificationAnswer, (ctx) => ownVerification(deps, ctx.state.user));

  serve(uploadRoute, verificationAnswer, (ctx, { params }) =>
    uploadDocument(deps, ctx.state.user, params.kind, {
      type: ctx.request.type,
      fileName: ctx.get(FILE_NAME_HEADER),
      read: () => readRawBody(ctx.req, DOCUMENT_MAX_BYTES, VERIFICATION_MESSAGES.tooLarge),
    }),
  );

  serve(verificationQueue, verificationQueueAnswer, (_ctx, { query }) => reviewQueue(deps, query));

  serve(professionalDocuments, verificationAnswer, (ctx, { params }) =>
    reviewView(deps, ctx.state.admin, professionalId(params.id)),
  );

  serve(openDocumentFile, null, async (ctx, { params }) => {
    const file = await openDocument(
      deps,
      ctx.state.admin,
      pathId(params.id, VERIFICATION_MESSAGES.documentNotFound),
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
    return file.bytes;
  });

  serve(decideRoute, verificationAnswer, (ctx, { params, body }) =>
    decideVerification(deps, ctx.state.admin, professionalId(params.id), body),
  );

  return router;
}
