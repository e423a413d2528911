import type { Knex } from 'knex';
import type { AdminPayout, AdminUser, AdminUserStatus, PlatformSettings } from '../../../../contract/admin.ts';
import type { z } from 'zod/mini';
import type { adminProfileSchema } from '../../../../contract/admin.ts';
import { fallbackLocation } from '../../../../contract/cities.ts';
import { toE164 } from '../../../../contract/phone.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import * as sessionsRepo from '../auth/sessions.ts';
import { profilesRepo } from '../professionals/index.ts';
import { usersRepo } from '../accounts/index.ts';
import { movePayout } from '../affiliates/index.ts';
import { anonymiseUser } from '../privacy/index.ts';
import { getSettings, saveSettings, toPlatformSettings } from '../settings/index.ts';
import { sendReminderNow } from '../subscriptions/index.ts';
import type { AdminIdentity } from './accounts.ts';
import { recordAudit } from '../audit/index.ts';
import { findAdminUser, payoutsQuery, toAdminPayout } from './queries.ts';

/**
 * The administrator's actions (docs/PRODUCT.md "Administrators"). Each change, its audit entry and the
 * notifications it sends are written in one transaction.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'logger' | 'config'>;

/** What the audit log keeps of a user: the fields an admin can see and change. */
const auditView = (u: AdminUser) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  type: u.type,
  status: u.status,
  location: u.location,
  description: u.description,
  profession: u.profession,
});

/** Only the fields that changed, before and after. */
function difference(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

async function lockedUser(trx: Knex.Transaction, id: number, now: Date): Promise<AdminUser> {
  const row = await trx('users').where({ id }).whereNull('deleted_at').forUpdate().first('id');
  const user = row && (await findAdminUser(trx, id, now));
  if (!user) throw notFound('User not found.');
  return user;
}

/** Suspension ends every session at once (sessions also require an active account). */
async function applyStatus(trx: Knex.Transaction, id: number, status: AdminUserStatus, now: Date) {
  await usersRepo.setStatus(trx, id, status, now);
  if (status !== 'active') await sessionsRepo.revokeAllForUser(trx as never, id, now);
}

export async function setUserStatus(
  deps: Deps,
  admin: AdminIdentity,
  id: number,
  status: 'active' | 'suspended',
): Promise<AdminUser> {
  const now = deps.clock.now();
  return deps.db.transaction((trx) => changeUserStatus(trx, admin, id, status, now));
}

/**
 * The one path by which an administrator suspends or activates an account, its sessions and its
 * audit entry, in the caller's transaction (also closing a problem report with a suspension).
 */
export async function changeUserStatus(
  trx: Knex.Transaction,
  admin: AdminIdentity,
  id: number,
  status: 'active' | 'suspended',
  now: Date,
  why?: Record<string, unknown>,
): Promise<AdminUser> {
  const before = await lockedUser(trx, id, now);
  if (before.status === status) throw conflict(`This account is already ${status}.`);
  await applyStatus(trx, id, status, now);
  const after = (await findAdminUser(trx, id, now))!;
  await recordAudit(trx, {
    admin,
    action: status === 'suspended' ? 'user.suspend' : 'user.activate',
    targetType: 'user',
    targetId: id,
    before: { status: before.status },
    after: { status, ...why },
    at: now,
  });
  return after;
}

/** Switching type moves the listing: a new professional gets a profile at their city's centre. */
async function applyType(
  trx: Knex.Transaction,
  id: number,
  type: 'customer' | 'professional',
  profession: string,
  location: string,
) {
  if (type !== 'professional') return;
  const existing = await trx('professional_profiles').where({ user_id: id }).first('user_id');
  if (existing) {
    await profilesRepo.updateProfileColumns(trx, id, { profession });
    return;
  }
  const place = fallbackLocation(location);
  const [latest] = await trx('subscriptions').where({ user_id: id }).max({ period_end: 'period_end' });
  await profilesRepo.insertProfile(trx, {
    user_id: id,
    profession,
    latitude: place.lat,
    longitude: place.lng,
    location_source: place.source,
    paid_until: latest?.period_end ?? null,
  });
}

export async function updateUserProfile(
  deps: Deps,
  admin: AdminIdentity,
  id: number,
  input: z.output<typeof adminProfileSchema>,
): Promise<AdminUser> {
  const now = deps.clock.now();
  const phone = toE164(input.phone)!;
  return deps.db.transaction(async (trx) => {
    const before = await lockedUser(trx, id, now);
    if (before.type === 'affiliate')
      throw conflict('Affiliate accounts keep their own details; only their status can be changed here.');
    if (await trx('users').whereRaw('lower(email) = lower(?)', [input.email]).whereNot({ id }).first('id')) {
      throw conflict('An account with this email already exists.', 'already_exists');
    }
    if (await trx('users').where({ phone }).whereNot({ id }).first('id')) {
      throw conflict('An account with this phone number already exists.', 'already_exists');
    }
    await usersRepo.updateDetails(
      trx,
      id,
      {
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        phone,
        user_type: input.type,
        location: input.location || null,
        description: input.description || null,
      },
      now,
    );
    await applyType(trx, id, input.type, input.profession, input.location);
    if (input.status !== before.status) await applyStatus(trx, id, input.status, now);
    const after = (await findAdminUser(trx, id, now))!;
    const changed = difference(auditView(before), auditView(after));
    if (Object.keys(changed.after).length) {
      await recordAudit(trx, { admin, action: 'user.update', targetType: 'user', targetId: id, ...changed, at: now });
    }
    return after;
  });
}

export const DELETE_MESSAGE =
  "The account's personal data has been removed. Its payments, subscriptions and commission records are kept, anonymised, for the books.";

export async function deleteUser(deps: Deps, admin: AdminIdentity, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const before = await lockedUser(trx, id, now);
    await anonymiseUser(trx, id, now);
    // The audit entry keeps who and when, not the personal data just removed.
    await recordAudit(trx, {
      admin,
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before: { type: before.type, status: before.status },
      after: { anonymised: true },
      at: now,
    });
  });
}

export async function sendUserReminder(deps: Deps, admin: AdminIdentity, id: number): Promise<void> {
  const now = deps.clock.now();
  const user = await findAdminUser(deps.db, id, now);
  if (!user || (await deps.db('users').where({ id }).first('deleted_at'))!.deleted_at)
    throw notFound('User not found.');
  if (user.renewalCancelled) throw conflict('This user cancelled renewal, so no reminder is sent.');
  const audit = (trx: Knex.Transaction) =>
    recordAudit(trx, {
      admin,
      action: 'user.reminder',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { subscriptionExpiry: user.subscriptionExpiry, subscriptionStatus: user.subscriptionStatus },
      at: now,
    });
  if (!(await sendReminderNow(deps, id, audit))) throw conflict('This user has no subscription to remind about.');
}

export async function moveAdminPayout(
  deps: Deps,
  admin: AdminIdentity,
  id: number,
  action: 'approve' | 'reject' | 'complete',
  notes?: string,
): Promise<AdminPayout> {
  const now = deps.clock.now();
  await movePayout(deps, id, action, notes, (trx, before, after) =>
    recordAudit(trx, {
      admin,
      action: `payout.${action}`,
      targetType: 'payout',
      targetId: id,
      before: { status: before.status },
      after: { status: after.status, ...(notes ? { notes } : {}) },
      at: now,
    }),
  );
  // An affiliate's Activity tab shows their payouts' history too.
  return toAdminPayout(await payoutsQuery(deps.db).where('po.id', id).first());
}

export async function updateSettings(deps: Deps, admin: AdminIdentity, input: PlatformSettings): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    await trx('platform_settings').where({ id: 1 }).forUpdate().first();
    const before = toPlatformSettings(await getSettings(trx));
    await saveSettings(trx, input, now);
    const changed = difference({ ...before }, { ...input });
    if (Object.keys(changed.after).length) {
      await recordAudit(trx, {
        admin,
        action: 'settings.update',
        targetType: 'settings',
        targetId: 'platform',
        ...changed,
        at: now,
      });
    }
  });
}
