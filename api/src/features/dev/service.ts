import type { Db } from '../../db.ts';
import { toPesewas } from '../../../../contract/money.ts';
import { notFound } from '../../http/errors.ts';
import * as devRepo from './repo.ts';

/** The dev mailbox: the latest 50 rows of the outbox on every channel, sent or not. */
export async function mailbox(db: Db) {
  const rows = await devRepo.latestNotifications(db);
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    status: r.status,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * A referred customer who paid, with the affiliate's commission of `amount` cedis, written as
 * settlement would write it: so browser tests can reach the ₵250 payout minimum without 63 sign-ups.
 */
export async function creditAffiliate(db: Db, email: string, amount: number, now: Date): Promise<void> {
  const affiliate = await devRepo.findAffiliateByEmail(db, email);
  if (!affiliate) throw notFound('No affiliate with that email.');
  await db.transaction(async (trx) => {
    const tag = `${now.getTime()}${Math.floor(Math.random() * 1e6)}`;
    await devRepo.insertPaidReferral(trx, affiliate.id, toPesewas(amount), tag, now);
  });
}
