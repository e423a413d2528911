import { useStore } from '@nanostores/react';
import { DEFAULT_LOCATION, LOCATION_INDICATOR } from '../../../contract/location.ts';
import { $locatedHere } from '../stores/location.ts';
import './location.css';

/**
 * Where the dashboard searches from, in its header: "Getting location...", "{city}, Ghana" with a
 * Live badge when the device's own position is used, or, without one, the default city said
 * calmly ("Accra, Ghana (default)") beside "Location unavailable". Starts locating when shown.
 */
export function LocationIndicator() {
  const location = useStore($locatedHere);
  const fallback = location.status === 'fallback';
  const text =
    location.status === 'ready'
      ? LOCATION_INDICATOR.city(location.city ?? DEFAULT_LOCATION.city)
      : fallback
        ? location.home && location.city
          ? LOCATION_INDICATOR.homeCity(location.city)
          : LOCATION_INDICATOR.defaulted(location.city ?? DEFAULT_LOCATION.city)
        : LOCATION_INDICATOR.loading;
  return (
    <p className={fallback ? 'li-location is-default' : 'li-location'} role="status">
      <span className="li-pin" aria-hidden="true" />
      <span className="li-text">{text}</span>
      {location.live ? <span className="li-live">{LOCATION_INDICATOR.live}</span> : null}
      {fallback ? <span className="li-note">{LOCATION_INDICATOR.unavailable}</span> : null}
      {location.status === 'loading' && location.message ? <span className="li-note">{location.message}</span> : null}
    </p>
  );
}
