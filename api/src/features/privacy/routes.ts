import Router from '@koa/router';
import { PRIVACY_PATHS } from '../../../../contract/privacy.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser } from '../auth/guards.ts';
import { exportFileName, exportUserData } from './export.ts';

/** GET /api/me/export: the signed-in account's own data as a JSON file (issue #6, right of access). */
export function privacyRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get(PRIVACY_PATHS.export, requireUser(deps), async (ctx) => {
    const now = deps.clock.now();
    const data = await exportUserData(deps.db, ctx.state.user, now);
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2); // indented: the file is meant to be read by a person
  });
  return router;
}
