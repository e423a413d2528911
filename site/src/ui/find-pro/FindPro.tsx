import { LoadFailed } from '../../ui/kit.tsx';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { NEARBY_RADIUS_MILES } from '../../../../contract/professionals.ts';
import { $location } from '../../stores/location.ts';
import { FindFilters } from './FindFilters.tsx';
import { ProCard } from './ProCard.tsx';
import { ShowMore } from './ShowMore.tsx';
import { $filters, $results, $searching, searchAgain } from '../../stores/find-pro.ts';
import './findpro.css';
import { countOf } from '../../../../contract/counts.ts';

const shownLabel = (n: number) => `${countOf(n, 'professional')} shown`;

/** Find Pro (docs/PRODUCT.md "Finding a professional"): search, category, sort, the "Near me" toggle and the result cards. */
export function FindPro() {
  const filters = useStore($filters);
  const results = useStore($results);
  const searching = useStore($searching);
  const location = useStore($location);
  const headingId = useId();

  // The store searches by itself while the results are shown (stores/find-pro.ts), finding the position first.
  const locating = filters.near && (location.status === 'idle' || location.status === 'loading');

  const busy = locating || searching || results.state === 'loading';
  const items = results.state === 'loaded' ? results.data.items : [];
  return (
    <section className="fp" aria-labelledby={headingId}>
      <h2 id={headingId} className="cd-h2">
        Find a Professional
      </h2>
      <FindFilters />
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
        <LoadFailed message={results.message} onRetry={searchAgain} />
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
          {busy ? null : <ShowMore />}
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
