import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Outcome } from '../../lib/outcome.ts';

/** The first message for each field from a zod result's issues. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

type Checked<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The save of the professional's cards (rates, availability, profile): check with the contract's
 * schema (errors by field, nothing sent), then save; the server's success message goes to
 * `status`, its refusal to the fields and `errors.form`.
 */
export function useSaveForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit<T>(
    event: FormEvent,
    check: () => Checked<T>,
    save: (data: T) => Promise<Outcome>,
    onSaved?: () => void,
  ): Promise<void> {
    event.preventDefault();
    setStatus('');
    const parsed = check();
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    const outcome = await save(parsed.data);
    setSaving(false);
    if (outcome.ok) {
      setStatus(outcome.message);
      onSaved?.();
    } else {
      setErrors({ ...outcome.fields, form: outcome.message });
    }
  }

  return { errors, setErrors, status, setStatus, saving, submit };
}
