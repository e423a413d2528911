import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { capitalise, statusVariant } from '../../lib/format.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { $locatedHere } from '../../stores/location.ts';
import { ProCard } from '../find-pro/ProCard.tsx';
import { $favourites, fetchProfessionals } from '../../stores/find-pro.ts';
import { LOADING } from '../../lib/load.ts';
import { loadStores } from '../../stores/load-store.ts';
import { atom } from 'nanostores';
import { openTab } from './state.ts';
import type { CustomerRecord } from './state.ts';

const RECOMMENDED = 3;

/** The top rated professionals near a place, read when shown there. */
const recommendedNear = loadStores(
  async (near: { lat: number; lng: number }, signal) => {
    const items = await fetchProfessionals({ sort: 'rating', near }, signal);
    return [...items]
      .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviews - a.reviews)
      .slice(0, RECOMMENDED);
  },
  { failure: (error) => (error instanceof Error ? error.message : 'Could not load recommendations.') },
);
/** Nothing read while the place is not known. */
const $waiting = atom(LOADING);

/** Overview (docs/PRODUCT.md "Dashboards"): stat cards, Recent Bookings (3), Recommended for You (nearby, top rated). */
export function Overview({ record }: { record: CustomerRecord }) {
  const favourites = useStore($favourites);
  const ids = { stats: useId(), recent: useId() };
  const stats = [
    { label: 'Total bookings', value: String(record.totalBookings) },
    { label: 'Completed services', value: String(record.completedJobs) },
    { label: 'Total spent', value: formatCedis(record.totalSpent) },
    { label: 'Saved favourites', value: String(favourites.length) },
  ];
  return (
    <div className="cd-overview">
      <section aria-labelledby={ids.stats} className="cd-section">
        <h2 id={ids.stats} className="sr-only">
          Your figures
        </h2>
        <ul className="cd-stats" role="list">
          {stats.map((s) => (
            <li key={s.label} className="card cd-stat">
              <span className="cd-stat-label">{s.label}</span>
              <strong className="cd-stat-value">{s.value}</strong>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={ids.recent} className="cd-section">
        <div className="cd-row">
          <h2 id={ids.recent} className="cd-h2">
            Recent Bookings
          </h2>
          <button type="button" className="btn btn-sm btn-line action-button" onClick={() => openTab('bookings')}>
            View all
          </button>
        </div>
        {record.recentBookings.length === 0 ? (
          <div className="cd-panel">
            <p>No bookings yet.</p>
            <button type="button" className="btn btn-sm action-button" onClick={() => openTab('find')}>
              Find a professional
            </button>
          </div>
        ) : (
          <ul className="cd-list" role="list">
            {record.recentBookings.slice(0, 3).map((b) => (
              <li key={b.id}>
                <RecentBooking booking={b} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Recommended />
    </div>
  );
}

function RecentBooking({ booking: b }: { booking: Booking }) {
  return (
    <article className="card cd-booking-mini">
      <div className="cd-row">
        <h3 className="cd-h3">{b.service}</h3>
        <span className={`cd-badge is-${statusVariant(b.status)}`}>{capitalise(b.status)}</span>
      </div>
      <p className="cd-muted">
        {b.professionalName} · {dateLabel(b.date)} at {timeLabel(b.time)} · {formatCedis(b.totalAmount)}
      </p>
    </article>
  );
}

function Recommended() {
  const location = useStore($locatedHere);
  const headingId = useId();
  const known = location.status === 'ready' || location.status === 'fallback';
  const lat = location.coords?.lat;
  const lng = location.coords?.lng;
  const load = useStore(
    known && lat !== undefined && lng !== undefined ? recommendedNear({ lat, lng }).$load : $waiting,
  );

  return (
    <section aria-labelledby={headingId} className="cd-section">
      <h2 id={headingId} className="cd-h2">
        Recommended for You
      </h2>
      {!known || load.state === 'loading' ? (
        <p className="cd-muted" role="status">
          {known ? 'Finding professionals near you...' : 'Getting your location...'}
        </p>
      ) : load.state === 'failed' ? (
        <p className="cd-panel" role="status">
          {load.message}
        </p>
      ) : load.data.length === 0 ? (
        <div className="cd-panel">
          <p>No professionals near {location.city ?? 'you'} yet.</p>
          <button type="button" className="btn btn-sm action-button" onClick={() => openTab('find')}>
            Search all professionals
          </button>
        </div>
      ) : (
        <ul className="fp-list" role="list">
          {load.data.map((pro) => (
            <li key={pro.id}>
              <ProCard pro={pro} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
