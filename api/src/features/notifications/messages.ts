import type { Booking } from '../../../../contract/bookings.ts';
import { formatCedisText, toCedis } from '../../../../contract/money.ts';
import { clockTime, compactDay, longDate, shortDate, weekdayLabel } from '../../../../contract/dates.ts';
import { lengthName, PLANS, type PlanType } from '../../../../contract/plans.ts';
import type { Message, PushStep, ShortText } from '../../providers/notifier.ts';
import { countOf } from '../../../../contract/counts.ts';

/**
 * The emails the product sends. Each carries only what its reader needs:
 * no passwords, no card data, no one's phone number before a booking is confirmed.
 */
const when = (b: Booking) => `${weekdayLabel(b.date)} at ${b.time}`;

export const bookingMessages = {
  requested: (to: string, b: Booking): Message => ({
    to,
    subject: `New booking request: ${b.service}, ${when(b)}`,
    text: `${b.customerName} asks for ${b.service.toLowerCase()} on ${when(b)} for ${countOf(b.duration, 'hour')} at ${formatCedisText(b.agreedRate)}/hour (${formatCedisText(b.totalAmount)}).${b.notes ? ` ${b.notes}.` : ''}\n\n${b.description || 'No description given.'}\n\nAccept or decline it in Job Requests on your dashboard.`,
  }),
  accepted: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking confirmed: ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} accepted your booking for ${when(b)} (${formatCedisText(b.totalAmount)}). You can message or call them from My Bookings.`,
  }),
  declined: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking declined: ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} cannot take your booking for ${when(b)}.${b.declineReason ? ` Their reason: "${b.declineReason}"` : ''} Find another professional or another time from your dashboard.`,
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
    subject: `Was the job done? ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} marked your ${b.service.toLowerCase()} job of ${when(b)} as done. Please confirm in My Bookings: answer "Yes" and leave a review, or "Report a problem". With no answer in 72 hours the job counts as done.`,
  }),
  cancelledByProfessional: (to: string, b: Booking): Message => ({
    to,
    subject: `Booking cancelled by ${b.professionalName}: ${when(b)}`,
    text: `${b.professionalName} cancelled your booking for ${when(b)}. Find another professional or another time from your dashboard. If something went wrong, you can report a problem from My Bookings.`,
  }),
};

/** Problem reports (docs/PRODUCT.md "Problem reports"): to the parties of the booking. */
export const reportMessages = {
  opened: (to: string, b: Booking, byYou: boolean, reason: string): Message => ({
    to,
    subject: byYou ? `We received your report: ${when(b)}` : `A problem was reported with the booking of ${when(b)}`,
    text: byYou
      ? `Thank you. Your report ("${reason}") on the ${b.service.toLowerCase()} booking of ${when(b)} is with our administrators. You will read their messages and their decision on the booking's card in your dashboard.`
      : `The other party reported a problem ("${reason}") with the ${b.service.toLowerCase()} booking of ${when(b)}. An administrator will look at it and may write to you on the booking's card in your dashboard, where you can answer.`,
  }),
  adminWrote: (to: string, b: Booking): Message => ({
    to,
    subject: `A message from ServiceConnect about the booking of ${when(b)}`,
    text: `An administrator wrote in the problem report on the ${b.service.toLowerCase()} booking of ${when(b)}. Read and answer it on the booking's card in your dashboard.`,
  }),
  closed: (to: string, b: Booking, outcome: string, note: string, noShow = false): Message => ({
    to,
    subject: `Report closed: ${outcome}`,
    text: `The problem report on the ${b.service.toLowerCase()} booking of ${when(b)} is closed. Outcome: ${outcome}.${noShow ? ' The job ended as a no-show by the professional.' : ''}\n\nOur administrator's note: ${note}`,
  }),
};

/** The steps written into a booking's chat as system lines (docs/PRODUCT.md "Chat"). */
export const chatLines = {
  markedDone: () => 'The job was marked done. The customer is asked to confirm it.',
  confirmedDone: () => 'The customer confirmed the job was done.',
  reportOpened: (by: 'customer' | 'professional', reason: string) =>
    `The ${by} reported a problem: ${reason}. An administrator will look at it.`,
  reportClosed: (outcome: string, noShow = false) =>
    `An administrator closed the problem report. Outcome: ${outcome}.${noShow ? ' The job ended as a no-show by the professional.' : ''}`,
};

export const receipt = (
  to: string,
  p: {
    reference: string;
    planType: PlanType;
    amountPesewas: number;
    months: number;
    paidUntil: Date;
    renewal: boolean;
  },
): Message => ({
  to,
  subject: p.renewal ? 'Subscription renewed' : 'Welcome: your subscription is active',
  text: `We received ${formatCedisText(toCedis(p.amountPesewas), { fixed: true })} for ${p.months === 1 ? 'one month' : lengthName(p.months)} of the ${PLANS[p.planType].name} plan (reference ${p.reference}). Your subscription is paid until ${longDate(p.paidUntil)}.`,
});

export const payoutMessage = (to: string, p: { amount: number; status: string; reference: string }): Message => {
  const amount = formatCedisText(p.amount, { fixed: true });
  return {
    to,
    subject: `Payout ${p.status}: ${amount}`,
    text:
      {
        pending: `We received your payout request for ${amount} (reference ${p.reference}). Payouts are processed within 15 business days.`,
        processing: `Your payout of ${amount} (reference ${p.reference}) is being processed.`,
        completed: `Your payout of ${amount} (reference ${p.reference}) has been paid.`,
        failed: `Your payout of ${amount} (reference ${p.reference}) could not be paid. The amount is back in your balance; check your payout details and request it again.`,
      }[p.status] ?? `Your payout ${p.reference} is now ${p.status}.`,
  };
};

/** The administrator's decision on a professional's documents: the reason, never the documents. */
export const verificationMessage = (
  to: string,
  d: { firstName: string; decision: 'verified' | 'rejected'; reason: string | null },
): Message =>
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

/** `link`: the page that takes the reset token (features/auth/service.ts), good for an hour. */
export const passwordResetMessage = (to: string, firstName: string, link: string): Message => ({
  to,
  subject: 'Reset your password',
  text: `Hello ${firstName},\n\nUse this link within 1 hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email: your password stays the same.`,
});

/**
 * The subscription reminders (features/subscriptions/reminders.ts): the period ends soon (`card`: it
 * renews itself with that card) or has ended. `renewUrl` is the one-tap renewal link, `pricePesewas`
 * the plan's monthly price.
 */
export const reminderMessage = (
  to: string,
  kind: 'expiring' | 'expired',
  r: {
    firstName: string;
    plan: PlanType;
    end: Date;
    pricePesewas: number;
    graceDays: number;
    card: string | null;
    renewUrl: string;
    publicUrl: string;
  },
): Message => {
  const { firstName, plan, end, card, renewUrl, publicUrl } = r;
  // Whole cedis as "₵27", else to the pesewa: "₵27.50".
  const monthly = toCedis(r.pricePesewas);
  const price = formatCedisText(monthly, { fixed: !Number.isInteger(monthly) });
  if (kind === 'expiring' && card) {
    return {
      to,
      subject: 'Your subscription renews soon',
      text: `Hello ${firstName},\n\nYour ${PLANS[plan].name} subscription is paid until ${longDate(end)}. You chose automatic renewal, so we will charge ${price} to your ${card} shortly before then; the new month starts when this one ends. To stop it, turn automatic renewal off on your dashboard: ${publicUrl}/signin`,
    };
  }
  return kind === 'expiring'
    ? {
        to,
        subject: 'Your subscription ends soon',
        text: `Hello ${firstName},\n\nYour ${PLANS[plan].name} subscription is paid until ${longDate(end)}. Renew now (${price} for one more month, added to the end of your current month) by mobile money in one tap, no sign-in needed: ${renewUrl}\n\nOr renew from your dashboard: ${publicUrl}/signin\n\nMobile money cannot be charged automatically, so nothing happens unless you renew. The one-tap link works for 3 days.`,
      }
    : {
        to,
        subject: 'Your subscription has ended',
        text: `Hello ${firstName},\n\nYour ${PLANS[plan].name} subscription ended on ${longDate(end)}. You have ${r.graceDays} days of grace; after that ${plan === 'customer' ? 'you cannot book professionals' : 'customers cannot find you'} until you renew (${price} a month). Renew by mobile money in one tap: ${renewUrl}\n\nOr from your dashboard: ${publicUrl}/signin\n\nYour account and its history stay as they are.`,
      };
};

/** An automatic renewal's card was declined (features/subscriptions/auto-renewal.ts); `retry`: we try again tomorrow. */
export const chargeFailedMessage = (
  to: string,
  c: { firstName: string; card: string; amountPesewas: number; retry: boolean; serviceEnds: Date; publicUrl: string },
): Message => ({
  to,
  subject: 'We could not renew your subscription',
  text: `Hello ${c.firstName},\n\nWe tried to charge ${formatCedisText(toCedis(c.amountPesewas), { fixed: true })} to your ${c.card} for the next month of your subscription, and the payment did not go through. Nothing was charged.\n\n${c.retry ? 'We will try the card again tomorrow. ' : ''}Unless a payment succeeds, your service stops on ${longDate(c.serviceEnds)}. You can renew now by mobile money or another card from your dashboard: ${c.publicUrl}/signin`,
});

/**
 * The short texts that also go by SMS and WhatsApp (ARCHITECTURE "Notifications"): only what cannot
 * wait for someone to open their email, since every text costs money and many people read SMS on
 * phones without data. Plain GSM-7 characters (GHS, not the cedi sign, which would halve the length
 * of an SMS), one segment where possible, no links that carry secrets, nothing about cards but the
 * brand and last four digits.
 */
const shortWhen = (b: Booking) => `${compactDay(b.date)} ${b.time}`;

/** One SMS: 160 characters of GSM-7 (more splits it into parts, each paid for). */
export const SMS_CHARS = 160;
/** Only characters of GSM-7's basic set that are one character each: anything else becomes a space. */
const gsm7 = (words: string): string =>
  words.replace(/[^A-Za-z0-9 .,:;'"!?()&%#*+\-/=<>@$_]/g, ' ').replace(/ {2,}/g, ' ');
const shorten = (words: string, max: number): string => (words.length <= max ? words : `${words.slice(0, max - 2)}..`);

/**
 * The phone menu's texts (docs/PRODUCT.md "The phone menu (USSD)"): the code with a request's
 * number before its # opens that request at once.
 */
export const ussdTexts = {
  /** "New job: Plumber, Tue 24 Nov 10:00, Asokwa. Dial *920*55*12# to answer", at most SMS_CHARS. */
  newJob: (b: Booking, ussdCode: string): string => {
    const dial = `${ussdCode.slice(0, -1)}*${b.id}#`;
    const tail = `. Dial ${dial} to answer`;
    const head = `New job: ${gsm7(b.service)}, ${shortWhen(b)}`;
    const area = b.location ? `, ${gsm7(b.location)}` : '';
    return `${shorten(head + area, SMS_CHARS - tail.length)}${tail}`;
  },
  pinCode: (code: string, minutes: number): ShortText => ({
    label: 'Phone menu code',
    text: `ServiceConnect: ${code} is your code to set the PIN of the phone menu. It works for ${minutes} minutes. Never share it.`,
  }),
  locked: (until: Date): ShortText => ({
    label: 'Phone menu locked',
    text: `ServiceConnect: 5 wrong PINs were typed in your phone menu, so it is locked until ${clockTime(until)} GMT. Not you? Change your PIN in Profile on the web.`,
  }),
};
// No name a person typed goes into a text from the platform: a "name" such as "to MoMo 0551234567"
// would read as our instruction. Who is who stays on the dashboard.

export const textMessages = {
  /** The code is the secret: nothing else in it can be used (docs/PRODUCT.md "Signing in with a texted code"). */
  signInCode: (code: string, minutes: number): ShortText => ({
    label: 'Sign-in code',
    text: `ServiceConnect: ${code} is your sign-in code. It works for ${minutes} minutes. Never share it: we never ask for it.`,
  }),
  /** An affiliate is signing the holder up: the code is their consent (docs/PRODUCT.md "Signed up by an affiliate"). */
  affiliateSignupCode: (code: string, profession: string, affiliate: string, minutes: number): ShortText => ({
    label: 'Sign-up code',
    text: `ServiceConnect: ${affiliate.slice(0, 20)} is signing you up (${profession}). If you agree, give them the code ${code}. It works ${minutes} minutes.`,
  }),
  /** "Forgot password?" for an account without an email: the link is the secret. */
  passwordResetLink: (link: string): ShortText => ({
    label: 'Reset your password',
    text: `ServiceConnect: choose a password within 1 hour: ${link}`,
  }),
  /** With the phone menu on (`ussdCode`), the text names the request and the code that opens it (docs/PRODUCT.md "The phone menu (USSD)"). */
  bookingRequested: (b: Booking, ussdCode: string | null = null): ShortText =>
    ussdCode
      ? { label: 'New booking request', text: ussdTexts.newJob(b, ussdCode) }
      : {
          label: 'New booking request',
          text: `ServiceConnect: new booking request for ${shortWhen(b)}. Accept or decline it in Job Requests on your dashboard.`,
        },
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
  bookingCancelledByProfessional: (b: Booking): ShortText => ({
    label: 'Booking cancelled',
    text: `ServiceConnect: the professional cancelled your booking for ${shortWhen(b)}. Find another on your dashboard.`,
  }),
  jobMarkedDone: (b: Booking): ShortText => ({
    label: 'Was the job done?',
    text: `ServiceConnect: your job of ${shortWhen(b)} was marked done. Please confirm it or report a problem in My Bookings.`,
  }),
  reportOpened: (b: Booking): ShortText => ({
    label: 'Problem reported',
    text: `ServiceConnect: a problem was reported with the booking of ${shortWhen(b)}. Details in your dashboard.`,
  }),
  reportClosed: (b: Booking): ShortText => ({
    label: 'Report closed',
    text: `ServiceConnect: the problem report on the booking of ${shortWhen(b)} is closed. Read the outcome in your dashboard.`,
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
  chargeFailed: (
    card: string,
    amountPesewas: number,
    serviceEnds: Date,
    retry: boolean,
    publicUrl: string,
  ): ShortText => ({
    label: 'Automatic renewal failed',
    text: `ServiceConnect: your ${card} was declined for ${formatCedisText(toCedis(amountPesewas), { fixed: true, sms: true })}. ${retry ? 'We retry tomorrow. ' : ''}Service stops ${shortDate(serviceEnds)} unless you renew: ${publicUrl}/signin`,
  }),
};

/**
 * docs/PRODUCT.md "Bookings": a request expired unanswered, another time
 * proposed, a proposal answered or left to expire. Emails to whoever the step concerns; a text
 * where someone must act or travel: the customer of an expired request (to book someone else), the
 * party asked about a new time, and the proposer whose time was accepted.
 */
export const timeMessages = {
  expiredToCustomer: (to: string, b: Booking): Message => ({
    to,
    subject: `Request not answered: ${b.professionalName}, ${when(b)}`,
    text: `${b.professionalName} did not answer your request for ${when(b)} in time, so it has been declined and the time is free. My Bookings suggests other ${b.service.toLowerCase()}s nearby who are free then.`,
  }),
  expiredToProfessional: (to: string, b: Booking): Message => ({
    to,
    subject: `Request expired: ${b.service}, ${when(b)}`,
    text: `The request from ${b.customerName} for ${when(b)} was not answered in time, so it has been declined. Unanswered requests count in your response figures: answer requests in Job Requests before their "Answer by" time.`,
  }),
  proposed: (to: string, b: Booking, from: string, date: string, time: string): Message => ({
    to,
    subject: `New time proposed: ${weekdayLabel(date)} at ${time}`,
    text: `${from} proposes to move the booking for ${when(b)} to ${weekdayLabel(date)} at ${time}. Accept or decline it on the booking in your dashboard; until then the booking keeps its time.`,
  }),
  proposalAccepted: (to: string, b: Booking, from: string): Message => ({
    to,
    subject: `New time accepted: ${when(b)}`,
    text: `${from} accepted the new time: the booking is now on ${when(b)}.`,
  }),
  proposalDeclined: (to: string, b: Booking, from: string, date: string, time: string): Message => ({
    to,
    subject: `New time declined: ${weekdayLabel(date)} at ${time}`,
    text: `${from} declined moving the booking to ${weekdayLabel(date)} at ${time}. It stays on ${when(b)}; you can message them in the booking's chat.`,
  }),
  proposalExpired: (to: string, b: Booking, date: string, time: string): Message => ({
    to,
    subject: `New time not answered: ${weekdayLabel(date)} at ${time}`,
    text: `Your proposal to move the booking for ${when(b)} to ${weekdayLabel(date)} at ${time} was not answered in time. The booking keeps its time; you can propose another.`,
  }),
};

export const timeTexts = {
  expiredToCustomer: (b: Booking): ShortText => ({
    label: 'Request not answered',
    text: `ServiceConnect: your request for ${shortWhen(b)} was not answered in time. See other professionals free then in My Bookings.`,
  }),
  proposed: (b: Booking, date: string, time: string): ShortText => ({
    label: 'New time proposed',
    text: `ServiceConnect: a new time, ${compactDay(date)} ${time}, is proposed for your booking of ${shortWhen(b)}. Accept or decline it on your dashboard.`,
  }),
  proposalAccepted: (b: Booking): ShortText => ({
    label: 'New time accepted',
    text: `ServiceConnect: the new time is accepted. Your booking is now ${shortWhen(b)}.`,
  }),
};

/**
 * A booking step as a notification on the phone (docs/PRODUCT.md "Notifications on the
 * phone"), with its text for when no phone shows it: the step as the title, the service and time
 * as the body (no one's name on a lock screen), and the person's own list of bookings as the
 * screen a tap opens. One notification per booking on the phone: a newer step replaces it.
 */
export function bookingStep(
  b: Booking,
  to: number,
  text: ShortText | undefined,
  title = text?.label ?? b.service,
): { push: PushStep; text?: ShortText } {
  const url = to === b.professionalId ? '/professional-dashboard?tab=jobs' : '/customer-dashboard?tab=bookings';
  return { push: { title, body: `${b.service}, ${shortWhen(b)}`, url, tag: `booking-${b.id}` }, text };
}

/** A payout's news on the affiliate's phone: amount and state, the Earnings tab a tap opens. */
export const payoutPush = (p: { id: number; amount: number; status: string }): PushStep => ({
  title: `Payout ${p.status}`,
  body: formatCedisText(p.amount, { fixed: true }),
  url: '/affiliate-dashboard?tab=earnings',
  tag: `payout-${p.id}`,
});

/** The verification decision on the professional's phone: the reason stays on the dashboard. */
export const verificationPush = (decision: 'verified' | 'rejected'): PushStep => ({
  title: decision === 'verified' ? 'Your documents are verified' : 'Your documents were not accepted',
  body: decision === 'verified' ? 'Customers now see you as verified.' : 'Read why and upload them again in Profile.',
  url: '/professional-dashboard?tab=profile',
  tag: 'verification',
});

/** The renewal reminder on the phone, beside its text: a tap opens the one-tap renewal (or the sign-in for a card). */
export const renewalPush = (kind: 'expiring' | 'expired', end: Date, renewPath: string): PushStep => ({
  title: kind === 'expiring' ? 'Your subscription ends soon' : 'Your subscription has ended',
  body: `${kind === 'expiring' ? 'Paid until' : 'Ended on'} ${shortDate(end)}. Tap to renew.`,
  url: renewPath,
  tag: 'renewal',
});
