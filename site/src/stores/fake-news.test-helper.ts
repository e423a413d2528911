import type * as Events from './events.ts';
import type { LiveEventType } from './events.ts';

/** Who listens for which live news: store tests tell it news without a stream (stores/events.ts). */
const listening = new Set<{ types: readonly string[]; handler: (event: never) => void }>();

/** Tells every listener of `type` the news, as the stream would. */
export function tellNews(type: LiveEventType): void {
  for (const listener of [...listening]) if (listener.types.includes(type)) listener.handler({ type } as never);
}

/** stores/events.ts with `onUserEvent` heard by `tellNews`: `vi.mock('./events.ts', …)` in a store's test. */
export function withFakeNews(actual: typeof Events): typeof Events {
  return {
    ...actual,
    onUserEvent: (types, handler) => {
      const listener = { types, handler: handler as (event: never) => void };
      listening.add(listener);
      return () => listening.delete(listener);
    },
  };
}
