import { useState } from 'react';
import { serverMessage } from '../../lib/api.ts';
import { focusedControl, useFocusBack } from '../../ui/useFocusBack.ts';
import { failureText } from './failures.ts';

export type Note = { ok: boolean; text: string } | null;

interface RunOptions<T> {
  /** Runs after success and failure alike (a list reloads from the server after a failure too). */
  after?: () => void;
  /** The failure in words (default: the server's message, or the network text). */
  failure?: (error: unknown) => string;
  /** The success in words (default: the server's message); null shows nothing. */
  success?: (answer: T) => string | null;
  /** The control to give focus back to when done (default: the one focused as the action starts). A confirmation dialog passes the button that opened it. */
  focusBack?: HTMLElement | null;
}

/**
 * Runs one change at a time: `busy` names the control at work (so only it says "…ing"), `note` is
 * the outcome. Resolves to the server's answer, or null when the change failed. The controls are
 * disabled meanwhile: focus goes back to the one used, unless something else took it.
 */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const origin = useFocusBack<HTMLElement>(busy !== null);
  async function run<T>(key: string, call: () => Promise<T>, options: RunOptions<T> = {}): Promise<T | null> {
    origin.current = options.focusBack ?? focusedControl();
    setBusy(key);
    setNote(null);
    try {
      const answer = await call();
      const text = options.success ? options.success(answer) : (serverMessage(answer) ?? 'Done.');
      setNote(text === null ? null : { ok: true, text });
      return answer;
    } catch (error) {
      setNote({ ok: false, text: (options.failure ?? failureText)(error) });
      return null;
    } finally {
      setBusy(null);
      options.after?.();
    }
  }
  return { busy, note, run };
}
