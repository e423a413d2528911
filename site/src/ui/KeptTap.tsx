import { useEffect, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import './kept-tap.css';

/** What site/src/components/kept-taps/kept-taps.js keeps: the forms tapped before hydration, and those whose island has taken over. */
interface KeptTaps {
  taps: Set<string>;
  live: Set<string>;
}

declare global {
  interface Window {
    keptTaps?: KeptTaps;
  }
}

/**
 * The island has hydrated: from now on the form's submissions are its own. True when a tap on the
 * form's submit button was kept before (the form's `data-keep-tap` name), which is then spent.
 */
export function takeKeptTap(form: HTMLFormElement): boolean {
  const name = form.dataset.keepTap;
  const kept = window.keptTaps;
  if (!name || !kept) return false;
  kept.live.add(name);
  form.removeAttribute('data-kept');
  return kept.taps.delete(name);
}

/**
 * Carries out a tap kept before the island hydrated (site/src/components/kept-taps/KeptTaps.astro):
 * once the island has adopted what was chosen and typed before it (its own mount effects, which run
 * first), the form is submitted as if tapped now. `stillWanted` can drop a tap that no longer
 * applies (the wizard was put on another step than the one tapped).
 */
export function useKeptTap(form: RefObject<HTMLFormElement | null>, stillWanted: () => boolean = () => true): void {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (form.current && takeKeptTap(form.current)) setKept(true);
  }, [form]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the kept tap is noted, after the render with what was adopted
  useEffect(() => {
    if (!kept) return;
    setKept(false);
    if (stillWanted()) form.current?.requestSubmit();
  }, [kept]);
}

/** Shown, by the form's submit button, only while a tap waits for the island (the form is marked `data-kept`). */
export function KeptTapNote({ children }: { children: ReactNode }) {
  return (
    <p className="kept-tap-note" role="status">
      {children}
    </p>
  );
}
