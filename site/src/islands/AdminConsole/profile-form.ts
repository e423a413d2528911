import { adminProfileSchema } from '../../../../contract/admin.ts';
import type { AdminProfileInput, AdminUser } from '../../../../contract/admin.ts';

export type ProfileForm = Required<{ [K in keyof AdminProfileInput]: string }>;
export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

/** The edit form starts from the user as the server has them (an affiliate cannot be edited here). */
export const toProfileForm = (user: AdminUser): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  type: user.type === 'professional' ? 'professional' : 'customer',
  status: user.status,
  location: user.location ?? '',
  description: user.description ?? '',
  profession: user.profession ?? '',
});

/** Checked with the contract's adminProfileSchema, the rule the server applies; the first error per field. */
export function readProfileForm(
  form: ProfileForm,
): { ok: true; profile: AdminProfileInput } | { ok: false; errors: ProfileErrors } {
  const input = { ...form, profession: form.type === 'professional' ? form.profession : '' };
  const parsed = adminProfileSchema.safeParse(input);
  if (parsed.success) return { ok: true, profile: input as AdminProfileInput };
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ProfileForm;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's field errors (`{field, message}`) in the same shape. */
export const serverFieldErrors = (errors: readonly { field: string; message: string }[]): ProfileErrors =>
  Object.fromEntries(errors.map((e) => [e.field, e.message])) as ProfileErrors;
