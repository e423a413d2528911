import Router from '@koa/router';
import type { SessionUser } from '../../../../contract/accounts.ts';
import { fallbackLocation } from '../../../../contract/cities.ts';
import { PROFILE_MESSAGES, profileSchema } from '../../../../contract/profile.ts';
import { toE164 } from '../../../../contract/phone.ts';
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
} from '../../../../contract/professionals.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { parseId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import { findListing } from './repo.ts';
import { effectiveSort, searchProfessionals } from './search.ts';
import { openSlots } from './service.ts';

const onlyProfessionals = (user: SessionUser) => {
  if (user.userType !== 'professional') throw forbidden('Only professional accounts have rates and availability.');
};

export function professionalRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const { db, clock } = deps;
  const auth = requireUser(deps);

  router.get('/api/professionals', auth, async (ctx) => {
    const f = validate(searchQuerySchema, ctx.query);
    const near = f.lat !== undefined && f.lng !== undefined ? { lat: f.lat, lng: f.lng, radius: f.radius ?? NEARBY_RADIUS_MILES } : undefined;
    if (f.cursor && f.cursor.sort !== effectiveSort(f.sort, !!near)) throw badRequest(SEARCH_MESSAGES.badCursor);
    const page = await searchProfessionals(db, { q: f.q, category: f.category, sort: f.sort, near, limit: SEARCH_PAGE_SIZE, now: clock.now(), after: f.cursor });
    const answer: SearchAnswer = { success: true, professionals: page.professionals, nextCursor: page.next && encodeCursor(page.next) };
    ctx.body = answer;
  });

  router.get('/api/professionals/:id', auth, async (ctx) => {
    const id = parseId(ctx.params.id);
    if (id === undefined) throw notFound('Professional not found.');
    const now = clock.now();
    const listing = await findListing(db, id, now);
    if (!listing) throw notFound('Professional not found.');
    const reviews = await db('reviews as r')
      .join('users as u', 'u.id', 'r.customer_id')
      .where('r.professional_id', id)
      .orderBy('r.id', 'desc')
      .limit(20)
      .select('r.id', 'r.rating', 'r.comment', 'r.created_at', 'u.first_name');
    const detail: ProfessionalDetail = {
      success: true,
      professional: listing,
      reviews: reviews.map((r) => ({
        id: Number(r.id),
        rating: r.rating,
        comment: r.comment,
        customerName: r.first_name,
        createdAt: new Date(r.created_at).toISOString(),
        verified: true,
      })),
      today: now.toISOString().slice(0, 10),
      slots: await openSlots(db, id, listing.availability, now),
    };
    ctx.body = detail;
  });

  router.put('/api/professional/rates', auth, async (ctx) => {
    onlyProfessionals(ctx.state.user);
    const rates = validate(ratesSchema, ctx.request.body);
    await db('professional_profiles').where({ user_id: ctx.state.user.id }).update({
      base_rate_pesewas: Math.round(rates.baseRate * 100),
      max_rate_pesewas: Math.round(rates.maxRate * 100),
      rate_negotiable: rates.rateNegotiable,
    });
    ctx.body = { success: true, message: RATE_MESSAGES.saved, rates };
  });

  router.put('/api/professional/availability', auth, async (ctx) => {
    onlyProfessionals(ctx.state.user);
    const availability: Availability = validate(availabilitySchema, ctx.request.body);
    await db('professional_profiles').where({ user_id: ctx.state.user.id }).update({ availability: JSON.stringify(availability) });
    ctx.body = { success: true, message: 'Availability updated.', availability };
  });

  router.put('/api/profile', auth, async (ctx) => {
    const user: SessionUser = ctx.state.user;
    const p = validate(profileSchema, ctx.request.body);
    const professionalOnly = [p.profession, p.experience, p.skills].some((v) => v !== undefined);
    if (professionalOnly && user.userType !== 'professional') throw badRequest('Only professionals have a profession, experience and skills.');
    const now = clock.now();
    await db.transaction(async (trx) => {
      const userChanges = {
        ...(p.firstName !== undefined && { first_name: p.firstName }),
        ...(p.lastName !== undefined && { last_name: p.lastName }),
        ...(p.phone !== undefined && { phone: toE164(p.phone)! }), // the schema accepts only numbers toE164 reads
        ...(p.location !== undefined && { location: p.location || null }),
        ...(p.localAddress !== undefined && { local_address: p.localAddress || null }),
        ...(p.bio !== undefined && { description: p.bio || null }),
      };
      await trx('users').where({ id: user.id }).update({ ...userChanges, updated_at: now });
      if (user.userType === 'professional') {
        const profile = await trx('professional_profiles').where({ user_id: user.id }).first('location_source');
        const moveToCity = p.location !== undefined && profile!.location_source !== 'own';
        const place = fallbackLocation(p.location);
        const changes = {
          ...(p.profession !== undefined && { profession: p.profession }),
          ...(p.experience !== undefined && { experience: p.experience }),
          ...(p.skills !== undefined && { skills: JSON.stringify(p.skills) }),
          ...(moveToCity && { latitude: place.lat, longitude: place.lng, location_source: place.source }),
        };
        if (Object.keys(changes).length) await trx('professional_profiles').where({ user_id: user.id }).update(changes);
      }
    });
    const row = await db('users').where({ id: user.id }).first();
    ctx.body = {
      success: true,
      message: PROFILE_MESSAGES.saved,
      user: { ...user, firstName: row!.first_name, lastName: row!.last_name, phone: row!.phone, location: row!.location },
    };
  });

  router.post('/api/favourites/:professionalId', auth, async (ctx) => {
    if (ctx.state.user.userType !== 'customer') throw forbidden('Only customers keep favourites.');
    const id = parseId(ctx.params.professionalId);
    if (id === undefined || !(await findListing(db, id, clock.now()))) throw notFound('Professional not found.');
    await db('favourites').insert({ customer_id: ctx.state.user.id, professional_id: id, created_at: clock.now() }).onConflict().ignore();
    ctx.body = { success: true, message: 'Saved to your favourites.' };
  });

  router.delete('/api/favourites/:professionalId', auth, async (ctx) => {
    const id = parseId(ctx.params.professionalId);
    if (id !== undefined) await db('favourites').where({ customer_id: ctx.state.user.id, professional_id: id }).delete();
    ctx.body = { success: true, message: 'Removed from your favourites.' };
  });

  return router;
}
