import { atom } from 'nanostores';
import {
  type AffiliateSignupAnswer,
  type AffiliateSignupStartInput,
  type AffiliateSignupView,
  affiliateSignupStatus,
  affiliateSignupsToday,
  affiliateSignupVoucher,
  promptAffiliateSignupAgain,
  proveAffiliateSignup,
  startAffiliateSignup,
} from '../../../../contract/affiliate-signups.ts';
import { MOMO_POLL_MS } from '../../../../contract/momo.ts';
import { actionErrorMessage, isRefusal } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
import { onUserEvent } from '../../stores/events.ts';
import { routeLoad } from '../../stores/load-store.ts';
import { $session } from '../../stores/session.ts';

/**
 * "Sign up a professional" on the affiliate's dashboard (docs/PRODUCT.md "Signed up by an
 * affiliate"): the details, the code the professional reads out, then their payment prompt, asked
 * about every few seconds until it is paid or has failed. One sign-up at a time per page.
 */
export const $professionalSignup = atom<AffiliateSignupView | null>(null);

let poll: ReturnType<typeof setTimeout> | undefined;

const token = () => ({ token: $session.get().token });

/** Shows where the sign-up stands, and asks again in a few seconds while the phone is ringing. */
function show({ signup }: AffiliateSignupAnswer): void {
  clearTimeout(poll);
  $professionalSignup.set(signup);
  const ringing = signup.stage === 'paying' && signup.prompt && signup.prompt.status !== 'failed';
  if (ringing) poll = setTimeout(() => void check(signup.id), MOMO_POLL_MS);
}

/**
 * The affiliate's sign-ups of the last day (newest first), shown under the form: one left part-way
 * (a reload, another tab, the phone off) is carried on from here. Read again after each step here
 * and when a commission comes in (a sign-up paid).
 */
const todaysSignups = routeLoad(affiliateSignupsToday, {
  select: (answer) => answer.signups,
  failure: (error) => actionErrorMessage(error, 'Your sign-ups of today could not be loaded.'),
  news: (refresh) => onUserEvent(['commission.earned', 'reset'], refresh),
})({});
export const $todaysSignups = todaysSignups.$load;
export const retryTodaysSignups = todaysSignups.retry;

async function act(request: () => Promise<AffiliateSignupAnswer>): Promise<Outcome> {
  try {
    const answer = await request();
    show(answer);
    void todaysSignups.refresh();
    return { ok: true, message: answer.signup.message };
  } catch (error) {
    return failure(error);
  }
}

export const startSignup = (body: AffiliateSignupStartInput) =>
  act(() => call(startAffiliateSignup, { body }, token()));

export const proveSignup = (id: number, code: string) =>
  act(() => call(proveAffiliateSignup, { params: { id }, body: { code } }, token()));

export const promptAgain = (id: number) => act(() => call(promptAffiliateSignupAgain, { params: { id } }, token()));

export const sendVoucher = (id: number, otp: string) =>
  act(() => call(affiliateSignupVoucher, { params: { id }, body: { otp } }, token()));

/** Carries on with one of the list: where it stands now (its payment asked about), on screen. */
export const openSignup = (id: number) => act(() => call(affiliateSignupStatus, { params: { id } }, token()));

/** How the payment stands; a check the connection lost is tried again at the next poll. */
async function check(id: number): Promise<void> {
  try {
    show(await call(affiliateSignupStatus, { params: { id } }, token()));
  } catch (error) {
    if (!isRefusal(error)) poll = setTimeout(() => void check(id), MOMO_POLL_MS);
  }
}

/** Back to an empty form, for the next professional. */
export function startOver(): void {
  clearTimeout(poll);
  $professionalSignup.set(null);
}
