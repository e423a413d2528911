import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  addReportPhoto,
  addWorkPhoto,
  adminRemovePhoto,
  ownPhotos,
  parseMediaPath,
  PHOTO_MESSAGES,
  photoFile,
  removeProfilePhoto,
  removeWorkPhoto,
  setProfilePhoto,
} from '../../../../contract/photos.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { pathId } from '../../http/ids.ts';
import { imageHeaders, plainAnswer } from '../../http/image-answers.ts';
import { isPathOf } from '../../http/route-paths.ts';
import { routeTable } from '../../http/serve.ts';
import { messageAnswer, photosAnswer } from './answers.ts';
import { photoBody, uploadDeps } from './uploads.ts';
import { findBytes } from './repo.ts';
import * as photos from './service.ts';

const photoId = (raw: string) => pathId(raw, PHOTO_MESSAGES.notFound);

/** The uploads' bodies are the photos themselves: app.ts lets them past the JSON-only check and body parser. */
export const takesPhotoBody = (method: string, path: string) =>
  [setProfilePhoto, addWorkPhoto, addReportPhoto].some(
    (route) => method === route.method && isPathOf(route.path, path),
  );

/**
 * Profile and work photos (docs/PRODUCT.md "Photos"; routes in contract/photos.ts). A report's photo
 * goes through the same pipeline and queue from the reports' routes (features/reports/routes.ts).
 */
export function photoRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const uploads = uploadDeps(deps);
  const body = photoBody;

  serve(ownPhotos, photosAnswer, (ctx) => photos.ownPhotos(deps, ctx.state.user));
  serve(setProfilePhoto, photosAnswer, (ctx) => photos.setProfilePhoto(uploads, ctx.state.user, body(ctx.req)));
  serve(removeProfilePhoto, photosAnswer, (ctx) => photos.removeProfilePhoto(deps, ctx.state.user));
  serve(addWorkPhoto, photosAnswer, (ctx) => photos.addWorkPhoto(uploads, ctx.state.user, body(ctx.req)));
  serve(removeWorkPhoto, photosAnswer, (ctx) => photos.removeWorkPhoto(deps, ctx.state.user, photoId(ctx.params.id)));

  serve(adminRemovePhoto, messageAnswer, (ctx) =>
    photos.adminRemovePhoto(deps, ctx.state.admin, photoId(ctx.params.id)),
  );

  return router;
}

/** What /media answers for an address that names no stored photo: plain text, kept by no cache. */
function notFoundImage(ctx: Parameters<Middleware>[0]): string {
  imageHeaders(ctx);
  plainAnswer(ctx, 404, 'Not found');
  return 'Not found';
}

/**
 * GET/HEAD /media/{hash}-{thumb|thumb2x|large}.webp: the stored bytes, cached for a year (the
 * address changes when the content does). No session needed: an <img> cannot send one, and the
 * hash is only known to whoever was shown the photo. A 2× square asked of a photo stored without
 * one answers the thumbnail, cached for a day only, so the avatar is never broken and a 2× made
 * later would be seen.
 */
export function mediaRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(photoFile, null, async (ctx) => {
    const wanted = parseMediaPath(ctx.path);
    const found = wanted ? await findBytes(deps.db, wanted.hash, wanted.size) : null;
    if (!found) return notFoundImage(ctx);
    imageHeaders(ctx);
    ctx.set('Cache-Control', found.standIn ? 'public, max-age=86400' : 'public, max-age=31536000, immutable');
    ctx.type = 'image/webp';
    return found.bytes;
  });
  return router;
}

/** /media's photos, before the site's files and pages; anything else under /media is a plain 404. */
export function mediaMiddleware(deps: FeatureDeps): Middleware {
  const routes = mediaRoutes(deps).routes() as Middleware;
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/')) return next();
    await routes(ctx, async () => {
      notFoundImage(ctx);
    });
  };
}
