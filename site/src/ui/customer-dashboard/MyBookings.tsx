import { LoadFailed } from '../../ui/kit.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { $bookingCounts, $bookings, $bookingsStale, retryBookings, refreshBookings } from '../../stores/bookings.ts';
import { showingBookings } from '../../stores/unread.ts';
import { openTab } from './state.ts';
import { BookingCard } from './BookingCard.tsx';
import { Tabs, tabId } from '../../ui/Tabs.tsx';
import { FILTERS, filterBookings, noBookingsText } from './booking-card.ts';
import type { Filter } from './booking-card.ts';

/** My Bookings (docs/PRODUCT.md "Bookings"): sub-tabs, Message, Call, Cancel, Leave Review. */
export default function MyBookings({ user }: { user: SessionUser }) {
  const bookings = useStore($bookings);
  const stale = useStore($bookingsStale);
  const counts = useStore($bookingCounts);
  const [filter, setFilter] = useState<Filter>('all');
  const base = useId();

  // The list is read and kept up to date by its store (stores/bookings.ts) while it is shown.
  useEffect(showingBookings, []);

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
            className="btn btn-sm btn-line action-button"
            disabled={bookings.state === 'loading'}
            onClick={refreshBookings}
          >
            Refresh
          </button>
          <button type="button" className="btn btn-sm action-button" onClick={() => openTab('find')}>
            Book New Service
          </button>
        </div>
      </div>
      <Tabs
        label="Filter bookings by status"
        idPrefix="cd-status"
        // Counted only once loaded: "(0)" before would read as "no bookings" (docs/PRODUCT.md "Working offline").
        tabs={FILTERS.map((f) => ({
          id: f.id,
          label: bookings.state === 'loaded' ? `${f.label} (${counts[f.id]})` : f.label,
        }))}
        active={filter}
        onChange={setFilter}
        className="dash-subtabs"
        panelStop={false}
      >
        {bookings.state === 'loading' ? (
          <p className="cd-muted" role="status">
            Loading your bookings...
          </p>
        ) : bookings.state === 'failed' ? (
          <LoadFailed message={bookings.message} onRetry={() => void retryBookings()} />
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
                  onCancelled={
                    filter === 'all' ? undefined : () => document.getElementById(tabId('cd-status', filter))?.focus()
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </section>
  );
}
