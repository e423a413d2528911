import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ratesSchema } from '../../../../contract/professionals.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { rateSummary } from '../../lib/dashboard-format.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { saveRates } from '../../stores/professional.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { useSaveForm } from './useSaveForm.ts';
import { Card, FormProblem } from '../../ui/kit.tsx';

/**
 * Rate Management (docs/PRODUCT.md "Dashboards": Professional dashboard): inputs are disabled until
 * Edit Rates; a live preview; Save sends PUT /api/professional/rates, Cancel restores.
 */
export function RateCard({ record }: { record: ProfessionalRecord }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [base, setBase] = useState(String(record.baseRate));
  const [max, setMax] = useState(String(record.maxRate));
  const [negotiable, setNegotiable] = useState(record.rateNegotiable);
  const { errors, setErrors, status, setStatus, saving, submit } = useSaveForm();
  // Edit Rates gives way to Save and Cancel: focus moves to the first rate, and back to Edit Rates
  // when the form is left (saved or cancelled) rather than being lost with the button.
  const baseInput = useFocusOn<HTMLInputElement>(editing);
  const editButton = useFocusOn<HTMLButtonElement>(!editing);

  function restore() {
    setBase(String(record.baseRate));
    setMax(String(record.maxRate));
    setNegotiable(record.rateNegotiable);
    setErrors({});
    setEditing(false);
  }

  const onSubmit = (event: FormEvent) =>
    submit(
      event,
      () =>
        ratesSchema.safeParse({
          baseRate: base.trim() === '' ? 0 : Number(base),
          maxRate: max.trim() === '' ? 0 : Number(max),
          rateNegotiable: negotiable,
        }),
      saveRates,
      () => setEditing(false),
    );

  const b = Number(base);
  const m = Number(max);
  const preview =
    Number.isFinite(b) && Number.isFinite(m) && base !== '' && max !== ''
      ? rateSummary(b, m, negotiable, (n) => formatCedis(n))
      : '—';
  const field = (name: 'baseRate' | 'maxRate', label: string, value: string, set: (v: string) => void) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label} (₵ per hour)</label>
      <input
        ref={name === 'baseRate' ? baseInput : undefined}
        id={`${id}-${name}`}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        value={value}
        disabled={!editing}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Card title="Rate Management">
      <form className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field-row">
          {field('baseRate', 'Base rate', base, setBase)}
          {field('maxRate', 'Maximum rate', max, setMax)}
        </div>
        <label className="wizard-check">
          <input
            type="checkbox"
            role="switch"
            checked={negotiable}
            disabled={!editing}
            onChange={(e) => setNegotiable(e.target.checked)}
          />
          <span>Rate is negotiable</span>
        </label>
        <p className="dash-preview">
          <span className="dash-muted">Customers see: </span>
          <output aria-label="Rate preview">{preview}</output>
        </p>
        <FormProblem message={errors.form} />
        <div className="form-actions">
          {editing ? (
            <>
              {/* Keys keep React from turning the clicked Edit button into this submit button (which would submit). */}
              <button key="save" type="submit" className="btn action-button" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </button>
              <button
                key="cancel"
                type="button"
                className="btn btn-line action-button"
                onClick={restore}
                disabled={saving}
              >
                Cancel
              </button>
            </>
          ) : (
            <button
              ref={editButton}
              key="edit"
              type="button"
              className="btn btn-line action-button"
              onClick={() => {
                setStatus('');
                setEditing(true);
              }}
            >
              Edit Rates
            </button>
          )}
        </div>
        <p role="status" className="form-status">
          {status}
        </p>
      </form>
    </Card>
  );
}
