import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $more, $results, loadMore, searchAgain } from '../../stores/find-pro.ts';

/** Where focus goes once "Show more" has settled: the first new card, the more button, or Try Again. */
type FocusTarget = { to: 'card'; id: number } | { to: 'more' } | { to: 'retry' } | null;

/** Focus is nowhere (the page body), or on a control of the "Show more" area, which comes and goes. */
const focusFree = (area: HTMLElement | null): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || (!!area && area.contains(active));
};

/** "Show more professionals", its Try Again, and where focus goes once more have come. */
export function ShowMore() {
  const results = useStore($results);
  const more = useStore($more);
  const moreArea = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  // After "Show more": a keyboard or screen reader user carries on from the first new card (its
  // name), not from the top of the page, where focus would fall when the button goes or changes.
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (!focusFree(moreArea.current)) return; // they moved on (e.g. typed a new search) meanwhile
    let target: HTMLElement | null | undefined;
    if (focusTarget.to === 'card') {
      target = document.getElementById(`pro-${focusTarget.id}-name`); // the card's name (ProCard makes it focusable)
    } else {
      target = moreArea.current?.querySelector<HTMLElement>(
        focusTarget.to === 'more' ? '.fp-more-button' : '.fp-more-retry',
      );
    }
    target?.focus();
  }, [focusTarget]);

  async function showMore(from: 'more' | 'retry') {
    // Try Again gives way to the "Loading more..." button: focus follows it rather than falling to the page.
    if (from === 'retry') setFocusTarget({ to: 'more' });
    const outcome = await loadMore();
    if (outcome.ok) {
      const shown = $results.get();
      const last = shown.state === 'loaded' ? shown.data.items.at(-1) : undefined;
      const id = outcome.firstNewId ?? last?.id; // nothing new: stay at the end of the list
      if (id !== undefined) setFocusTarget({ to: 'card', id });
    } else if (!outcome.aborted) {
      setFocusTarget({ to: 'retry' });
    }
  }

  const loadingMore = more.status === 'loading';
  return (
    <div className="fp-more" ref={moreArea}>
      {more.status === 'error' ? (
        <div className="cd-panel is-alert" role="alert">
          <p>{more.message}</p>
          {more.refused ? (
            <button type="button" className="btn btn-sm action-button fp-more-retry" onClick={searchAgain}>
              Search Again
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm action-button fp-more-retry"
              onClick={() => void showMore('retry')}
            >
              Try Again
            </button>
          )}
        </div>
      ) : results.state === 'loaded' && results.data.nextCursor ? (
        // aria-disabled rather than disabled while loading: a disabled button would drop focus to the page.
        <button
          type="button"
          className="btn btn-line action-button fp-more-button"
          aria-disabled={loadingMore}
          aria-busy={loadingMore}
          onClick={() => {
            if (!loadingMore) void showMore('more');
          }}
        >
          {loadingMore ? 'Loading more...' : 'Show more professionals'}
        </button>
      ) : null}
    </div>
  );
}
