import { paidUntil, paidUntilOfEach } from './paid-period.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import type { Knex } from 'knex';
import { addTime, subtractTime } from '../../../../contract/dates.ts';
import { issueRenewLink } from './renew-link.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db.ts';
import { startJob, type Job } from '../../jobs.ts';
import type { Logger } from '../../logger.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { reminderMessage, renewalPush, textMessages } from '../notifications/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';
import { autoRenewCard } from './auto-renewal.ts';

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  notifier: Notifier;
  config: Pick<Config, 'publicUrl'>;
}

type Kind = 'expiring' | 'expired';
/** Expired notices go out only for periods that ended recently, never for long-gone accounts. */
const EXPIRED_NOTICE_DAYS = 30;

type Reminded = { id: number | string; email: string; phone: string; first_name: string; user_type: PlanType };

/**
 * Records the (user, kind, period) reminder and queues it, by email and as a short text by
 * SMS/WhatsApp (renewal reminders cannot wait), in one transaction: a crash can neither keep the
 * record and lose the messages nor lose the record and send them again. The record is a claim:
 * when another run holds it, nothing is queued and the answer is false, unless `again` (the
 * administrator's send, which goes out whatever was sent before). `onSent` runs in the transaction.
 */
async function recordAndRemind(
  deps: ReminderDeps,
  user: Reminded,
  kind: Kind,
  end: Date,
  settings: Settings,
  options: { again?: boolean; onSent?: (trx: Knex.Transaction) => Promise<void> } = {},
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const [claimed] = await trx('subscription_reminders')
      .insert({ user_id: user.id, kind, period_end: end, sent_at: deps.clock.now() })
      .onConflict(['user_id', 'kind', 'period_end'])
      .ignore()
      .returning('id');
    if (!claimed && !options.again) return false;
    const card = kind === 'expiring' ? await autoRenewCard(trx, Number(user.id)) : null;
    // A card renewing by itself needs no link; everyone else gets one tap to a mobile-money prompt.
    const renewPath = card ? '/signin' : `/renew/${await issueRenewLink(trx, Number(user.id), end, deps.clock.now())}`;
    const renewUrl = `${deps.config.publicUrl}${renewPath}`;
    const email = reminderMessage(user.email, kind, {
      firstName: user.first_name,
      plan: user.user_type,
      end,
      pricePesewas: settings.pricePesewas[user.user_type],
      graceDays: settings.graceDays,
      card,
      renewUrl,
      publicUrl: deps.config.publicUrl,
    });
    await deps.notifier.sendEmail(email, trx);
    await deps.notifier.sendText(
      user.phone,
      kind === 'expiring'
        ? textMessages.expiring(end, renewUrl, card)
        : textMessages.expired(end, settings.graceDays, user.user_type, renewUrl),
      trx,
    );
    // The text stays (docs/PRODUCT.md "Notifications on the phone"): the phone gets it as well.
    await deps.notifier.sendStep(Number(user.id), { push: renewalPush(kind, end, renewPath) }, trx);
    await options.onSent?.(trx);
    return true;
  });
}

/**
 * Sends each customer or professional one "ends soon" reminder when their paid period enters the
 * last reminder days (administrator's setting), and one notice when it has ended. Safe to run in several processes at once
 * (ARCHITECTURE.md "Background work in tables"): the unique (user, kind, period) row is claimed in the transaction that
 * queues the messages, so a failed send leaves no claim and a later run retries it. Returns how
 * many were sent.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  const settings = await getSettings(db);
  const latest = paidUntilOfEach(db);
  const due = await db
    .from(latest)
    .join('users as u', 'u.id', 's.user_id')
    .where('u.status', 'active')
    .whereIn('u.user_type', ['customer', 'professional'])
    .whereNull('u.renewal_cancelled_at')
    .where('s.period_end', '>', subtractTime(now, { days: EXPIRED_NOTICE_DAYS }))
    .where('s.period_end', '<=', addTime(now, { days: settings.reminderDays }))
    .select('u.id', 'u.email', 'u.phone', 'u.first_name', 'u.user_type', 's.period_end');
  let sent = 0;
  for (const row of due) {
    const end = new Date(row.period_end);
    const kind: Kind = end > now ? 'expiring' : 'expired';
    try {
      if (await recordAndRemind(deps, row, kind, end, settings)) sent++;
    } catch (err) {
      deps.logger.error({ err, userId: row.id, kind }, 'reminder not sent; will retry');
    }
  }
  return sent;
}

/** Runs the job now and then every `everyMs` in the background (api/src/jobs.ts). */
export function startReminderWorker(deps: ReminderDeps, everyMs = 60_000): Job {
  const run = async () => {
    const sent = await sendDueReminders(deps);
    if (sent) deps.logger.info({ sent }, 'subscription reminders sent');
  };
  return startJob({ name: 'reminder job', everyMs, run, logger: deps.logger });
}

/**
 * The administrator's "send reminder" (docs/PRODUCT.md "Subscriptions"): the same message the job would send for the
 * user's latest period, queued now, and recorded in the same transaction (with `onSent`, the
 * administrator's audit entry) so the job does not send the same one again. Returns false when
 * there is nothing to remind about (no paid period, or renewal cancelled).
 */
export async function sendReminderNow(
  deps: ReminderDeps,
  userId: number,
  onSent?: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> {
  const { db } = deps;
  const user = await db('users').where({ id: userId }).whereIn('user_type', ['customer', 'professional']).first();
  const end = await paidUntil(db, userId);
  if (!user || !end || user.renewal_cancelled_at) return false;
  const kind: Kind = end > deps.clock.now() ? 'expiring' : 'expired';
  // Selected with whereIn('user_type', ['customer', 'professional']): a plan's type.
  return recordAndRemind(deps, user as Reminded, kind, end, await getSettings(db), { again: true, onSent });
}
