import type { LengthOffer, PlanLength } from '../../../contract/plans.ts';
import { offerText } from '../lib/prices.ts';
import './length-picker.css';

export interface LengthPickerProps {
  /** Every length with its price now (usePlanPrices().lengths[plan]). */
  offers: readonly LengthOffer[];
  value: PlanLength;
  onChange: (months: PlanLength) => void;
  /** The radio group's name: one per form. */
  name: string;
  disabled?: boolean;
}

/**
 * How many months to pay for (docs/PRODUCT.md "Paying months ahead"): 1, 3, 6 or 12, each with its
 * price in plain words ("6 months — ₵162.00"). Used by the subscription card, the sign-up wizard's
 * payment step and the sign-in page's unpaid-account panel; the server prices the payment itself.
 */
export function LengthPicker({ offers, value, onChange, name, disabled }: LengthPickerProps) {
  return (
    <fieldset className="len-picker" disabled={disabled}>
      <legend>How many months to pay for</legend>
      {offers.map((offer) => (
        <label key={offer.months} className="len-option">
          <input
            type="radio"
            name={name}
            value={offer.months}
            checked={value === offer.months}
            onChange={() => onChange(offer.months)}
          />
          <span>{offerText(offer)}</span>
        </label>
      ))}
    </fieldset>
  );
}
