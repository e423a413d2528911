import { useEffect, useRef } from 'react';

/** A ref for an error heading that takes focus when it appears (so screen readers read it). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Moves focus to the element when `key` changes to something truthy (not on first render). */
export function useFocusOn<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (key) ref.current?.focus();
  }, [key]);
  return ref;
}
