import { useId } from 'react';
import type { customRateBounds } from '../../../../contract/bookings.ts';
import { formatCedis } from '../../../../contract/money.ts';
import type { ListingCard } from '../../../../contract/professionals.ts';

/** The professional's rates and, when negotiable, the switch and field for a proposed rate. */
export function RatePanel({
  pro,
  bounds,
  negotiate,
  onNegotiate,
  rate,
  onRate,
}: {
  pro: Pick<ListingCard, 'baseRate' | 'maxRate' | 'rateNegotiable'>;
  bounds: ReturnType<typeof customRateBounds>;
  negotiate: boolean;
  onNegotiate: () => void;
  rate: string;
  onRate: (rate: string) => void;
}) {
  const ids = { rate: useId(), rateHint: useId(), switchLabel: useId() };
  return (
    <section className="bd-rate" aria-label="Rate">
      <p className="bd-rate-main">
        {formatCedis(pro.baseRate)}–{formatCedis(pro.maxRate)} per hour
      </p>
      {pro.rateNegotiable ? (
        <>
          <p className="cd-muted">Rate is negotiable</p>
          <div className="bd-switch">
            <button
              type="button"
              role="switch"
              aria-checked={negotiate}
              aria-labelledby={ids.switchLabel}
              className="bd-switch-btn"
              onClick={onNegotiate}
            >
              <span className="bd-switch-knob" aria-hidden="true" />
            </button>
            <span id={ids.switchLabel} onClick={onNegotiate}>
              Negotiate custom rate
            </span>
          </div>
          {negotiate ? (
            <div className="cd-field">
              <label htmlFor={ids.rate}>Your proposed rate (₵ per hour)</label>
              <input
                id={ids.rate}
                type="number"
                inputMode="decimal"
                min={bounds.min}
                max={bounds.max}
                step="0.5"
                value={rate}
                aria-describedby={ids.rateHint}
                onChange={(e) => onRate(e.target.value)}
              />
              <p id={ids.rateHint} className="cd-muted">
                Suggested range: {formatCedis(bounds.suggestedMin)}–{formatCedis(bounds.suggestedMax)} per hour
              </p>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
