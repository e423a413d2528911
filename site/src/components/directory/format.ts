import type { PublicProfessional } from '../../../../contract/directory.ts';
import { rateRange, ratingLabel, reviewsLabel } from '../../lib/format.ts';

/** "KA" for "Kwame A.": shown in a circle where there is no photo (the islands' Avatar does the same). */
export { initials } from '../../../../contract/photos.ts';

export const rateText = (p: Pick<PublicProfessional, 'baseRate' | 'maxRate' | 'rateNegotiable'>): string =>
  `${rateRange(p.baseRate, p.maxRate)}${p.rateNegotiable ? ', negotiable' : ''}`;

export const ratingText = (p: Pick<PublicProfessional, 'rating' | 'reviews'>): string =>
  p.rating === null ? 'New: no reviews yet' : `★ ${ratingLabel(p.rating)} (${reviewsLabel(p.reviews)})`;
