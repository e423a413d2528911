import Router from '@koa/router';
import { exportMyData } from '../../../../contract/privacy.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { routeTable } from '../../http/serve.ts';
import { exportFileName, exportUserData } from './export.ts';

/** The signed-in account's own data as a JSON file (docs/PRODUCT.md "Privacy, deletion and retention": right of access). */
export function privacyRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(exportMyData, null, async (ctx) => {
    const now = deps.clock.now();
    const data = await exportUserData(deps.db, ctx.state.user, now);
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json; charset=utf-8';
    return JSON.stringify(data, null, 2); // indented: the file is meant to be read by a person
  });
  return router;
}
