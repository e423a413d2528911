import { LoadFailed } from '../../ui/kit.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { $bookingCounts, $bookings, $bookingsStale, loadBookings, refreshBookings } from '../../stores/bookings.ts';
import { showingBookings } from '../../stores/unread.ts';
import { openTab } from './state.ts';
import { BookingCard } from './BookingCard.tsx';
import { FILTERS, filterAfterKey, filterBookings, noBookingsText } from './booking-card.ts';
import type { Filter } from './booking-card.ts';

/** My Bookings (docs/PRODUCT.md "Bookings", issue 4): sub-tabs, Message, Call, Cancel, Leave Review. */
export default function MyBookings({ user }: { user: SessionUser }) {
  const bookings = useStore($bookings);
  const stale = useStore($bookingsStale);
  const counts = useStore($bookingCounts);
  const [filter, setFilter] = useState<Filter>('all');
  const refs = useRef<Partial<Record<Filter, HTMLButtonElement | null>>>({});
  const base = useId();

  // The list is read and kept up to date by its store (stores/bookings.ts) while it is shown.
  useEffect(showingBookings, []);

  function onKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = filterAfterKey(event.key, index);
    if (!next) return;
    event.preventDefault();
    setFilter(next);
    refs.current[next]?.focus();
  }

  const all = bookings.state === 'loaded' ? bookings.data : [];
  const shown = filterBookings(all, filter);
  return (
    <section className="cd-section" aria-labelledby={`${base}-title`}>
      <div className="cd-row">
        <h2 id={`${base}-title`} className="cd-h2">
          My Bookings
        </h2>
        <div className="cd-actions cd-actions-tight">
          <button
            type="button"
            className="btn btn-sm btn-line cd-button"
            disabled={bookings.state === 'loading'}
            onClick={refreshBookings}
          >
            Refresh
          </button>
          <button type="button" className="btn btn-sm cd-button" onClick={() => openTab('find')}>
            Book New Service
          </button>
        </div>
      </div>
      <div className="cd-subtabs" role="tablist" aria-label="Filter bookings by status">
        {FILTERS.map((f, index) => (
          <button
            key={f.id}
            ref={(node) => {
              refs.current[f.id] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${f.id}`}
            aria-controls={`${base}-list`}
            aria-selected={filter === f.id}
            tabIndex={filter === f.id ? 0 : -1}
            className="cd-subtab"
            onClick={() => setFilter(f.id)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {f.label} ({counts[f.id]})
          </button>
        ))}
      </div>
      <div id={`${base}-list`} role="tabpanel" aria-labelledby={`${base}-tab-${filter}`}>
        {bookings.state === 'loading' ? (
          <p className="cd-muted" role="status">
            Loading your bookings...
          </p>
        ) : bookings.state === 'failed' ? (
          <LoadFailed message={bookings.message} onRetry={() => void loadBookings({ retry: true })} />
        ) : null}
        {bookings.state === 'loaded' && stale ? (
          <p className="cd-muted" role="status">
            Not refreshed: {stale}
          </p>
        ) : null}
        {bookings.state !== 'loaded' ? null : shown.length === 0 ? (
          <p className="cd-panel">{noBookingsText(filter)}</p>
        ) : (
          <ul className="cd-list" role="list">
            {shown.map((b) => (
              <li key={b.id}>
                {/* A cancelled booking leaves the Pending and Confirmed lists: focus goes to their tab. */}
                <BookingCard
                  booking={b}
                  user={user}
                  onCancelled={filter === 'all' ? undefined : () => refs.current[filter]?.focus()}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
