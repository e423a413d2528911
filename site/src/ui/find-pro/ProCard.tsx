import { useStore } from '@nanostores/react';
import type { ListingCard } from '../../../../contract/professionals.ts';
import { milesLabel, rateRange, ratingLabel, reviewsLabel } from '../../lib/format.ts';
import { $location } from '../../stores/location.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { $bookingTarget, $favourites, toggleFavourite } from '../../stores/find-pro.ts';

/** A professional's result card (docs/PRODUCT.md "Finding a professional"). */
export function ProCard({ pro, headingLevel = 3 }: { pro: ListingCard; headingLevel?: 3 | 4 }) {
  const favourites = useStore($favourites);
  const located = useStore($location);
  const saved = favourites.includes(pro.id);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const headingId = `pro-${pro.id}-name`;
  return (
    <article className="card fp-card" aria-labelledby={headingId}>
      <div className="fp-card-top">
        <div className="avatar-row">
          <Avatar name={pro.name} src={pro.avatar} />
          <div>
            {/* tabIndex -1: "Show more" moves focus to the first new card's name; not in the Tab order. */}
            <Heading id={headingId} className="fp-name" tabIndex={-1}>
              {pro.name}
            </Heading>
            <p className="fp-profession">{pro.profession}</p>
          </div>
        </div>
        <div className="fp-badges">
          {pro.verified ? <span className="cd-badge is-secondary">Verified</span> : null}
          {pro.available ? null : <span className="cd-badge is-destructive">Busy</span>}
        </div>
      </div>
      <p className="fp-meta">
        <span
          aria-label={
            pro.rating === null ? 'New professional, no reviews yet' : `Rated ${ratingLabel(pro.rating)} out of 5`
          }
        >
          <span aria-hidden="true">★ </span>
          {ratingLabel(pro.rating)}
        </span>
        <span> ({reviewsLabel(pro.reviews)})</span>
        {/* No city given: the position is the default city's, so a distance would mean nothing. */}
        {pro.distance !== null && pro.positionSource !== 'default' ? (
          <span>
            {' '}
            ·{' '}
            {milesLabel(pro.distance, { approximate: pro.positionSource === 'city' || located.status === 'fallback' })}
          </span>
        ) : null}
        <span> · {pro.location ?? 'Ghana'}</span>
      </p>
      <p className="fp-rate">{rateRange(pro.baseRate, pro.maxRate)}</p>
      {pro.skills.length > 0 ? (
        <ul className="fp-skills" aria-label="Skills">
          {pro.skills.slice(0, 4).map((skill) => (
            <li key={skill} className="cd-badge is-outline">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="fp-response">{pro.response ?? 'New on ServiceConnect: response time not measured yet'}</p>
      <p className="fp-response">{pro.reliability}</p>
      <div className="fp-actions">
        <button
          type="button"
          className="btn btn-sm action-button"
          disabled={!pro.available}
          onClick={() => $bookingTarget.set(pro)}
          aria-label={`Book Appointment with ${pro.name}`}
        >
          Book Appointment
        </button>
        <button
          type="button"
          className="btn btn-sm btn-line action-button"
          aria-pressed={saved}
          aria-label={`Save ${pro.name} to favourites`}
          onClick={() => void toggleFavourite(pro)}
        >
          {saved ? '♥ Saved' : '♡ Save'}
        </button>
      </div>
    </article>
  );
}
