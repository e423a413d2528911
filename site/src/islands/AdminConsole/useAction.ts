import { useState } from 'react';
import { failureText } from './failures.ts';

export type Note = { ok: boolean; text: string } | null;

/**
 * Runs one change at a time: `busy` names the control at work (so only it says "…ing"), `note` is
 * the server's answer or the failure, and `after` runs either way (a list reloads from the server
 * after a failure too, so it shows what the server has).
 */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  async function run<T>(key: string, call: () => Promise<T & { message?: string }>, options: { after?: () => void; failure?: (error: unknown) => string; success?: (answer: T) => string } = {}): Promise<T | null> {
    setBusy(key);
    setNote(null);
    try {
      const answer = await call();
      setNote({ ok: true, text: options.success?.(answer) ?? answer.message ?? 'Done.' });
      return answer;
    } catch (error) {
      setNote({ ok: false, text: (options.failure ?? failureText)(error) });
      return null;
    } finally {
      setBusy(null);
      options.after?.();
    }
  }
  return { busy, note, setNote, run };
}
