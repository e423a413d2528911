import Router from '@koa/router';
import type { SessionUser } from '../../../../contract/accounts.ts';
import { PROFILE_MESSAGES, profileSchema } from '../../../../contract/profile.ts';
import {
  availabilitySchema,
  NEARBY_RADIUS_MILES,
  RATE_MESSAGES,
  ratesSchema,
  encodeCursor,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  searchQuerySchema,
  type Availability,
  type SearchAnswer,
  type ProfessionalDetail,
  type AvailabilityAnswer,
  PROFESSIONALS_PATHS,
  type ProfileAnswer,
  type RatesAnswer,
  toCard,
} from '../../../../contract/professionals.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import type { Middleware } from 'koa';
import { requireUser, type UserState } from '../auth/guards.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { pathId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import { effectiveSort, searchProfessionals } from './search.ts';
import {
  onlyProfessionals,
  PROFESSIONAL_NOT_FOUND,
  professionalDetail,
  removeFavourite,
  saveAvailability,
  saveFavourite,
  saveRates,
  updateProfile,
} from './service.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';

export function professionalRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const { db, clock } = deps;
  const auth = requireUser(deps);
  // Finding and booking professionals is for customers and professionals (docs/PRODUCT.md, "Roles");
  // an affiliate's free account would otherwise read every listing through the API.
  const findersOnly: Middleware<UserState> = async (ctx, next) => {
    if (ctx.state.user.userType === 'affiliate') throw forbidden(SEARCH_MESSAGES.affiliate);
    await next();
  };

  router.get(PROFESSIONALS_PATHS.search, auth, findersOnly, async (ctx) => {
    const f = validate(searchQuerySchema, ctx.query);
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
    ctx.body = {
      success: true,
      professionals: page.professionals.map(toCard),
      nextCursor: page.next && encodeCursor(page.next),
    } satisfies SearchAnswer;
  });

  router.get(PROFESSIONALS_PATHS.one, auth, findersOnly, async (ctx) => {
    const detail = await professionalDetail(db, pathId(ctx.params.id, PROFESSIONAL_NOT_FOUND), clock.now());
    if (!detail) throw notFound(PROFESSIONAL_NOT_FOUND);
    ctx.body = detail satisfies ProfessionalDetail;
  });

  router.put(PROFESSIONALS_PATHS.rates, auth, async (ctx) => {
    onlyProfessionals(ctx.state.user);
    const rates = validate(ratesSchema, ctx.request.body);
    await saveRates(db, ctx.state.user.id, rates);
    ctx.body = { success: true, message: RATE_MESSAGES.saved, rates } satisfies RatesAnswer;
  });

  router.put(PROFESSIONALS_PATHS.availability, auth, async (ctx) => {
    onlyProfessionals(ctx.state.user);
    const availability: Availability = validate(availabilitySchema, ctx.request.body);
    await saveAvailability(db, ctx.state.user.id, availability);
    ctx.body = { success: true, message: 'Availability updated.', availability } satisfies AvailabilityAnswer;
  });

  router.put(PROFESSIONALS_PATHS.profile, auth, async (ctx) => {
    const user: SessionUser = ctx.state.user;
    const row = await updateProfile(db, user, validate(profileSchema, ctx.request.body), clock.now());
    ctx.body = {
      success: true,
      message: PROFILE_MESSAGES.saved,
      user: {
        ...user,
        firstName: row!.first_name,
        lastName: row!.last_name,
        phone: row!.phone,
        location: row!.location,
      },
    } satisfies ProfileAnswer;
  });

  router.post(PROFESSIONALS_PATHS.favourite, auth, async (ctx) => {
    if (ctx.state.user.userType !== 'customer') throw forbidden('Only customers keep favourites.');
    await saveFavourite(db, ctx.state.user.id, pathId(ctx.params.professionalId, PROFESSIONAL_NOT_FOUND), clock.now());
    ctx.body = { success: true, message: 'Saved to your favourites.' } satisfies MessageAnswer;
  });

  router.delete(PROFESSIONALS_PATHS.favourite, auth, async (ctx) => {
    await removeFavourite(db, ctx.state.user.id, pathId(ctx.params.professionalId, PROFESSIONAL_NOT_FOUND));
    ctx.body = { success: true, message: 'Removed from your favourites.' } satisfies MessageAnswer;
  });

  return router;
}
