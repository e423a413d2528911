import { useEffect, useRef } from 'react';

/** The control that has focus now (as an action starts), if any. */
export const focusedControl = (): HTMLElement | null =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;

/**
 * A control disabled while its action runs loses focus: the browser moves it to the page body, and
 * the next Tab starts again from the top of the page. Give the returned ref to the control (or set
 * it to `focusedControl()` as the action starts): when `busy` ends with focus still nowhere, focus
 * goes back to it.
 */
export function useFocusBack<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T | null>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasBusy.current && !busy && lost && ref.current?.isConnected) ref.current.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}
