import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  parseMediaPath,
  PHOTOS_PATHS,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTO_MIN_RATE,
  type PhotosResponse,
} from '../../../../contract/photos.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { badRequest } from '../../http/errors.ts';
import { pathId } from '../../http/ids.ts';
import { readRawBody } from '../../http/raw-body.ts';
import { PhotoQueue } from './queue.ts';
import { addReportPhoto } from '../reports/service.ts';
import { reportId } from '../reports/routes.ts';
import { findBytes } from './repo.ts';
import {
  addWorkPhoto,
  adminRemovePhoto,
  ownPhotos,
  removeProfilePhoto,
  removeWorkPhoto,
  setProfilePhoto,
} from './service.ts';
import { imageHeaders, plainAnswer } from '../../http/image-answers.ts';
import { isPathOf } from '../../http/route-paths.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';
import type { ReportAnswer } from '../../../../contract/reports.ts';

const photoId = (raw: string) => pathId(raw, PHOTO_MESSAGES.notFound);

/** The uploads' bodies are the photos themselves: app.ts lets them past the JSON-only check and body parser. */
export const takesPhotoBody = (method: string, path: string) =>
  (method === 'PUT' && path === PHOTOS_PATHS.profile) ||
  (method === 'POST' && (path === PHOTOS_PATHS.work || isPathOf(PHOTOS_PATHS.reportPhotos, path)));

/** Issue #17 photo calls (paths: PHOTOS_PATHS in contract/photos.ts). */
export function photoRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const user = requireUser(deps);
  const admin = requireAdmin(deps);
  // One per app (per process): the uploads it is handling at once (issue #26.5).
  const uploads = { ...deps, queue: new PhotoQueue() };
  // A phone that gives up mid-upload is the phone's doing, not the server's (nor, as its
  // ECONNRESET would otherwise be read, the database's): a 400 no one will see, logged as such.
  const body = (req: import('node:http').IncomingMessage) => () =>
    readRawBody(req, PHOTO_MAX_BYTES, PHOTO_MESSAGES.tooLarge, {
      ...PHOTO_MIN_RATE,
      message: PHOTO_MESSAGES.tooSlow,
    }).catch((error) => {
      throw req.destroyed ? badRequest(PHOTO_MESSAGES.damaged) : error;
    });

  router.get(PHOTOS_PATHS.own, user, async (ctx) => {
    ctx.body = (await ownPhotos(deps, ctx.state.user)) satisfies PhotosResponse;
  });

  router.put(PHOTOS_PATHS.profile, user, async (ctx) => {
    ctx.body = (await setProfilePhoto(uploads, ctx.state.user, body(ctx.req))) satisfies PhotosResponse;
  });

  router.delete(PHOTOS_PATHS.profile, user, async (ctx) => {
    ctx.body = (await removeProfilePhoto(deps, ctx.state.user)) satisfies PhotosResponse;
  });

  router.post(PHOTOS_PATHS.work, user, async (ctx) => {
    ctx.body = (await addWorkPhoto(uploads, ctx.state.user, body(ctx.req))) satisfies PhotosResponse;
    ctx.status = 201;
  });

  router.delete(PHOTOS_PATHS.workPhoto, user, async (ctx) => {
    ctx.body = (await removeWorkPhoto(deps, ctx.state.user, photoId(ctx.params.id))) satisfies PhotosResponse;
  });

  // A problem report's photo (docs/PRODUCT.md "Problem reports"): this pipeline, its queue and its limits.
  router.post(PHOTOS_PATHS.reportPhotos, user, async (ctx) => {
    const report = await addReportPhoto(uploads, ctx.state.user, reportId(ctx.params.id), body(ctx.req));
    ctx.status = 201;
    ctx.body = { success: true, report } satisfies ReportAnswer;
  });

  router.delete(PHOTOS_PATHS.adminPhoto, admin, async (ctx) => {
    ctx.body = (await adminRemovePhoto(deps, ctx.state.admin, photoId(ctx.params.id))) satisfies MessageAnswer;
  });

  return router;
}

/**
 * GET/HEAD /media/{hash}-{thumb|thumb2x|large}.webp: the stored bytes, cached for a year (the
 * address changes when the content does). No session needed: an <img> cannot send one, and the
 * hash is only known to whoever was shown the photo. Anything else under /media is a plain 404.
 * A 2× square asked of a photo stored without one answers the thumbnail, cached for a day only,
 * so the avatar is never broken and a 2× made later would be seen.
 */
export function mediaMiddleware({ db }: Pick<AppDeps, 'db'>): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/')) return next();
    const wanted = ctx.method === 'GET' || ctx.method === 'HEAD' ? parseMediaPath(ctx.path) : null;
    const found = wanted ? await findBytes(db, wanted.hash, wanted.size) : null;
    imageHeaders(ctx);
    if (!found) return plainAnswer(ctx, 404, 'Not found');
    ctx.set('Cache-Control', found.standIn ? 'public, max-age=86400' : 'public, max-age=31536000, immutable');
    ctx.type = 'image/webp';
    ctx.body = found.bytes;
  };
}
