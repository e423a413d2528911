import Router from '@koa/router';
import * as z from 'zod/mini';
import { openApiDocument } from '../../../../contract/openapi.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { openApiDocumentOf } from '../../http/openapi.ts';
import { routeTable, type Served } from '../../http/serve.ts';

/** The document's own schema: an object whose shape is the OpenAPI standard's. */
const openApiAnswer = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});

/** GET /api/openapi.json, drawn once from the routes the app registered (`served`, this one included). */
export function openApiRoutes(deps: FeatureDeps, served: () => readonly Served[]): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  let document: ReturnType<typeof openApiDocumentOf> | undefined;
  serve(openApiDocument, openApiAnswer, () => {
    document ??= openApiDocumentOf(served(), deps.config.version);
    return document;
  });
  return router;
}
