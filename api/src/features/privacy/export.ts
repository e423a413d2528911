import type { SessionUser } from '../../../../contract/account-types.ts';
import { toCedis } from '../../../../contract/money.ts';
import { jsonColumn, type Db } from '../../db.ts';
import type { ReviewRow } from '../../db-tables.ts';
import { pendingBalance } from '../affiliates/index.ts';
import { cardLabel } from '../subscriptions/index.ts';
import { photosOf } from '../photos/index.ts';
import { SYSTEM_SENDER } from '../../../../contract/bookings.ts';
import { reportViews } from '../reports/index.ts';
import { dayOf, monthOf } from '../../../../contract/dates.ts';
import { ussdDataOf } from '../ussd/index.ts';

/**
 * "Download my data" (the right of access in Ghana's Data Protection Act, 2012): every
 * row the database holds about one account, as a JSON document a person can read. Never the
 * password hash, session or reset token hashes, nor another person's contact details: the other
 * party of a booking appears by name only, referred users by first name and month only.
 * Amounts are in Ghana cedis; times are ISO 8601 in UTC (GMT, Ghana's time).
 */
export async function exportUserData(db: Db, user: SessionUser, now: Date): Promise<Record<string, unknown>> {
  const id = user.id;
  // The signed-in user's own row: a live session means it exists.
  const row = (await db('users').where({ id }).first())!;
  const type = row.user_type;
  const names = await otherPartyNames(db, id);
  const nameOf = (otherId: unknown) => names.get(Number(otherId)) ?? 'Unknown';

  const data: Record<string, unknown> = {
    about:
      `Everything ServiceConnect Ghana holds about your account, exported on ${dayOf(now)}. ` +
      'Amounts are in Ghana cedis (GHS); times are in GMT. Other people appear by name only. ' +
      'Your password is stored only as a one-way hash and is not included. See /privacy.',
    exportedAt: now.toISOString(),
    account: {
      id,
      accountType: type,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      status: row.status,
      location: row.location,
      localAddress: row.local_address,
      description: row.description,
      profilePicture: row.profile_picture,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      renewalCancelledAt: iso(row.renewal_cancelled_at),
      alsoTextMe: !!row.also_text,
    },
    // The phones that get this account's notifications: the name the browser gave, and since when
    // (the push address and its keys are the browser's secrets, not the person's data).
    notificationPhones: (
      await db('push_subscriptions').where({ user_id: id }).orderBy('id').select('device', 'created_at')
    ).map((phone) => ({ device: phone.device, since: iso(phone.created_at) })),
    // The photos themselves are at these addresses (each link opens the stored picture).
    photos: (await photosOf(db, id)).map((photo) => ({
      kind: photo.kind,
      thumbnail: photo.thumb,
      ...(photo.thumb2x && { thumbnail2x: photo.thumb2x }),
      large: photo.large,
      width: photo.width,
      height: photo.height,
    })),
  };

  const phoneMenu = await ussdDataOf(db, id);
  if (phoneMenu) data.phoneMenu = phoneMenu;

  if (type === 'professional') {
    const p = await db('professional_profiles').where({ user_id: id }).first();
    data.professionalProfile = p && {
      profession: p.profession,
      experience: p.experience,
      skills: jsonColumn(p.skills),
      baseRatePerHour: toCedis(p.base_rate_pesewas),
      maxRatePerHour: toCedis(p.max_rate_pesewas),
      rateNegotiable: p.rate_negotiable,
      availability: jsonColumn(p.availability),
      latitude: p.latitude,
      longitude: p.longitude,
      locationSource: p.location_source,
      verified: p.verified,
      listedUntil: iso(p.paid_until),
    };
    data.verification = p && {
      status: p.verification_status,
      reason: p.verification_reason,
      verifiedAt: iso(p.verified_at),
    };
    data.verificationDocuments = await verificationDocuments(db, id);
  }

  if (type === 'affiliate') {
    const a = await db('affiliate_profiles').where({ user_id: id }).first();
    data.affiliateProfile = a && {
      referrerCode: a.referrer_code,
      payoutMethod: a.payout_method,
      mobileMoneyNumber: a.momo_number,
      bankAccount: a.bank_account,
      pendingBalance: toCedis(await pendingBalance(db, id)),
    };
    data.referrals = (
      await db('referrals as r')
        .join('users as u', 'u.id', 'r.referred_user_id')
        .where('r.affiliate_user_id', id)
        .orderBy('r.id')
    ).map((r) => ({
      firstName: r.first_name,
      accountType: r.user_type,
      month: r.created_at ? monthOf(new Date(r.created_at)) : undefined,
    }));
    data.commissions = (await db('affiliate_commissions').where({ affiliate_user_id: id }).orderBy('id')).map((c) => ({
      amount: toCedis(c.amount_pesewas),
      plan: c.plan_type,
      creditedAt: iso(c.created_at),
    }));
    data.payouts = (await db('affiliate_payouts').where({ affiliate_user_id: id }).orderBy('id')).map((p) => ({
      reference: p.reference,
      amount: toCedis(p.amount_pesewas),
      method: p.method,
      details: p.details,
      status: p.status,
      notes: p.notes,
      requestedAt: iso(p.requested_at),
      processedAt: iso(p.processed_at),
    }));
  } else {
    data.subscriptions = (await db('subscriptions').where({ user_id: id }).orderBy('period_start')).map((s) => ({
      plan: s.plan_type,
      amount: toCedis(s.amount_pesewas),
      periodStart: iso(s.period_start),
      periodEnd: iso(s.period_end),
    }));
    data.payments = (await db('payments').where({ user_id: id }).orderBy('id')).map((p) => ({
      reference: p.reference,
      purpose: p.purpose,
      plan: p.plan_type,
      amount: toCedis(p.amount_pesewas),
      currency: p.currency,
      status: p.status,
      provider: p.provider,
      channel: p.channel,
      email: p.email,
      createdAt: iso(p.created_at),
      paidAt: iso(p.paid_at),
      settledAt: iso(p.settled_at),
    }));
    data.renewalReminders = (await db('subscription_reminders').where({ user_id: id }).orderBy('id')).map((r) => ({
      kind: r.kind,
      periodEnd: iso(r.period_end),
      sentAt: iso(r.sent_at),
    }));
    // The saved card as the owner would recognise it; Paystack's authorization code is not theirs to need.
    const card = await db('card_authorizations').where({ user_id: id }).first();
    data.savedCard = card
      ? {
          card: cardLabel(card),
          expiry:
            card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : null,
          automaticRenewal: !!card.auto_renew,
        }
      : null;
    data.automaticRenewalAttempts = (
      await db('renewal_charges as r')
        .leftJoin('payments as p', 'p.id', 'r.payment_id')
        .where('r.user_id', id)
        .orderBy('r.id')
        .select('r.period_end', 'r.attempt', 'r.status', 'p.reference', 'r.created_at')
    ).map((r) => ({
      periodEnd: iso(r.period_end),
      attempt: r.attempt + 1,
      status: r.status,
      reference: r.reference ?? null,
      at: iso(r.created_at),
    }));
    const referral = await db('referrals').where({ referred_user_id: id }).first();
    data.referredWithCode = referral?.referrer_code ?? null;
    Object.assign(data, await marketplace(db, id, type, nameOf));
  }

  data.notifications = (await db('notifications').where({ user_id: id }).orderBy('id')).map((n) => ({
    channel: n.channel,
    subject: n.subject,
    // A password-reset link in an export would be a live key to the account: its token is cut.
    text: String(n.body).replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1[removed]'),
    status: n.status,
    createdAt: iso(n.created_at),
    sentAt: iso(n.sent_at),
  }));
  data.contactMessages = (await db('contact_messages').where({ user_id: id }).orderBy('id')).map((m) => ({
    reference: m.reference,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    category: m.category,
    message: m.message,
    status: m.status,
    sentAt: iso(m.created_at),
  }));
  data.signIns = (await db('sessions').where({ user_id: id }).orderBy('id')).map((s) => ({
    signedInAt: iso(s.created_at),
    expiresAt: iso(s.expires_at),
    signedOutAt: iso(s.revoked_at),
  }));
  data.signInAttempts = (
    await db('login_attempts')
      .where({ account_key: `user:${id}` })
      .orderBy('id')
  ).map((a) => ({ at: iso(a.created_at), fromAddress: a.ip, succeeded: a.succeeded }));
  data.passwordResets = (await db('password_resets').where({ user_id: id }).orderBy('id')).map((r) => ({
    requestedAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    usedAt: iso(r.used_at),
  }));
  data.signInCodes = (await db('signin_codes').where({ user_id: id }).orderBy('id')).map((c) => ({
    requestedAt: iso(c.created_at),
    texted: c.texted,
    expiresAt: iso(c.expires_at),
    usedAt: iso(c.used_at),
  }));
  data.administratorActions = (
    await db('admin_audit_log')
      .where({ target_type: 'user', target_id: String(id) })
      .orderBy('id')
  ).map((a) => ({ action: a.action, at: iso(a.created_at) }));
  return data;
}

/** Bookings, chat, reviews and favourites of a customer or professional. */
async function marketplace(db: Db, id: number, type: string, nameOf: (id: unknown) => string) {
  const bookings = await db('bookings')
    .where((w) => w.where({ customer_id: id }).orWhere({ professional_id: id }))
    .select('*', db.raw("to_char(date, 'YYYY-MM-DD') as day"))
    .orderBy('id');
  const bookingIds = bookings.map((b) => b.id);
  const messages = await db('booking_messages').whereIn('booking_id', bookingIds).orderBy('id');
  const reviews = await db('reviews')
    .where((w) => w.where({ customer_id: id }).orWhere({ professional_id: id }))
    .orderBy('id');
  const review = (r: ReviewRow) => ({
    bookingId: Number(r.booking_id),
    rating: r.rating,
    comment: r.comment,
    createdAt: iso(r.created_at),
  });
  const result: Record<string, unknown> = {
    bookings: bookings.map((b) => {
      const asCustomer = Number(b.customer_id) === id;
      return {
        id: Number(b.id),
        yourRole: asCustomer ? 'customer' : 'professional',
        [asCustomer ? 'professional' : 'customer']: nameOf(asCustomer ? b.professional_id : b.customer_id),
        date: b.day,
        time: b.time,
        durationHours: b.duration_hours,
        agreedRatePerHour: toCedis(b.agreed_rate_pesewas),
        proposedRatePerHour: b.proposed_rate_pesewas === null ? null : toCedis(b.proposed_rate_pesewas),
        total: toCedis(b.total_pesewas),
        description: b.description,
        notes: b.notes,
        // The address is the customer's: theirs to see, not the professional's to take away.
        ...(asCustomer ? { location: b.location } : {}),
        status: b.status,
        cancelledBy: b.cancelled_by,
        declineReason: b.decline_reason,
        createdAt: iso(b.created_at),
        respondedAt: iso(b.responded_at),
        completedAt: iso(b.completed_at),
        answerBy: iso(b.answer_by),
      };
    }),
    timeProposals: (
      await db('booking_proposals')
        .whereIn('booking_id', bookingIds)
        .orderBy('id')
        .select('*', db.raw("to_char(date, 'YYYY-MM-DD') as day"))
    ).map((p) => ({
      bookingId: Number(p.booking_id),
      by: Number(p.proposed_by) === id ? 'you' : nameOf(p.proposed_by),
      date: p.day,
      time: p.time,
      status: p.status,
      proposedAt: iso(p.created_at),
      answeredAt: iso(p.answered_at),
    })),
    chatMessages: messages.map((m) => ({
      bookingId: Number(m.booking_id),
      // A booking's step (a system line) is from ServiceConnect, whoever took it.
      from: m.system_event ? SYSTEM_SENDER : Number(m.sender_id) === id ? 'you' : nameOf(m.sender_id),
      text: m.body,
      sentAt: iso(m.created_at),
    })),
  };
  // Problem reports on the account's bookings, with their threads (docs/PRODUCT.md "Problem reports").
  const reports = await reportViews(db, await db('problem_reports').whereIn('booking_id', bookingIds).orderBy('id'));
  const role = type === 'customer' ? 'customer' : 'professional';
  const who = (by: string) => (by === role ? 'you' : by === 'admin' ? SYSTEM_SENDER : `the ${by}`);
  result.problemReports = reports.map((r) => ({
    bookingId: r.bookingId,
    by: who(r.by),
    reason: r.reason,
    description: r.description,
    status: r.status,
    outcome: r.outcome,
    administratorNote: r.closingNote,
    createdAt: r.createdAt,
    messages: r.messages.map((m) => ({ from: who(m.by), text: m.body, sentAt: m.createdAt })),
  }));
  if (type === 'customer') {
    result.reviewsWritten = reviews
      .filter((r) => Number(r.customer_id) === id)
      .map((r) => ({ professional: nameOf(r.professional_id), ...review(r) }));
    result.favourites = (
      await db('favourites as f')
        .join('users as u', 'u.id', 'f.professional_id')
        .where('f.customer_id', id)
        .orderBy('f.created_at')
    ).map((f) => ({ professional: `${f.first_name} ${f.last_name}`, addedAt: iso(f.created_at) }));
  } else {
    result.reviewsReceived = reviews
      .filter((r) => Number(r.professional_id) === id)
      .map((r) => ({ customer: nameOf(r.customer_id), ...review(r) }));
    const [{ count }] = await db('favourites').where({ professional_id: id }).count({ count: '*' });
    result.savedAsFavouriteBy = `${Number(count)} customer(s)`;
  }
  return result;
}

/** Names (only) of everyone the account shares a booking with. */
async function otherPartyNames(db: Db, id: number): Promise<Map<number, string>> {
  const rows = await db('users')
    .whereIn('id', db('bookings').where({ customer_id: id }).select('professional_id'))
    .orWhereIn('id', db('bookings').where({ professional_id: id }).select('customer_id'))
    .select('id', 'first_name', 'last_name');
  return new Map(rows.map((r) => [Number(r.id), `${r.first_name} ${r.last_name}`]));
}

/** Verification documents by their description only (kind, name, type, size, date): never the file or its hash. */
async function verificationDocuments(db: Db, id: number): Promise<Record<string, unknown>[]> {
  const rows = await db('professional_documents')
    .where({ user_id: id })
    .orderBy('id')
    .select('id', 'kind', 'file_name', 'content_type', 'size_bytes', 'uploaded_at');
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    uploadedAt: iso(r.uploaded_at),
  }));
}

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);

/** my-data-YYYY-MM-DD.json */
export const exportFileName = (now: Date) => `my-data-${dayOf(now)}.json`;
