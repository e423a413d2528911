import { apiRouteList } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { paymentProvider } from '../src/providers/index.ts';
import { outboxNotifier } from '../src/providers/notifier.ts';
import type { TestApp } from './harness.ts';

/**
 * For the tables that must name every API route (the authorisation matrix, the query budget): a
 * new route fails them until it is added.
 */

/** Routes that exist only on test servers (NODE_ENV=test) and diagnostics: 404 in production. */
export const TEST_ONLY_ROUTES = ['GET /api/dev/mailbox', 'POST /api/dev/clock', 'POST /api/dev/affiliate-credit'];

/** "PUT /api/admin/payouts/{id}/{action} (approve)" and "PUT /api/admin/payouts/:id/:action" alike. */
export const routeKey = (name: string) =>
  name
    .split(' ')
    .slice(0, 2)
    .join(' ')
    .replace(/\{[^}]*\}|:\w+/g, '*');

/** The served routes (as "METHOD /path") that none of `named` (table keys) covers. */
export function routesNotIn(app: TestApp, named: readonly string[]): { served: number; missing: string[] } {
  const covered = new Set([...named, ...TEST_ONLY_ROUTES].map(routeKey));
  const config = loadConfig({ NODE_ENV: 'test' });
  const deps: AppDeps = {
    db: app.db,
    config,
    clock: app.clock,
    logger: createLogger('silent'),
    payments: paymentProvider(config, app.db),
    notifier: outboxNotifier({ clock: app.clock }),
  };
  const served = apiRouteList(deps);
  return { served: served.length, missing: served.filter((route) => !covered.has(routeKey(route))) };
}
