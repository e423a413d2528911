import { useStore } from '@nanostores/react';
import { $connection } from '../stores/connection.ts';
import './shell.css';

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "10:42" today, "10:42 on 25 Nov" on another day: the phone's own clock and time zone. */
export function shownAtLabel(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  return new Date(now).toDateString() === when.toDateString()
    ? time
    : `${time} on ${when.getDate()} ${MONTHS[when.getMonth()]}`;
}

/** The banner's words: the time when what is on screen came from the server, if anything did. */
export function offlineBannerText(shownAt: number | null, now: number = Date.now()): string {
  return shownAt === null
    ? 'No connection. We will try again when you are back online.'
    : `No connection. Showing what was on screen at ${shownAtLabel(shownAt, now)}.`;
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
