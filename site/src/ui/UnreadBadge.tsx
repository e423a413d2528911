import './unread.css';

/**
 * The count of what arrived unseen, drawn beside a tab's or a button's label. The number is drawn
 * by CSS from `data-count`, so the label's text stays as it was; the control's accessible name says
 * it instead (`unreadName` in stores/unread.ts: "My Bookings, 2 unread").
 */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <span className="unread-badge" data-count={count > 99 ? '99+' : String(count)} aria-hidden="true" />;
}
