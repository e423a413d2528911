import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * Opens the <dialog> behind the returned ref as a modal when the component mounts (focus stays
 * inside; Escape fires its cancel event), moves focus to `focusFirst` if given, and on unmount
 * closes it and gives focus back to the control that opened it.
 */
export function useModalDialog(focusFirst?: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog opens once, when it mounts
  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) {
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    }
    focusFirst?.current?.focus();
    return () => {
      if (node?.open) node.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return dialog;
}
