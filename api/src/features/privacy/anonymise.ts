import type { Knex } from 'knex';
import { forgetUser, forgottenEmail } from '../accounts/index.ts';
import { forgetPayoutDetailsOf } from '../affiliates/index.ts';
import { forgetSessionsOf } from '../auth/sessions.ts';
import { forgetAttemptsOf } from '../auth/throttle.ts';
import { forgetCodesOf } from '../auth/repo.ts';
import { forgetBookingWordsOf } from '../bookings/index.ts';
import { forgetContactMessagesOf } from '../contact/index.ts';
import { forgetPayerEmail } from '../payments/index.ts';
import { deleteAllPhotos } from '../photos/index.ts';
import { forgetProfessionalOf } from '../professionals/index.ts';
import { forgetPushSubscriptionsOf } from '../push/repo.ts';
import { forgetReportWordsOf } from '../reports/index.ts';
import { forgetPaymentMethodsOf } from '../subscriptions/index.ts';
import { deleteDocuments } from '../verification/index.ts';
import { forgetUssdOf } from '../ussd/index.ts';
import { forgetNotificationsOf } from '../../providers/notifier.ts';

/**
 * Removes an account's personal data and keeps what the books and the other party need (
 * Ghana's Data Protection Act and the privacy policy's retention promise). The user row stays, so
 * payments, subscriptions, the commission ledger, payouts and the other party's bookings keep
 * pointing somewhere, but every name, contact detail, address, text the user wrote, identity
 * document and session is gone. Sign-in becomes impossible (the email and phone no longer exist,
 * the status is suspended). Each table's owner does its own part (ARCHITECTURE.md "Features").
 * Run it in a transaction; it is safe to run twice.
 */
export async function anonymiseUser(trx: Knex.Transaction, userId: number, now: Date): Promise<void> {
  const user = await trx('users').where({ id: userId }).forUpdate().first();
  if (!user || user.deleted_at) return;

  // The email and phone are read from `user`, as they were before forgetUser replaced them.
  await forgetUser(trx, user, now);
  await forgetSessionsOf(trx, userId);
  await forgetAttemptsOf(trx, user);
  await forgetCodesOf(trx, user);
  await forgetBookingWordsOf(trx, userId);
  await forgetReportWordsOf(trx, userId);
  await forgetContactMessagesOf(trx, userId, user.email);
  await forgetNotificationsOf(trx, user);
  await forgetPaymentMethodsOf(trx, userId);
  await forgetPushSubscriptionsOf(trx, userId);
  await forgetUssdOf(trx, userId);
  await forgetPayerEmail(trx, userId, forgottenEmail(userId));
  await forgetProfessionalOf(trx, userId);
  // Identity papers go with their bytes; the access log keeps who opened them (it holds no content).
  await deleteDocuments(trx, userId);
  // Photos show the person (and their work): they go too.
  await deleteAllPhotos(trx, userId);
  await forgetPayoutDetailsOf(trx, userId);
}
