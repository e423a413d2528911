import type { ListingCard } from '../../../../contract/professionals.ts';
import { ratingLabel, reviewsLabel } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';

/** Who is booked (the dialog's title) and the close button. */
export function DialogHead({
  pro,
  titleId,
  onClose,
}: {
  pro: Pick<ListingCard, 'name' | 'avatar' | 'profession' | 'rating' | 'reviews'>;
  titleId: string;
  onClose: () => void;
}) {
  return (
    <header className="bd-head">
      <div className="avatar-row">
        <Avatar name={pro.name} src={pro.avatar} />
        <div>
          <h2 id={titleId} className="bd-title">
            Book {pro.name}
          </h2>
          <p className="bd-sub">
            {pro.profession} · <span aria-hidden="true">★ </span>
            {ratingLabel(pro.rating)} ({reviewsLabel(pro.reviews)})
          </p>
        </div>
      </div>
      <button type="button" className="bd-x" aria-label="Close booking dialog" onClick={onClose}>
        ×
      </button>
    </header>
  );
}
