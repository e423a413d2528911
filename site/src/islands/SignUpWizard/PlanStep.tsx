import { useStore } from '@nanostores/react';
import { formatCedis } from '../../../../contract/money.ts';
import { PLANS } from '../../../../contract/plans.ts';
import type { PlanPrices, PlanType } from '../../../../contract/plans.ts';
import { $signupForm, updateField } from './store.ts';

/** Step 1: the subscription plan, each with its monthly price and what it gives. */
export function PlanStep({ prices }: { prices: PlanPrices['prices'] }) {
  const form = useStore($signupForm);
  return (
    <fieldset className="wizard-plans">
      <legend>Subscription plan</legend>
      {(Object.keys(PLANS) as PlanType[]).map((type) => {
        const plan = PLANS[type];
        return (
          <label key={type} className="pick wizard-plan">
            <input
              type="radio"
              name="userType"
              value={type}
              defaultChecked={form.userType === type}
              onChange={() => updateField('userType', type)}
            />
            <span className="pick-body">
              <span className="pick-title">
                <strong>{plan.name}</strong>
                {type === 'professional' ? <span className="badge">Popular</span> : null}
              </span>
              <span className="wizard-price">
                <strong>{formatCedis(prices[type])}</strong>/month
              </span>
              <span className="wizard-features">
                {plan.features.map((f) => (
                  <span key={f}>✓ {f}</span>
                ))}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
