import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import { accountRoutes } from './features/accounts/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { affiliateRoutes } from './features/affiliates/routes.ts';
import { affiliateSignupRoutes } from './features/affiliate-signups/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { takesContactForm } from './features/contact/form.ts';
import { devRoutes } from './features/dev/routes.ts';
import { localPushServiceRoutes, takesPushBody } from './features/dev/push-service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { appMetrics } from './features/metrics/index.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { scrapeMetrics } from '../../contract/health.ts';
import { localControlRoutes } from './features/local-control/routes.ts';
import { locationRoutes } from './features/location/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { mediaMiddleware, mediaRoutes, photoRoutes, takesPhotoBody } from './features/photos/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { professionalRoutes } from './features/professionals/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { userDataRoutes } from './features/user-data/routes.ts';
import { takesRawBody, verificationRoutes } from './features/verification/routes.ts';
import { readYourWrites } from './cache/read-cache.ts';
import type { AppDeps, FeatureDeps } from './deps.ts';
import { callerGuards } from './features/auth/index.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { HttpError } from './http/errors.ts';
import { jsonOnly } from './http/json-only.ts';
import { noNulCharacters } from './http/no-nul.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { closeUnreadBodies } from './http/unread-body.ts';
import { compressJson } from './http/compress-json.ts';
import { eventRoutes } from './features/events/routes.ts';
import { ussdRoutes } from './features/ussd/routes.ts';
import { takesUssdForm } from './features/ussd/form.ts';
import { openApiRoutes } from './features/openapi/routes.ts';
import { servedOn } from './http/serve.ts';
import { payoutTransfers } from './providers/index.ts';
import { directoryReader, shareCardMiddleware } from './features/directory/index.ts';

/** Each feature folder exports a function that builds its router from the app's dependencies. */
const features: ((deps: FeatureDeps) => Router)[] = [
  healthRoutes,
  metricsRoutes,
  contactRoutes,
  accountRoutes,
  affiliateRoutes,
  affiliateSignupRoutes,
  authRoutes,
  paymentRoutes,
  userDataRoutes,
  privacyRoutes,
  analyticsRoutes,
  professionalRoutes,
  bookingRoutes,
  locationRoutes,
  subscriptionRoutes,
  adminRoutes,
  verificationRoutes,
  photoRoutes,
  settingsRoutes,
  pushRoutes,
  eventRoutes,
  reportRoutes,
  devRoutes,
  localPushServiceRoutes,
  localControlRoutes,
  ussdRoutes,
];

/** Every API route as "METHOD /path" (the authorisation matrix checks that it covers them all). */
export function apiRouteList(deps: AppDeps): string[] {
  return featureRouters(deps).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`)),
  );
}

/** The app's dependencies with the guards that admit each kind of caller (features/auth builds them; http/ knows no feature). */
const withGuards = (deps: AppDeps): FeatureDeps => ({ ...deps, guards: callerGuards(deps) });

/** Each feature's router, and last the OpenAPI document of all of them (itself and the photos' files under /media included). */
function featureRouters(appDeps: AppDeps): Router[] {
  const deps = withGuards(appDeps);
  const routers = features.map((feature) => feature(deps));
  const media = mediaRoutes(deps);
  const openApi = openApiRoutes(deps, () => [...routers, media, openApi].flatMap(servedOn));
  return [...routers, openApi];
}

function apiMiddleware(given: AppDeps): Middleware {
  const deps: AppDeps = {
    ...given,
    transfers: given.transfers === undefined ? payoutTransfers(given.config) : given.transfers,
  };
  const router = new Router();
  for (const featureRouter of featureRouters(deps)) router.use(featureRouter.routes());
  const json = compose([
    jsonOnly(),
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '1mb',
      encoding: 'utf-8',
      // DELETE /api/push/subscriptions names the phone in its body (a push address is too long for a path).
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  ]);
  return compose<Parameters<Middleware>[0]>([
    ...(deps.readCache ? [readYourWrites(deps.db, deps.readCache)] : []),
    errorMiddleware(deps.logger),
    // A file upload's body is the file: its route checks the type and reads at most its own limit;
    // the support page's plain form is read by its route too (features/contact/form.ts), and so is
    // the USSD gateway's (features/ussd/form.ts).
    // GET and HEAD carry no body to parse.
    (ctx, next) =>
      ctx.method === 'GET' ||
      ctx.method === 'HEAD' ||
      takesRawBody(ctx.method, ctx.path) ||
      takesPhotoBody(ctx.method, ctx.path) ||
      takesPushBody(ctx.method, ctx.path) ||
      takesContactForm(ctx) ||
      takesUssdForm(ctx)
        ? next()
        : json(ctx, next),
    noNulCharacters(),
    async (ctx, next) => {
      await next();
      // The router leaves these without a body (405 keeps the Allow header it set).
      if (ctx.body !== undefined && ctx.body !== '') return;
      if (ctx.status === 404) throw new HttpError(404, 'not_found', 'No such API endpoint.');
      if (ctx.status === 405)
        throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}.`);
    },
    router.routes() as Middleware,
    router.allowedMethods() as Middleware,
  ]);
}

/** /metrics is answered by the API's middleware too (never cached, errors as JSON), outside /api where Prometheus looks. */
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === scrapeMetrics.path;

/** Builds the Koa app; never listens (server.ts does), so tests run it on port 0. */
export function createApp(given: AppDeps): Koa {
  const metrics = given.metrics ?? appMetrics(given);
  const deps: AppDeps = { ...given, metrics };
  // The client is the address the nearest trusted proxy saw: counted from the right of
  // X-Forwarded-For, never its leftmost entry, which anyone can write.
  const hops = deps.config.proxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  // Errors are answered by errorMiddleware (API) or Astro (pages); Koa's default logger would
  // print stack traces outside our JSON log.
  app.silent = true;
  const api = compose([compressJson(), apiMiddleware(deps)]);
  app.use(metrics.httpMiddleware(isApiPath));
  app.use(requestContext(deps.logger));
  app.use(closeUnreadBodies());
  app.use(securityHeaders());
  app.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-store');
    return api(ctx, async () => {});
  });
  // Photos (/media/{hash}-{size}.webp) come from the database, before the site's files and pages.
  app.use(mediaMiddleware(withGuards(deps)));
  // A shared profile's picture when the professional has no photo (/cards/professionals/{id}.png).
  app.use(shareCardMiddleware(directoryReader(deps.db, deps.clock, deps.config.publicUrl, deps.readCache), deps.clock));
  if (deps.site) app.use(deps.site);
  return app;
}
