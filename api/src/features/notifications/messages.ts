import type { Booking } from '../../../../contract/bookings.ts';
import { compactDay, longDate, shortDate, weekdayLabel } from '../../../../contract/dates.ts';
import { lengthName, PLANS, type PlanType } from '../../../../contract/plans.ts';
import type { Message, ShortText } from '../../providers/notifier.ts';

/**
 * The emails the product sends (issue #5 "Notifications"). Each carries only what its reader needs:
 * no passwords, no card data, no one's phone number before a booking is confirmed.
 */
const when = (b: Booking) => `${weekdayLabel(b.date)} at ${b.time}`;

export const bookingMessages = {
  requested: (to: string, b: Booking): Message => ({
    to,
    subject: `New booking request: ${b.service}, ${when(b)}`,
    text: `${b.customerName} asks for ${b.service.toLowerCase()} on ${when(b)} for ${b.duration} hours at ₵${b.agreedRate}/hour (₵${b.totalAmount}).${b.notes ? ` ${b.notes}.` : ''}\n\n${b.description || 'No description given.'}\n\nAccept or decline it in Job Requests on your dashboard.`,
  }),
  accepted: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking confirmed: ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} accepted your booking for ${when(b)} (₵${b.totalAmount}). You can message or call them from My Bookings.`,
  }),
  declined: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking declined: ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} cannot take your booking for ${when(b)}. Find another professional or another time from your dashboard.`,
  }),
  cancelled: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking cancelled: ${when(b)}`,
    text: `${b.customerName} cancelled the booking for ${when(b)}. The time is free again in your schedule.`,
  }),
  chat: (to: string, b: Booking, from: string): Message => ({
    to,
    subject: `New message from ${from} about ${when(b)}`,
    text: `${from} sent you a message about the booking for ${when(b)}. Read and answer it in the booking's chat on your dashboard.`,
  }),
  completed: (to: string, b: Booking): Message => ({
    to,
    subject: `How was ${b.professionalName}?`,
    text: `${b.professionalName} marked your ${b.service.toLowerCase()} job of ${when(b)} as completed. Leave a review from My Bookings to help other customers.`,
  }),
};

export const receipt = (
  to: string,
  p: { reference: string; planType: PlanType; amountPesewas: number; months: number; paidUntil: Date; renewal: boolean },
): Message => ({
  to,
  subject: p.renewal ? 'Subscription renewed' : 'Welcome: your subscription is active',
  text: `We received ₵${(p.amountPesewas / 100).toFixed(2)} for ${p.months === 1 ? 'one month' : lengthName(p.months)} of the ${PLANS[p.planType].name} plan (reference ${p.reference}). Your subscription is paid until ${longDate(p.paidUntil)}.`,
});

export const payoutMessage = (to: string, p: { amount: number; status: string; reference: string }): Message => ({
  to,
  subject: `Payout ${p.status}: ₵${p.amount.toFixed(2)}`,
  text: {
    pending: `We received your payout request for ₵${p.amount.toFixed(2)} (reference ${p.reference}). Payouts are processed within 15 business days.`,
    processing: `Your payout of ₵${p.amount.toFixed(2)} (reference ${p.reference}) is being processed.`,
    completed: `Your payout of ₵${p.amount.toFixed(2)} (reference ${p.reference}) has been paid.`,
    failed: `Your payout of ₵${p.amount.toFixed(2)} (reference ${p.reference}) could not be paid. The amount is back in your balance; check your payout details and request it again.`,
  }[p.status] ?? `Your payout ${p.reference} is now ${p.status}.`,
});

/** The administrator's decision on a professional's documents: the reason, never the documents. */
export const verificationMessage = (to: string, d: { firstName: string; decision: 'verified' | 'rejected'; reason: string | null }): Message =>
  d.decision === 'verified'
    ? {
        to,
        subject: 'You are verified',
        text: `Hello ${d.firstName}, an administrator checked your Ghana Card and trade certificate. Customers now see the Verified badge on your listing.`,
      }
    : {
        to,
        subject: 'Your verification documents need attention',
        text: `Hello ${d.firstName}, an administrator could not verify your documents: ${d.reason}\n\nUpload new documents from the Profile tab of your dashboard and they will be reviewed again.`,
      };

/**
 * The short texts that also go by SMS and WhatsApp (ARCHITECTURE "Notifications"): only what cannot
 * wait for someone to open their email, since every text costs money and many people read SMS on
 * phones without data. Plain GSM-7 characters (GHS, not the cedi sign, which would halve the length
 * of an SMS), one segment where possible, no links that carry secrets, nothing about cards but the
 * brand and last four digits.
 */
const shortWhen = (b: Booking) => `${compactDay(b.date)} ${b.time}`;
const ghs = (pesewas: number) => `GHS ${(pesewas / 100).toFixed(2)}`;
// No name a person typed goes into a text from the platform: a "name" such as "to MoMo 0551234567"
// would read as our instruction (issue #14). Who is who stays on the dashboard.

export const textMessages = {
  bookingRequested: (b: Booking): ShortText => ({
    label: 'New booking request',
    text: `ServiceConnect: new booking request for ${shortWhen(b)}. Accept or decline it in Job Requests on your dashboard.`,
  }),
  bookingAccepted: (b: Booking): ShortText => ({
    label: 'Booking confirmed',
    text: `ServiceConnect: your booking for ${shortWhen(b)} is accepted. Details in My Bookings.`,
  }),
  bookingDeclined: (b: Booking): ShortText => ({
    label: 'Booking declined',
    text: `ServiceConnect: your booking for ${shortWhen(b)} was declined. Find another professional on your dashboard.`,
  }),
  bookingCancelled: (b: Booking): ShortText => ({
    label: 'Booking cancelled',
    text: `ServiceConnect: the customer cancelled the booking for ${shortWhen(b)}. The time is free again.`,
  }),
  /** `renewUrl`: the one-tap renewal link (features/subscriptions/renew-link.ts). */
  expiring: (end: Date, renewUrl: string, autoRenew: string | null): ShortText => ({
    label: 'Subscription ends soon',
    text: autoRenew
      ? `ServiceConnect: your subscription is paid until ${shortDate(end)}. We will renew it with your ${autoRenew}.`
      : `ServiceConnect: your subscription is paid until ${shortDate(end)}. Renew by mobile money in one tap: ${renewUrl}`,
  }),
  expired: (end: Date, graceDays: number, plan: PlanType, renewUrl: string): ShortText => ({
    label: 'Subscription ended',
    text: `ServiceConnect: your subscription ended on ${shortDate(end)}. After ${graceDays} days ${plan === 'customer' ? 'you cannot book' : 'customers cannot find you'} until you renew. One tap: ${renewUrl}`,
  }),
  chargeFailed: (card: string, amountPesewas: number, serviceEnds: Date, retry: boolean, publicUrl: string): ShortText => ({
    label: 'Automatic renewal failed',
    text: `ServiceConnect: your ${card} was declined for ${ghs(amountPesewas)}. ${retry ? 'We retry tomorrow. ' : ''}Service stops ${shortDate(serviceEnds)} unless you renew: ${publicUrl}/signin`,
  }),
};
