import Router from '@koa/router';
import type { Middleware } from 'koa';
import { PROFILE_MESSAGES } from '../../../../contract/profile.ts';
import {
  addFavourite,
  encodeCursor,
  findProfessionals,
  getProfessional,
  NEARBY_RADIUS_MILES,
  RATE_MESSAGES,
  removeFavourite,
  saveProfile,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  setAvailability,
  setRates,
  toCard,
} from '../../../../contract/professionals.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import type { UserState } from '../auth/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { messageAnswer } from '../../http/common-answers.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import { availabilityAnswer, professionalDetailAnswer, profileAnswer, ratesAnswer, searchAnswer } from './answers.ts';
import { effectiveSort, searchProfessionals } from './search.ts';
import * as service from './service.ts';

const { onlyProfessionals, PROFESSIONAL_NOT_FOUND } = service;

export function professionalRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const { db, clock } = deps;
  // Finding and booking professionals is for customers and professionals (docs/PRODUCT.md, "Roles");
  // an affiliate's free account would otherwise read every listing through the API.
  const findersOnly: Middleware<UserState> = async (ctx, next) => {
    if (ctx.state.user.userType === 'affiliate') throw forbidden(SEARCH_MESSAGES.affiliate);
    await next();
  };

  serve(
    findProfessionals,
    searchAnswer,
    async (_ctx, { query: f }) => {
      const near =
        f.lat !== undefined && f.lng !== undefined
          ? { lat: f.lat, lng: f.lng, radius: f.radius ?? NEARBY_RADIUS_MILES }
          : undefined;
      if (f.cursor && f.cursor.sort !== effectiveSort(f.sort, !!near)) throw badRequest(SEARCH_MESSAGES.badCursor);
      const page = await searchProfessionals(db, {
        q: f.q,
        category: f.category,
        sort: f.sort,
        near,
        limit: SEARCH_PAGE_SIZE,
        now: clock.now(),
        after: f.cursor,
      });
      return {
        success: true,
        professionals: page.professionals.map(toCard),
        nextCursor: page.next && encodeCursor(page.next),
      };
    },
    { use: [findersOnly] },
  );

  serve(
    getProfessional,
    professionalDetailAnswer,
    async (_ctx, { params }) => {
      const detail = await service.professionalDetail(db, pathId(params.id, PROFESSIONAL_NOT_FOUND), clock.now());
      if (!detail) throw notFound(PROFESSIONAL_NOT_FOUND);
      return detail;
    },
    { use: [findersOnly] },
  );

  // The body is parsed after the caller is known to be a professional (a customer's body earns a 403, not a 400).
  const professionalsOnly: Middleware<UserState> = async (ctx, next) => {
    onlyProfessionals(ctx.state.user);
    await next();
  };
  serve(
    setRates,
    ratesAnswer,
    async (ctx, { body: rates }) => {
      await service.saveRates(db, ctx.state.user.id, rates);
      return { success: true, message: RATE_MESSAGES.saved, rates };
    },
    { use: [professionalsOnly] },
  );

  serve(
    setAvailability,
    availabilityAnswer,
    async (ctx, { body: availability }) => {
      await service.saveAvailability(db, ctx.state.user.id, availability);
      return { success: true, message: 'Availability updated.', availability };
    },
    { use: [professionalsOnly] },
  );

  serve(saveProfile, profileAnswer, async (ctx, { body }) => {
    const user = ctx.state.user;
    const row = await service.updateProfile(db, user, body, clock.now());
    return {
      success: true,
      message: PROFILE_MESSAGES.saved,
      user: {
        ...user,
        firstName: row!.first_name,
        lastName: row!.last_name,
        phone: row!.phone,
        location: row!.location,
      },
    };
  });

  serve(
    addFavourite,
    messageAnswer,
    async (ctx, { params }) => {
      await service.saveFavourite(
        db,
        ctx.state.user.id,
        pathId(params.professionalId, PROFESSIONAL_NOT_FOUND),
        clock.now(),
      );
      return { success: true, message: 'Saved to your favourites.' };
    },
    {
      use: [
        async (ctx, next) => {
          if (ctx.state.user.userType !== 'customer') throw forbidden('Only customers keep favourites.');
          await next();
        },
      ],
    },
  );

  serve(removeFavourite, messageAnswer, async (ctx, { params }) => {
    await service.removeFavourite(db, ctx.state.user.id, pathId(params.professionalId, PROFESSIONAL_NOT_FOUND));
    return { success: true, message: 'Removed from your favourites.' };
  });

  return router;
}
