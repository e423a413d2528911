import { atom } from 'nanostores';
import { MOMO_POLL_MS, type MomoNetworkCode, type MomoPromptResponse } from '../../../../contract/momo.ts';
import { actionErrorMessage, apiFetch, clearQueryCache } from '../../lib/api.ts';

/**
 * A renewal by mobile-money prompt from the dashboard (issue #20): send the prompt, type Telecel's
 * voucher if asked, and ask how it stands every few seconds until it is paid, failed or expired.
 * One prompt at a time per page, so one store.
 */
export type MomoState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'open'; answer: MomoPromptResponse }
  | { kind: 'paid'; answer: MomoPromptResponse }
  | { kind: 'failed'; message: string };

export const $momo = atom<MomoState>({ kind: 'idle' });

const SEND_FAILED = 'Could not send the prompt. Check your connection and try again.';
let poll: ReturnType<typeof setTimeout> | undefined;
let onPaid: (() => void) | undefined;

function show(answer: MomoPromptResponse, token: string | null): void {
  clearTimeout(poll);
  if (answer.status === 'success') {
    clearQueryCache('/api/customer-data/');
    clearQueryCache('/api/professional-data/');
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

export async function sendPrompt(
  input: { phone: string; provider: MomoNetworkCode; months?: number },
  token: string | null,
  paid: () => void,
): Promise<void> {
  if ($momo.get().kind === 'sending') return;
  onPaid = paid;
  $momo.set({ kind: 'sending' });
  await ask(
    () => apiFetch<MomoPromptResponse>('/api/subscription/momo', { method: 'POST', body: input, token }),
    token,
  );
}

export async function checkPrompt(reference: string, token: string | null): Promise<void> {
  // A failed poll (a dropped connection) keeps the prompt open and asks again.
  try {
    show(
      await apiFetch<MomoPromptResponse>(`/api/subscription/momo/${encodeURIComponent(reference)}`, { token }),
      token,
    );
  } catch {
    poll = setTimeout(() => void checkPrompt(reference, token), MOMO_POLL_MS);
  }
}

export async function sendVoucher(reference: string, otp: string, token: string | null): Promise<void> {
  await ask(
    () =>
      apiFetch<MomoPromptResponse>('/api/subscription/momo/otp', { method: 'POST', body: { reference, otp }, token }),
    token,
  );
}

/** TEST MODE: the test phone approves or declines, then the prompt is asked about at once. */
export async function answerOnTestPhone(reference: string, approve: boolean, token: string | null): Promise<void> {
  try {
    await apiFetch(`/api/sandbox/momo/${encodeURIComponent(reference)}`, { method: 'POST', body: { approve } });
  } finally {
    await checkPrompt(reference, token);
  }
}
