import { useEffect, useState } from 'react';

/**
 * False in the pre-rendered HTML and until the island has hydrated, then true. A form's submit
 * button is either kept disabled until then (on slow 3G a tap before hydration would submit
 * natively), or, for the forms a visitor meets first (sign-in, sign-up, affiliate sign-up, the
 * contact form), live at first paint with the tap kept for the island (KeptTap.tsx).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
