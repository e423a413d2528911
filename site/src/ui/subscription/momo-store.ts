import type { PlanLength } from '../../../../contract/plans.ts';
import {
  answerTestPhone,
  confirmMomoNumber,
  momoPromptStatus,
  requestMomoNumberCode,
  sendMomoPrompt,
  submitMomoOtp,
} from '../../../../contract/momo.ts';
import { call } from '../../lib/call.ts';
import { atom } from 'nanostores';
import { MOMO_POLL_MS, type MomoNetworkCode, type MomoPromptResponse } from '../../../../contract/momo.ts';
import { actionErrorMessage, ApiError } from '../../lib/api.ts';

/**
 * A renewal by mobile-money prompt from the dashboard: send the prompt, type Telecel's
 * voucher if asked, and ask how it stands every few seconds until it is paid, failed or expired.
 * One prompt at a time per page, so one store.
 */
export type MomoState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'open'; answer: MomoPromptResponse }
  | { kind: 'paid'; answer: MomoPromptResponse }
  | { kind: 'failed'; message: string }
  /**
   * The number is not the account's own: its owner must agree by reading out the code we text it
   * (docs/PRODUCT.md "Mobile money in one tap"). `codeSent` once it is on its way; `problem`: a
   * wrong code or a refusal, in plain words.
   */
  | { kind: 'prove'; phone: string; message: string; codeSent: boolean; problem?: string };

export const $momo = atom<MomoState>({ kind: 'idle' });

const SEND_FAILED = 'Could not send the prompt. Check your connection and try again.';
let poll: ReturnType<typeof setTimeout> | undefined;
let onPaid: (() => void) | undefined;

function show(answer: MomoPromptResponse, token: string | null): void {
  clearTimeout(poll);
  if (answer.status === 'success') {
    $momo.set({ kind: 'paid', answer });
    onPaid?.();
    return;
  }
  if (answer.status === 'failed') {
    $momo.set({ kind: 'failed', message: answer.message });
    return;
  }
  $momo.set({ kind: 'open', answer });
  const reference = answer.reference;
  if (reference) poll = setTimeout(() => void checkPrompt(reference, token), MOMO_POLL_MS);
}

async function ask(call: () => Promise<MomoPromptResponse>, token: string | null): Promise<void> {
  try {
    show(await call(), token);
  } catch (error) {
    $momo.set({ kind: 'failed', message: actionErrorMessage(error, SEND_FAILED) });
  }
}

type PromptInput = { phone: string; provider: MomoNetworkCode; months?: PlanLength };

export async function sendPrompt(input: PromptInput, token: string | null, paid: () => void): Promise<void> {
  if ($momo.get().kind === 'sending') return;
  onPaid = paid;
  $momo.set({ kind: 'sending' });
  try {
    show(await call(sendMomoPrompt, { body: input }, { token }), token);
  } catch (error) {
    const unproven = error instanceof ApiError && error.code === 'number_unproven';
    $momo.set(
      unproven
        ? { kind: 'prove', phone: input.phone, message: actionErrorMessage(error, SEND_FAILED), codeSent: false }
        : { kind: 'failed', message: actionErrorMessage(error, SEND_FAILED) },
    );
  }
}

/** Texts the code to the number being proved. */
export async function askForCode(token: string | null): Promise<void> {
  const state = $momo.get();
  if (state.kind !== 'prove') return;
  try {
    const answer = await call(requestMomoNumberCode, { body: { phone: state.phone } }, { token });
    $momo.set({ ...state, message: answer.message, codeSent: !answer.proven, problem: undefined });
  } catch (error) {
    $momo.set({ ...state, problem: actionErrorMessage(error, SEND_FAILED) });
  }
}

/** The code its owner read out: once the number is proved, the prompt goes to it. */
export async function confirmNumber(code: string, input: PromptInput, token: string | null): Promise<void> {
  const state = $momo.get();
  if (state.kind !== 'prove') return;
  try {
    await call(confirmMomoNumber, { body: { phone: state.phone, code } }, { token });
  } catch (error) {
    $momo.set({ ...state, problem: actionErrorMessage(error, SEND_FAILED) });
    return;
  }
  await sendPrompt(input, token, onPaid ?? (() => {}));
}

export async function checkPrompt(reference: string, token: string | null): Promise<void> {
  // A failed poll (a dropped connection) keeps the prompt open and asks again.
  try {
    show(await call(momoPromptStatus, { params: { reference } }, { token }), token);
  } catch {
    poll = setTimeout(() => void checkPrompt(reference, token), MOMO_POLL_MS);
  }
}

export async function sendVoucher(reference: string, otp: string, token: string | null): Promise<void> {
  await ask(() => call(submitMomoOtp, { body: { reference, otp } }, { token }), token);
}

/** TEST MODE: the test phone approves or declines, then the prompt is asked about at once. */
export async function answerOnTestPhone(reference: string, approve: boolean, token: string | null): Promise<void> {
  try {
    await call(answerTestPhone, { params: { reference }, body: { approve } });
  } finally {
    await checkPrompt(reference, token);
  }
}
