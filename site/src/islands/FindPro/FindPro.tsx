import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { CATEGORIES } from '../../../../contract/categories.ts';
import { NEARBY_RADIUS_MILES, SORTS } from '../../../../contract/professionals.ts';
import type { Sort } from '../../../../contract/professionals.ts';
import { $location } from '../../stores/location.ts';
import { ProCard } from './ProCard.tsx';
import { $filters, $more, $results, $searching, loadMore, searchAgain, setFilter } from '../../stores/find-pro.ts';
import './findpro.css';
import { countOf } from '../../../../contract/counts.ts';

const SORT_LABELS: Record<Sort, string> = {
  distance: 'Distance',
  rating: 'Rating',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  reviews: 'Most reviews',
};

const SEARCH_DELAY_MS = 350;

/** Where focus goes once "Show more" has settled: the first new card, the more button, or Try Again. */
type FocusTarget = { to: 'card'; id: number } | { to: 'more' } | { to: 'retry' } | null;

/** Focus is nowhere (the page body), or on a control of the "Show more" area, which comes and goes. */
const focusFree = (area: HTMLElement | null): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || (!!area && area.contains(active));
};

const shownLabel = (n: number) => `${countOf(n, 'professional')} shown`;

/** Find Pro (docs/PRODUCT.md "Finding a professional"): search, category, sort, the "Near me" toggle and the result cards. */
export function FindPro() {
  const filters = useStore($filters);
  const results = useStore($results);
  const searching = useStore($searching);
  const more = useStore($more);
  const location = useStore($location);
  const [typed, setTyped] = useState(filters.q);
  const ids = { q: useId(), category: useId(), sort: useId(), heading: useId() };
  const moreArea = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  // Typing settles before searching (slow networks: one request, not one per letter).
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => setFilter('q', typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q]);

  // The store searches by itself while the results are shown (stores/find-pro.ts), finding the position first.
  const locating = filters.near && (location.status === 'idle' || location.status === 'loading');

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

  const busy = locating || searching || results.state === 'loading';
  const loadingMore = more.status === 'loading';
  const items = results.state === 'loaded' ? results.data.items : [];
  return (
    <section className="fp" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="cd-h2">
        Find a Professional
      </h2>
      <form
        className="fp-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('q', typed);
        }}
      >
        <div className="cd-field fp-q">
          <label htmlFor={ids.q}>Search by name or profession</label>
          <input
            id={ids.q}
            type="search"
            value={typed}
            placeholder="e.g. plumber or Kofi"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="cd-field">
          <label htmlFor={ids.category}>Category</label>
          <select id={ids.category} value={filters.category} onChange={(e) => setFilter('category', e.target.value)}>
            <option value="">All Categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="cd-field">
          <label htmlFor={ids.sort}>Sort by</label>
          <select id={ids.sort} value={filters.sort} onChange={(e) => setFilter('sort', e.target.value as Sort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <label className="cd-check fp-near">
          <input type="checkbox" checked={filters.near} onChange={(e) => setFilter('near', e.target.checked)} />
          Near me ({NEARBY_RADIUS_MILES} miles)
        </label>
      </form>
      {filters.near ? <NearNote /> : null}
      <p className="cd-muted fp-status" role="status">
        {busy
          ? locating
            ? 'Finding your location...'
            : 'Searching professionals...'
          : results.state === 'loaded'
            ? items.length === 0
              ? `No professionals found${filters.near ? ` within ${NEARBY_RADIUS_MILES} miles` : ''}.`
              : shownLabel(items.length)
            : ''}
      </p>
      {results.state === 'failed' && !busy ? (
        <div className="cd-panel is-alert" role="alert">
          <p>{results.message}</p>
          <button type="button" className="btn btn-sm cd-button" onClick={searchAgain}>
            Try Again
          </button>
        </div>
      ) : items.length === 0 ? (
        busy ? null : (
          <p className="cd-panel">
            {filters.near
              ? 'Turn off "Near me" to search all of Ghana, or try another search.'
              : 'Try another name, profession or category.'}
          </p>
        )
      ) : (
        <>
          <ul className="fp-list" role="list" aria-label="Professionals" aria-busy={busy}>
            {items.map((pro) => (
              <li key={pro.id}>
                <ProCard pro={pro} />
              </li>
            ))}
          </ul>
          {busy ? null : (
            <div className="fp-more" ref={moreArea}>
              {more.status === 'error' ? (
                <div className="cd-panel is-alert" role="alert">
                  <p>{more.message}</p>
                  {more.refused ? (
                    <button type="button" className="btn btn-sm cd-button fp-more-retry" onClick={searchAgain}>
                      Search Again
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm cd-button fp-more-retry"
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
                  className="btn btn-line cd-button fp-more-button"
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
          )}
        </>
      )}
    </section>
  );
}

function NearNote() {
  const location = useStore($location);
  if (location.status === 'fallback') {
    return (
      <p className="cd-panel fp-note" role="status">
        {location.message} Distances are measured from the centre of {location.city ?? 'Accra'}, so they are
        approximate.
      </p>
    );
  }
  if (location.status === 'ready')
    return <p className="cd-muted fp-note">Showing professionals near {location.city}, Ghana.</p>;
  if (location.message)
    return (
      <p className="cd-muted fp-note" role="status">
        {location.message}
      </p>
    );
  return null;
}

export default FindPro;
