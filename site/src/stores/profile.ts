import type { SessionUser } from '../../../contract/account-types.ts';
import { PROFILE_MESSAGES, profileSchema } from '../../../contract/profile.ts';
import { ApiError, DASHBOARD_MESSAGES, NetworkError, TimeoutError } from '../lib/api.ts';
import { $session, mergeUser } from './session.ts';
import { saveProfile } from '../../../contract/professionals.ts';
import { call } from '../lib/call.ts';

/** What customers and affiliates edit on Profile (docs/PRODUCT.md "Profile"); never the email. */
export interface ContactDetails {
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
}

/** The editable details of a dashboard record (empty fields as ''). */
export const contactDetailsOf = (record: {
  firstName: string;
  lastName: string;
  phone: string | null;
  location: string | null;
}): ContactDetails => ({
  firstName: record.firstName,
  lastName: record.lastName,
  phone: record.phone ?? '',
  location: record.location ?? '',
});

export type SaveOutcome =
  | { ok: true; message: string; user: SessionUser }
  | { ok: false; message: string; fields: Record<string, string> };

const CHECK_FIELDS = 'Please check the fields marked below.';

/** The first message for each field named in `issues` (zod's or the server's). */
function byField(issues: readonly { field: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field] ??= issue.message;
  return fields;
}

/**
 * PUT /api/profile with the contract's schema checked first (the server checks it again). On
 * success the session's stored user takes the new name and phone, and the dashboards' cached
 * records are dropped so the next read shows the change.
 */
export async function saveContactDetails(details: ContactDetails): Promise<SaveOutcome> {
  const parsed = profileSchema.safeParse(details);
  if (!parsed.success) {
    return {
      ok: false,
      message: CHECK_FIELDS,
      fields: byField(parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'form'), message: i.message }))),
    };
  }
  try {
    const answer = await call(saveProfile, { body: parsed.data }, { token: $session.get().token });
    mergeUser(answer.user);
    return { ok: true, message: answer.message ?? PROFILE_MESSAGES.saved, user: answer.user };
  } catch (error) {
    if (error instanceof ApiError) {
      const fields = byField(error.fieldErrors);
      return { ok: false, message: Object.keys(fields).length ? CHECK_FIELDS : error.message, fields };
    }
    if (error instanceof TimeoutError)
      return { ok: false, message: `${DASHBOARD_MESSAGES.timeout} Your changes are still in the form.`, fields: {} };
    if (error instanceof NetworkError)
      return {
        ok: false,
        message: `${DASHBOARD_MESSAGES.unreachable} Your changes are still in the form.`,
        fields: {},
      };
    return {
      ok: false,
      message: 'Something went wrong. Please try again; your changes are still in the form.',
      fields: {},
    };
  }
}
