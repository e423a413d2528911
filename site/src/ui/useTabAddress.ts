import { useLayoutEffect, useRef } from 'react';
import { isOwnStep, pushEntry } from '../lib/history-entries.ts';

/**
 * A dashboard's tabs as history entries (docs/PRODUCT.md "Dashboards"): the open tab is in the
 * address (`?tab=jobs`; none for the first tab), so a shared or reloaded address opens that tab,
 * choosing a tab adds an entry, and the phone's Back returns to the tab before. `tab` and `show`
 * are the dashboard's own state (a useState or a store); this only keeps the address in step.
 */
export function useTabAddress<T extends string>(tabs: readonly T[], tab: T, show: (tab: T) => void): void {
  const first = tabs[0];
  const inAddress = (): T => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return tabs.find((t) => t === asked) ?? first;
  };
  const address = (wanted: T) => {
    const url = new URL(window.location.href);
    if (wanted === first) url.searchParams.delete('tab');
    else url.searchParams.set('tab', wanted);
    return `${url.pathname}${url.search}${url.hash}`;
  };
  const shown = useRef<T | null>(null);

  // A layout effect: it runs before any part's own effects (a dialog that opens at once adds its
  // entry in one), so the address is settled before anything is pushed above it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dashboard appears
  useLayoutEffect(() => {
    // The address's tab wins on arrival; an address naming no tab (or an unknown one) says the one
    // shown. A tab other than the first already shown on arrival (the booking chosen before sign-in
    // opens Find Services) goes in an entry above the first tab's, whether it was set before or
    // after the dashboard appeared: Back returns to the first tab before leaving.
    const wanted = inAddress();
    const named = new URLSearchParams(window.location.search).has('tab');
    if (named && wanted !== tab) show(wanted);
    else if (!named && tab !== first) {
      window.history.replaceState(window.history.state, '', address(first));
      pushEntry(address(tab), () => ({ dialogDepth: 0 }));
    } else window.history.replaceState(window.history.state, '', address(tab));
    // A dialog stepping back over its own entry lands on this same tab: nothing to show.
    const onPopState = (event: PopStateEvent) => {
      if (!isOwnStep(event)) show(inAddress());
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // A tab chosen on the page is a new entry; one shown because of the address (arrival, Back) is not.
  // A layout effect too: a dialog opened with the tab (the booking dialog from ?book=) adds its entry
  // in a later effect, so it goes above the tab's. The tab's entry carries no dialog's mark.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the tab shown
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = tab;
    if (before !== null && inAddress() !== tab) pushEntry(address(tab), () => ({ dialogDepth: 0 }));
  }, [tab]);
}
