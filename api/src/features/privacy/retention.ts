import type { Clock } from '../../clock.ts';
import type { Conn, Db } from '../../db.ts';
import { startJob, type Job } from '../../jobs.ts';
import type { Logger } from '../../logger.ts';
import { pendingBalance } from '../affiliates/index.ts';
import { eventsRepo } from '../events/index.ts';
import { anonymiseUser } from './anonymise.ts';
import { HOUR_MS, addYears } from '../../../../contract/dates.ts';
import { RETENTION_YEARS } from '../../../../contract/privacy.ts';

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

/** Now minus 3 calendar years (UTC). */
export function retentionCutoff(now: Date): Date {
  return addYears(now, -RETENTION_YEARS);
}

/**
 * Accounts past retention, not yet anonymised:
 * - customers and professionals whose latest paid period ended before the cutoff, or who never
 *   paid (no subscription at all) and signed up before it;
 * - affiliates with no sign-in, referral, commission or payout since the cutoff (a referral counts:
 *   it may still turn into a commission). Their balance is checked in the transaction.
 */
function expired(db: Conn, cutoff: Date) {
  const lastPaid = db('subscriptions').where('user_id', db.ref('u.id')).max('period_end');
  const since = (table: string, owner: string, column: string) =>
    db(table).where(owner, db.ref('u.id')).where(column, '>=', cutoff).select(db.raw('1'));
  return db('users as u')
    .whereNull('u.deleted_at')
    .where((w) =>
      w
        .where((c) =>
          c
            .whereIn('u.user_type', ['customer', 'professional'])
            .where(db.raw('coalesce((?), u.created_at)', [lastPaid]), '<', cutoff),
        )
        .orWhere((a) =>
          a
            .where('u.user_type', 'affiliate')
            .where('u.created_at', '<', cutoff)
            .whereNotExists(since('sessions', 'user_id', 'created_at'))
            .whereNotExists(since('referrals', 'affiliate_user_id', 'created_at'))
            .whereNotExists(since('affiliate_commissions', 'affiliate_user_id', 'created_at'))
            .whereNotExists(since('affiliate_payouts', 'affiliate_user_id', 'requested_at'))
            .whereNotExists(since('affiliate_payouts', 'affiliate_user_id', 'processed_at')),
        ),
    );
}

/**
 * Anonymises (anonymise.ts) every account past retention, each in its own transaction, keeping the
 * books. An affiliate who is still owed money is kept: the debt must not lose its creditor.
 * Safe with several processes at once (ARCHITECTURE.md "Background work in tables"): each account is locked with
 * FOR UPDATE SKIP LOCKED and the rule checked again under the lock, so another process working on
 * it skips it, and one finished with it has set deleted_at. Returns how many were anonymised.
 */
export async function anonymiseExpiredAccounts(deps: RetentionDeps): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const cutoff = retentionCutoff(now);
  const ids = (await expired(db, cutoff).orderBy('u.id').pluck('u.id')).map(Number);
  let anonymised = 0;
  for (const id of ids) {
    const done = await db.transaction(async (trx) => {
      const user = await expired(trx, cutoff).where('u.id', id).forUpdate().skipLocked().first('u.id', 'u.user_type');
      if (!user) return false;
      if (user.user_type === 'affiliate' && (await pendingBalance(trx, id)) !== 0) return false;
      await anonymiseUser(trx, id, now);
      return true;
    });
    if (done) anonymised++;
  }
  if (anonymised) deps.logger.info({ anonymised }, 'accounts past retention anonymised');
  return anonymised;
}

/**
 * Runs the job now and then every `everyMs` (6 hours) in the background, with the deletion of
 * live-update events past their week and spent tickets (api/src/jobs.ts).
 */
export function startRetentionWorker(deps: RetentionDeps, everyMs = 6 * HOUR_MS): Job {
  const run = async () => {
    // Each part logs its own failure, so the events are pruned even when anonymising failed.
    await anonymiseExpiredAccounts(deps).catch((err) => deps.logger.error({ err }, 'retention job failed'));
    await eventsRepo
      .prune(deps.db, deps.clock.now())
      .catch((err) => deps.logger.error({ err }, 'deleting old live-update events failed'));
  };
  return startJob({ name: 'retention job', everyMs, run, logger: deps.logger });
}
