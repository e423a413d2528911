import type { Db } from '../../db.ts';
import { toCount } from '../../db.ts';

/** Spec-free but necessary: 10 failures for one account, or 50 from one address, in 15 minutes. */
export const THROTTLE = { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 50 } as const;

export const throttle = {
  async isBlocked(db: Db, accountKey: string, ip: string, now: Date): Promise<boolean> {
    const since = new Date(now.getTime() - THROTTLE.windowMs);
    // Failures since the account's last success count; a success does not clear the address's.
    const lastSuccess = await db('login_attempts')
      .where({ account_key: accountKey, succeeded: true })
      .where('created_at', '>', since)
      .max({ at: 'created_at' })
      .first();
    const accountSince = lastSuccess?.at && new Date(lastSuccess.at) > since ? new Date(lastSuccess.at) : since;
    const [{ n: accountFailures }] = await db('login_attempts')
      .where({ account_key: accountKey, succeeded: false })
      .where('created_at', '>', accountSince)
      .count({ n: '*' });
    if (toCount(accountFailures) >= THROTTLE.perAccount) return true;
    const [{ n: addressFailures }] = await db('login_attempts')
      .where({ ip, succeeded: false })
      .where('created_at', '>', since)
      .count({ n: '*' });
    return toCount(addressFailures) >= THROTTLE.perAddress;
  },

  record: (db: Db, accountKey: string, ip: string, succeeded: boolean, now: Date) =>
    db('login_attempts').insert({ account_key: accountKey, ip, succeeded, created_at: now }),
};
