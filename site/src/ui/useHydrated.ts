import { useEffect, useState } from 'react';

/**
 * False in the pre-rendered HTML and until the island has hydrated, then true. Forms keep their
 * submit buttons disabled until then: on slow 3G a tap before hydration would submit natively.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
