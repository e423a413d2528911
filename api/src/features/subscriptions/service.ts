import type { Db } from '../../db.ts';
import { usersRepo } from '../accounts/index.ts';
import * as subscriptionsRepo from './repo.ts';

/** POST /api/subscription/cancel: no reminders, and no automatic charge either; the paid period stays. */
export async function cancelRenewal(db: Db, userId: number, now: Date): Promise<void> {
  await usersRepo.setRenewalCancelledAt(db, userId, now);
  // Not renewing means not renewing automatically either.
  await subscriptionsRepo.stopAutoRenewal(db, userId);
}
