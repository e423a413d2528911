import { routePath } from '../../../../contract/api.ts';
import { PROFESSIONALS_PATHS, type ProfessionalDetail } from '../../../../contract/professionals.ts';
import { apiFetch } from '../../lib/api.ts';
import { useLoad } from '../../lib/load.ts';
import { failure } from '../../lib/outcome.ts';
import { $session } from '../../stores/session.ts';

/**
 * His own "Kept N of M jobs in the last 90 days", read from his public page's answer, so that the
 * Overview says exactly what customers read (docs/PRODUCT.md "Cancellations that count"). Only a
 * listed professional has a public page: otherwise nothing is said.
 */
export function KeptJobs({ id }: { id: number }) {
  const { load } = useLoad<string>(
    String(id),
    async ({ signal }) =>
      (
        await apiFetch<ProfessionalDetail>(routePath(PROFESSIONALS_PATHS.one, { id }), {
          token: $session.get().token,
          signal,
        })
      ).professional.reliability,
    { failure: (e) => failure(e).message },
  );
  if (load.state !== 'loaded') return null;
  return (
    <p className="dash-note">
      Your public page says: <strong>{load.data}</strong>.
    </p>
  );
}
