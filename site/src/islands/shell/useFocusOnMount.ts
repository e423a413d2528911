import { useEffect, useRef } from 'react';

/** A ref for an error heading that takes focus when it appears (so screen readers read it). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
