import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { CATEGORIES } from '../../../../contract/categories.ts';
import { NEARBY_RADIUS_MILES, SORTS } from '../../../../contract/professionals.ts';
import type { Sort } from '../../../../contract/professionals.ts';
import { $filters, setFilter } from '../../stores/find-pro.ts';

const SORT_LABELS: Record<Sort, string> = {
  distance: 'Distance',
  rating: 'Rating',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  reviews: 'Most reviews',
};

const SEARCH_DELAY_MS = 350;

/** Find Pro's search form: the words typed settle before they search; the rest search at once. */
export function FindFilters() {
  const filters = useStore($filters);
  const [typed, setTyped] = useState(filters.q);
  const ids = { q: useId(), category: useId(), sort: useId() };

  // Typing settles before searching (slow networks: one request, not one per letter).
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => setFilter('q', typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q]);

  return (
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
  );
}
