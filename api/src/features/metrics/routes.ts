import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { scrapeMetrics } from '../../../../contract/health.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { fromThisMachine } from '../dev/index.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token of an `Authorization: Bearer …` header, bounded before the pattern runs. */
const bearerToken = (ctx: Context) => /^Bearer (\S+)$/.exec(ctx.get('Authorization').slice(0, 300))?.[1];

/**
 * GET /metrics (docs/OPERATIONS.md "Metrics and alerts"): Prometheus text for a scraper on this
 * machine (the dev mailbox's rule: a loopback socket no proxy forwarded), or anywhere with
 * METRICS_TOKEN. Anyone else gets the 404 of an address that does not exist: the series name
 * providers, routes and load, which a stranger has no business confirming are here.
 */
export function metricsRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const expected = deps.config.metricsToken ? digest(deps.config.metricsToken) : undefined;
  const mayScrape = (ctx: Context) => {
    if (fromThisMachine(ctx)) return true;
    const given = bearerToken(ctx);
    return !!expected && !!given && timingSafeEqual(digest(given), expected);
  };
  serve(scrapeMetrics, null, async (ctx) => {
    const { metrics } = deps;
    if (!metrics || !mayScrape(ctx)) throw notFound('No such API endpoint.');
    const text = await metrics.scrape();
    ctx.type = metrics.contentType;
    return text;
  });
  return router;
}
