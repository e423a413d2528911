import { useStore } from '@nanostores/react';
import { getProfessional } from '../../../../contract/professionals.ts';
import { failure } from '../../lib/outcome.ts';
import { routeLoad } from '../../stores/load-store.ts';

/** His public page's "kept" line. */
const keptOf = routeLoad(getProfessional, {
  select: (answer) => answer.professional.reliability,
  failure: (e) => failure(e).message,
});

/**
 * His own "Kept N of M jobs in the last 90 days", read from his public page's answer, so that the
 * Overview says exactly what customers read (docs/PRODUCT.md "Cancellations that count"). Only a
 * listed professional has a public page: otherwise nothing is said.
 */
export function KeptJobs({ id }: { id: number }) {
  const load = useStore(keptOf({ params: { id } }).$load);
  if (load.state !== 'loaded') return null;
  return (
    <p className="dash-note">
      Your public page says: <strong>{load.data}</strong>.
    </p>
  );
}
