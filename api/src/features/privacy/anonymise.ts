import type { Knex } from 'knex';
import { fallbackLocation } from '../../../../contract/cities.ts';
import { deleteAllPhotos } from '../photos/repo.ts';
import { deleteDocuments } from '../verification/repo.ts';

/**
 * Removes an account's personal data and keeps what the books and the other party need (issue #6;
 * Ghana's Data Protection Act and the privacy policy's retention promise). The user row stays, so
 * payments, subscriptions, the commission ledger, payouts and the other party's bookings keep
 * pointing somewhere, but every name, contact detail, address, text the user wrote, identity
 * document and session is gone. Sign-in becomes impossible (the email and phone no longer exist,
 * the status is suspended).
 * Run it in a transaction; it is safe to run twice.
 */
export async function anonymiseUser(trx: Knex.Transaction, userId: number, now: Date): Promise<void> {
  const user = await trx('users').where({ id: userId }).forUpdate().first();
  if (!user || user.deleted_at) return;
  const placeholderEmail = `deleted-${userId}@deleted.invalid`;

  await trx('users')
    .where({ id: userId })
    .update({
      first_name: 'Deleted',
      last_name: 'user',
      email: placeholderEmail,
      phone: `deleted-${userId}`,
      password_hash: '!deleted',
      status: 'suspended',
      location: null,
      local_address: null,
      description: null,
      profile_picture: null,
      renewal_cancelled_at: user.renewal_cancelled_at ?? now,
      deleted_at: now,
      updated_at: now,
    });
  await trx('sessions').where({ user_id: userId }).delete();
  await trx('password_resets').where({ user_id: userId }).delete();
  await trx('login_attempts')
    .whereIn('account_key', [`user:${user.id}`, user.email.toLowerCase(), user.phone])
    .delete();
  await trx('favourites').where({ customer_id: userId }).delete();
  await trx('chat_reads').where({ user_id: userId }).delete();
  await trx('booking_messages').where({ sender_id: userId }).update({ body: '[message removed: account deleted]' });
  await trx('reviews').where({ customer_id: userId }).update({ comment: '' });
  // Problem reports stay for the other party and the Activity log; the words this person wrote go.
  await trx('report_messages').where({ author_user_id: userId }).update({ body: '[message removed: account deleted]' });
  await trx('problem_reports')
    .where((made) =>
      made
        .where({ customer_id: userId, reporter_role: 'customer' })
        .orWhere({ professional_id: userId, reporter_role: 'professional' }),
    )
    .update({ description: '[report removed: account deleted]' });
  await trx('contact_messages').where({ user_id: userId }).orWhereRaw('lower(email) = lower(?)', [user.email]).delete();
  await trx('notifications')
    .where({ user_id: userId })
    .orWhereRaw('lower(recipient) = lower(?)', [user.email])
    .delete();
  // Texts went to the phone; the saved card could still be charged: both go.
  await trx('notifications').where({ recipient: user.phone }).delete();
  await trx('card_authorizations').where({ user_id: userId }).delete();
  // The phones that got this account's notifications (issue #30): nothing more is sent to them.
  await trx('push_subscriptions').where({ user_id: userId }).delete();
  // Other people's numbers proved for mobile-money prompts are theirs, not the books'.
  await trx('momo_numbers').where({ user_id: userId }).delete();
  await trx('payments').where({ user_id: userId }).update({ email: placeholderEmail });

  // Bookings join the profile, so it stays, stripped: unlisted, no text, placed at Accra's centre.
  const accra = fallbackLocation(null);
  await trx('professional_profiles')
    .where({ user_id: userId })
    .update({
      experience: '',
      skills: JSON.stringify([]),
      latitude: accra.lat,
      longitude: accra.lng,
      location_source: 'default',
      paid_until: null,
      verified: false,
      verification_status: 'unverified',
      verification_reason: null,
      verified_at: null,
    });
  // Identity papers go with their bytes; the access log keeps who opened them (it holds no content).
  await deleteDocuments(trx, userId);
  // Photos show the person (and their work): they go too.
  await deleteAllPhotos(trx, userId);
  await trx('affiliate_profiles').where({ user_id: userId }).update({ momo_number: '', bank_account: '' });
  // Payout records are kept for the books; the account number is cut to its last 3 characters.
  await trx('affiliate_payouts')
    .where({ affiliate_user_id: userId })
    .update({ details: trx.raw(`case when length(details) > 3 then '…' || right(details, 3) else details end`) });
}
