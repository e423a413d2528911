import Router from '@koa/router';
import { lookUpAddress } from '../../../../contract/location.ts';
import type { FeatureDeps, RequestState } from '../../deps.ts';
import type { UserState } from '../auth/index.ts';
import { routeTable } from '../../http/serve.ts';
import { byAddress, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { geocoderFromConfig, withAnswerCache, type Geocoder, type GoogleMapsConfig } from '../../providers/geocoder.ts';
import { reverseGeocodeAnswer } from './answers.ts';
import { reverseGeocode } from './service.ts';

/**
 * What the location feature needs from the app. `geocoder` undefined means "build it from
 * config.googleMaps" (null there: no key, city detection only); tests may pass their own.
 */
export type LocationDeps = Pick<FeatureDeps, 'db' | 'clock' | 'logger' | 'guards'> & {
  config: { googleMaps?: GoogleMapsConfig | null };
  geocoder?: Geocoder | null;
};

export function locationRoutes(deps: LocationDeps): Router {
  const router = new Router<RequestState>();
  // One geocoder per app: it holds the 5-minute billing block.
  const configured =
    deps.geocoder !== undefined ? deps.geocoder : geocoderFromConfig(deps.config.googleMaps, deps.clock);
  const geocoder = configured && withAnswerCache(configured, deps.clock);
  const { logger } = deps;
  // Each call may spend the Google key's quota, and affiliate sign-up is free: limited per account and per address.
  const limits = rateLimit<UserState>(deps.db, () => deps.clock.now(), [
    [LIMITS.geocodeByAccount, (ctx) => String(ctx.state.user.id)],
    [LIMITS.geocodeByAddress, byAddress],
  ]);

  const serve = routeTable(router, deps.guards);
  serve(
    lookUpAddress,
    reverseGeocodeAnswer,
    (ctx, { query }) => reverseGeocode({ geocoder, logger: logger.child({ requestId: ctx.state.requestId }) }, query),
    { use: [limits] },
  );
  return router;
}
