import type { ProfessionalRecord } from '../../../contract/user-data.ts';
export type { ProfessionalRecord };
import { PROFILE_MESSAGES } from '../../../contract/profile.ts';
import {
  RATE_MESSAGES,
  saveProfile as saveProfileRoute,
  setAvailability,
  setRates,
} from '../../../contract/professionals.ts';
import type { Availability } from '../../../contract/professionals.ts';
import { call } from '../lib/call.ts';
import { failure, type Outcome } from '../lib/outcome.ts';
import { recordStore } from './record.ts';
import { $session, mergeUser } from './session.ts';

/**
 * The professional's dashboard data (docs/PRODUCT.md "Dashboards") and the
 * actions that change it. Islands read $professional (the jobs are stores/bookings.ts's `$bookings`);
 * every change is a server call, and the store takes the server's answer.
 */

const professional = recordStore<ProfessionalRecord>('professional');
export const $professional = professional.$load;

const token = () => $session.get().token;

/** Try Again: the loading state, then the record read again. */
export const retryProfessional = (): void => void professional.retry();

/** The figures changed on the server (a renewal, a saved profile): read them again quietly. */
export const refreshProfessional = professional.refresh;

/** Changes the shown record without a reload (the server already has the change). */
export const patchProfessional = (fields: Partial<ProfessionalRecord>): void =>
  professional.patch((record) => ({ ...record, ...fields }));

export interface Rates {
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
}

/** PUT /api/professional/rates. */
export async function saveRates(rates: Rates): Promise<Outcome> {
  try {
    const answer = await call(setRates, { body: rates }, { token: token() });
    patchProfessional(rates);
    return { ok: true, message: answer.message ?? RATE_MESSAGES.saved };
  } catch (error) {
    return failure(error);
  }
}

/** PUT /api/professional/availability. */
export async function saveAvailability(availability: Availability): Promise<Outcome> {
  try {
    const answer = await call(setAvailability, { body: availability }, { token: token() });
    patchProfessional({ availability: answer.availability });
    return { ok: true, message: answer.message ?? 'Availability updated.' };
  } catch (error) {
    return failure(error);
  }
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string;
  profession: string;
  experience: string;
  location: string;
  bio: string;
  skills: string[];
}

/** PUT /api/profile (never the email); the session's stored user takes the new name and phone. */
export async function saveProfile(changes: ProfileChanges): Promise<Outcome> {
  try {
    const answer = await call(saveProfileRoute, { body: changes }, { token: token() });
    mergeUser(answer.user);
    patchProfessional({
      ...changes,
      name: `${answer.user.firstName} ${answer.user.lastName}`,
      phone: answer.user.phone,
    });
    refreshProfessional();
    return { ok: true, message: answer.message ?? PROFILE_MESSAGES.saved };
  } catch (error) {
    return failure(error);
  }
}
