import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  getAdminSettings,
  type PlatformSettings,
  SETTING_LABELS,
  type SettingsResponse,
} from '../../../../contract/admin.ts';
import { DataList } from '../../ui/DataList.tsx';
import { saveSettings } from './admin-actions.ts';
import { ActionNote, dateTimeText, Loaded } from './parts.tsx';
import { readSettingsForm, SETTING_KEYS, toSettingsForm, WHOLE_KEYS } from './settings-form.ts';
import type { SettingsForm } from './settings-form.ts';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';
import { Card, Field, SubmitButton } from '../../ui/kit.tsx';

const SYSTEM_LABELS = {
  database: { postgresql: 'PostgreSQL', pglite: 'Embedded PostgreSQL (PGlite)' },
  payments: { paystack: 'Paystack (real payments)', sandbox: 'Sandbox (TEST MODE, no money moves)' },
} as const;

/** The form keeps what the server saved last (its answer to PUT), so the success note stays in view. */
function SettingsEditor({ answer }: { answer: SettingsResponse }) {
  const [form, setForm] = useState<SettingsForm>(() => toSettingsForm(answer.settings));
  const [updatedAt, setUpdatedAt] = useState(answer.updatedAt);
  const [errors, setErrors] = useState<Partial<Record<keyof PlatformSettings, string>>>({});
  const { busy, note, run } = useAction();
  const prefix = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = readSettingsForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = SETTING_KEYS.find((key) => checked.errors[key]);
      document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    setErrors({});
    const saved = await run('save', () => saveSettings(checked.settings));
    if (saved) {
      setForm(toSettingsForm(saved.settings));
      setUpdatedAt(saved.updatedAt);
    }
  }

  return (
    <form className="dash-stack" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy !== null}>
      <p className="dash-muted">
        Last changed: {updatedAt ? dateTimeText(updatedAt) : 'never (the defaults are in force)'}
      </p>
      <div className="admin-settings">
        {SETTING_KEYS.map((key) => {
          const id = `${prefix}-${key}`;
          const whole = WHOLE_KEYS.includes(key);
          return (
            <Field
              key={key}
              id={id}
              label={SETTING_LABELS[key].label}
              hint={`Takes effect: ${SETTING_LABELS[key].effect}`}
              error={errors[key]}
            >
              {(control) => (
                <input
                  {...control}
                  className="admin-input"
                  type="number"
                  inputMode={whole ? 'numeric' : 'decimal'}
                  step={whole ? 1 : 0.01}
                  min={0}
                  value={form[key]}
                  onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
                />
              )}
            </Field>
          );
        })}
      </div>
      <ActionNote note={note} />
      <div>
        <SubmitButton busy={busy !== null} busyLabel="Saving...">
          Save Settings
        </SubmitButton>
      </div>
    </form>
  );
}

/** Settings (docs/PRODUCT.md "Administrators"): the platform settings (with the discounts per length), saved with PUT /api/admin/settings, and system info. */
export default function SettingsTab() {
  const { load, retry } = useAdminData(getAdminSettings, {}, 'the settings');
  return (
    <Loaded load={load} what="the settings" onRetry={retry}>
      {(answer) => (
        <div className="dash-stack">
          <Card title="Platform settings">
            {/* Refresh Data brings the server's values back into the form. */}
            <SettingsEditor key={answer.system.serverTime} answer={answer} />
          </Card>
          <Card title="System information">
            <DataList
              rows={[
                ['Database', SYSTEM_LABELS.database[answer.system.database]],
                ['Payments', SYSTEM_LABELS.payments[answer.system.payments]],
                ['Version', answer.system.version],
                ['Server time', dateTimeText(answer.system.serverTime)],
              ]}
            />
          </Card>
        </div>
      )}
    </Loaded>
  );
}
