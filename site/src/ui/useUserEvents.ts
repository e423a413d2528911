import { useEffect, useRef } from 'react';
import { onUserEvent } from '../stores/events.ts';
import type { LiveEventType, LiveHandler } from '../stores/events.ts';

/**
 * Calls `handler` for the signed-in user's live events of `types` while the component is mounted
 * (stores/events.ts); the latest handler is called, so it may read the latest props and state.
 */
export function useUserEvents<T extends LiveEventType>(types: readonly T[], handler: LiveHandler<T>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = types.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribe again only when the list of types changes, not for a new array with the same types
  useEffect(() => onUserEvent(types, (event) => latest.current(event)), [key]);
}
