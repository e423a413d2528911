import type * as z from 'zod/mini';
import { toPesewas } from '../../../../contract/money.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import { TIME_SLOTS } from '../../../../contract/bookings.ts';
import { fallbackLocation } from '../../../../contract/cities.ts';
import { toE164 } from '../../../../contract/phone.ts';
import type { profileSchema } from '../../../../contract/profile.ts';
import {
  WEEKDAYS,
  type Availability,
  type ProfessionalDetail,
  type ratesSchema,
} from '../../../../contract/professionals.ts';
import { addTime, dayOf, startMs, startOfDay, todayInGhana, weekdayOf } from '../../../../contract/dates.ts';
import type { Db } from '../../db.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { usersRepo } from '../accounts/index.ts';
import type { UserRow } from '../accounts/index.ts';
import {
  addFavourite,
  deleteFavourite,
  findListing,
  locationSource,
  recentReviews,
  takenTimes,
  updateProfileColumns,
} from './repo.ts';

export const PROFESSIONAL_NOT_FOUND = 'Professional not found.';

const DAYS_OF_SLOTS = 14;

/** Open slots over the next two weeks: inside the weekly hours, in the future, not already taken. */
export async function openSlots(db: Db, professionalId: number, availability: Availability, now: Date) {
  const today = startOfDay(now);
  const last = addTime(today, { days: DAYS_OF_SLOTS });
  const taken = await takenTimes(db, professionalId, dayOf(today), dayOf(last), now);
  const takenKeys = new Set(taken.map((t) => `${t.day} ${t.time}`));
  const days: { date: string; times: string[] }[] = [];
  for (let d = 0; d < DAYS_OF_SLOTS; d++) {
    const day = addTime(today, { days: d });
    if (!availability.days.includes(WEEKDAYS[weekdayOf(day)])) continue;
    const date = dayOf(day);
    const times = TIME_SLOTS.filter(
      (t) =>
        t >= availability.start &&
        t < availability.end &&
        !takenKeys.has(`${date} ${t}`) &&
        startMs(date, t) > now.getTime(),
    );
    days.push({ date, times });
  }
  return days;
}

/** GET /api/professionals/:id: the listing, its latest reviews and the open slots; undefined when not listed. */
export async function professionalDetail(db: Db, id: number, now: Date): Promise<ProfessionalDetail | undefined> {
  const listing = await findListing(db, id, now);
  if (!listing) return undefined;
  const reviews = await recentReviews(db, id);
  return {
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
    today: todayInGhana(now),
    slots: await openSlots(db, id, listing.availability, now),
  };
}

export function onlyProfessionals(user: SessionUser): void {
  if (user.userType !== 'professional') throw forbidden('Only professional accounts have rates and availability.');
}

export async function saveRates(db: Db, userId: number, rates: z.output<typeof ratesSchema>): Promise<void> {
  await updateProfileColumns(db, userId, {
    base_rate_pesewas: toPesewas(rates.baseRate),
    max_rate_pesewas: toPesewas(rates.maxRate),
    rate_negotiable: rates.rateNegotiable,
  });
}

export async function saveAvailability(db: Db, userId: number, availability: Availability): Promise<void> {
  await updateProfileColumns(db, userId, { availability: JSON.stringify(availability) });
}

/**
 * PUT /api/profile: the user's own fields, and a professional's; a new town moves a professional
 * who has no position of their own to that town's. Answers the user's row as saved.
 */
export async function updateProfile(
  db: Db,
  user: SessionUser,
  p: z.output<typeof profileSchema>,
  now: Date,
): Promise<UserRow> {
  const professionalOnly = [p.profession, p.experience, p.skills].some((v) => v !== undefined);
  if (professionalOnly && user.userType !== 'professional')
    throw badRequest('Only professionals have a profession, experience and skills.');
  await db.transaction(async (trx) => {
    const userChanges = {
      ...(p.firstName !== undefined && { first_name: p.firstName }),
      ...(p.lastName !== undefined && { last_name: p.lastName }),
      // profileSchema accepts only a number toE164 reads.
      ...(p.phone !== undefined && { phone: toE164(p.phone) as string }),
      ...(p.location !== undefined && { location: p.location || null }),
      ...(p.localAddress !== undefined && { local_address: p.localAddress || null }),
      ...(p.bio !== undefined && { description: p.bio || null }),
    };
    await usersRepo.updateDetails(trx, user.id, userChanges, now);
    if (user.userType === 'professional') {
      const profile = await locationSource(trx, user.id);
      const moveToCity = p.location !== undefined && profile!.location_source !== 'own'; // every professional has a profile
      const place = fallbackLocation(p.location);
      const changes = {
        ...(p.profession !== undefined && { profession: p.profession }),
        ...(p.experience !== undefined && { experience: p.experience }),
        ...(p.skills !== undefined && { skills: JSON.stringify(p.skills) }),
        ...(moveToCity && { latitude: place.lat, longitude: place.lng, location_source: place.source }),
      };
      if (Object.keys(changes).length) await updateProfileColumns(trx, user.id, changes);
    }
  });
  return (await usersRepo.findById(db, user.id)) as UserRow;
}

/** A customer keeps only listed professionals as favourites (saving one twice is no change). */
export async function saveFavourite(db: Db, customerId: number, professionalId: number, now: Date): Promise<void> {
  if (!(await findListing(db, professionalId, now))) throw notFound(PROFESSIONAL_NOT_FOUND);
  await addFavourite(db, customerId, professionalId, now);
}

export async function removeFavourite(db: Db, customerId: number, professionalId: number): Promise<void> {
  await deleteFavourite(db, customerId, professionalId);
}
