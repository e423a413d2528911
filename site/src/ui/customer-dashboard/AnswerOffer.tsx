import { useStore } from '@nanostores/react';
import { $bookings } from '../../stores/bookings.ts';
import { PushOfferCard } from '../../ui/PushCards.tsx';

/**
 * After a booking request: "Get a notification on this phone when Ekow answers" (docs/PRODUCT.md
 * "Notifications on the phone"), while a request to him still waits for his answer. Once he has
 * answered (accepted, declined, proposed another time) or the request has ended, the offer goes:
 * the bookings list follows the live stream, so it goes as the answer arrives.
 */
export default function AnswerOffer({ professional }: { professional: { name: string; id: number } }) {
  const bookings = useStore($bookings);
  const waiting =
    bookings.state !== 'loaded' ||
    bookings.data.some((b) => b.professionalId === professional.id && b.status === 'pending' && b.proposal === null);
  if (!waiting) return null;
  return (
    <PushOfferCard
      offer="booking"
      text={`Get a notification on this phone when ${professional.name} answers`}
      className="card cd-section dash-card"
      reveal
    />
  );
}
