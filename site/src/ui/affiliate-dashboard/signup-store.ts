import { atom } from 'nanostores';
import {
  type AffiliateSignupAnswer,
  type AffiliateSignupStartInput,
  type AffiliateSignupView,
  affiliateSignupStatus,
  affiliateSignupVoucher,
  promptAffiliateSignupAgain,
  proveAffiliateSignup,
  startAffiliateSignup,
} from '../../../../contract/affiliate-signups.ts';
import { MOMO_POLL_MS } from '../../../../contract/momo.ts';
import { isRefusal } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
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

async function act(request: () => Promise<AffiliateSignupAnswer>): Promise<Outcome> {
  try {
    const answer = await request();
    show(answer);
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
