import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ussdPinSchema } from '../../../../contract/ussd-pin.ts';
import { Card, Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import { useSaveForm } from './useSaveForm.ts';
import { saveUssdPin } from './ussd-pin.ts';

/**
 * The phone menu's PIN (docs/PRODUCT.md "The phone menu (USSD)", "Profile"): 4 digits typed twice,
 * set or changed here without the code the first dial texts.
 */
export function UssdPinCard() {
  const id = useId();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, status, saving, submit } = useSaveForm();

  const onSubmit = (event: FormEvent) =>
    submit(
      event,
      () => ussdPinSchema.safeParse({ pin, repeat }),
      (data) => saveUssdPin(data.pin, data.repeat),
      () => {
        setPin('');
        setRepeat('');
      },
    );

  const digits = (set: (value: string) => void) => (event: { currentTarget: HTMLInputElement }) =>
    set(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));

  const pinFields = [
    { name: 'pin', label: 'New PIN', value: pin, set: setPin },
    { name: 'repeat', label: 'New PIN again', value: repeat, set: setRepeat },
  ] as const;

  return (
    <Card title="Phone menu PIN" className="dash-card">
      <p className="field-hint">For the menu you dial on any phone. 4 digits; keep it secret.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormProblem message={errors.form} />
        {pinFields.map(({ name, label, value, set }) => (
          <Field key={name} id={`${id}-${name}`} label={label} error={errors[name]}>
            {(control) => (
              <input
                {...control}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={value}
                onChange={digits(set)}
              />
            )}
          </Field>
        ))}
        <SubmitButton busy={saving} busyLabel="Saving…">
          Save PIN
        </SubmitButton>
        <p role="status" className="form-status">
          {status}
        </p>
      </form>
    </Card>
  );
}
