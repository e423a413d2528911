import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { dialogDepth, isOwnStep, pushEntry, stepBack } from '../lib/history-entries.ts';

/**
 * Opens the <dialog> behind the returned ref as a modal when the component mounts (focus stays
 * inside; Escape fires its cancel event), moves focus to `focusFirst` if given, and on unmount
 * closes it and gives focus back to the control that opened it. While open it is a history entry:
 * the phone's Back calls `onBack` (close it, as Cancel does) instead of leaving the page, and a
 * dialog closed otherwise takes its entry away again.
 */
export function useModalDialog(
  onBack: () => void,
  focusFirst?: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef(onBack);
  back.current = onBack;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog opens once, when it mounts
  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) {
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    }
    focusFirst?.current?.focus();
    // The entry's depth is known once it is pushed (a dialog closing just before may still be stepping back).
    let depth = 0;
    const cancelPush = pushEntry(undefined, () => {
      depth = dialogDepth() + 1;
      return { dialogDepth: depth };
    });
    const onPopState = (event: PopStateEvent) => {
      if (depth && !isOwnStep(event) && dialogDepth() < depth) back.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      cancelPush();
      if (depth && dialogDepth() >= depth) stepBack();
      if (node?.open) node.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return dialog;
}
