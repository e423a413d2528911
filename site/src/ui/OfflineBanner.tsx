import { useStore } from '@nanostores/react';
import { $connection } from '../stores/connection.ts';
import { OFFLINE_WORDS } from '../../../contract/connection.ts';
import { seenAtLabel } from '../../../contract/dates.ts';
import './shell.css';

/** The banner's words: the time when what is on screen came from the server, if anything did. */
export function offlineBannerText(shownAt: number | null, now: number = Date.now()): string {
  return shownAt === null ? OFFLINE_WORDS.banner : OFFLINE_WORDS.bannerShowing(seenAtLabel(shownAt, now));
}

/**
 * The one "no connection" notice of a signed-in page (docs/PRODUCT.md "Working offline"), shown
 * while the phone is offline or calls get no answer; the parts of the page keep what they show.
 * Nothing on the first render (it must match the pre-rendered HTML), so it appears after hydration.
 */
export function OfflineBanner() {
  const { offline, shownAt } = useStore($connection, { ssr: 'initial' });
  return (
    <p className="offline-banner" role="status" hidden={!offline}>
      {offline ? offlineBannerText(shownAt) : ''}
    </p>
  );
}
