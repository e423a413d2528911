import { useEffect, useRef, useState } from 'react';

export const COPY_CONFIRM_MS = 2000; // "Copied!" shows for 2 s

/**
 * Copies text to the clipboard and remembers what was copied for 2 s (`copied`), or says how to
 * copy by hand when the browser refuses (`note`).
 */
export function useCopy<K extends string>(): {
  copied: K | null;
  note: string;
  copy: (kind: K, text: string) => Promise<void>;
} {
  const [copied, setCopied] = useState<K | null>(null);
  const [note, setNote] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(kind: K, text: string) {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setNote('');
      setCopied(kind);
      timer.current = setTimeout(() => setCopied(null), COPY_CONFIRM_MS);
    } catch {
      setCopied(null);
      setNote('Copying is not available here: press and hold the text to copy it.');
    }
  }
  return { copied, note, copy };
}
