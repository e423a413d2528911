import { map } from 'nanostores';
import { CONTACT_MESSAGES, CONTACT_PATHS, type ContactResponse, contactSchema } from '../../../contract/contact.ts';
import { ApiError, apiFetch, NetworkError, serverMessage, TimeoutError } from '../lib/api.ts';
import { $session } from './session.ts';
import { showToast } from './toast.ts';

/**
 * The support contact form (docs/PRODUCT.md "Support"): its busy flag and field errors, and the action
 * that validates with the shared contactSchema, sends POST /api/contact and reports by toast.
 * The typed values stay in the form itself (uncontrolled inputs), so nothing typed is lost on a
 * failure, nor when someone types before the island has hydrated on a slow connection.
 */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'category', 'userType', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ContactFormState {
  sending: boolean;
  errors: Partial<Record<ContactField, string>>;
}

export const $contactForm = map<ContactFormState>({ sending: false, errors: {} });

export type ContactResult = { ok: true } | { ok: false; field?: ContactField };

const isField = (name: unknown): name is ContactField => CONTACT_FIELDS.includes(name as ContactField);

/** Form values as strings; empty selects become "not given" so the schema applies its defaults. */
function toInput(values: Partial<Record<string, string>>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field] ?? '';
    if ((field === 'category' || field === 'userType') && value === '') continue;
    input[field] = value;
  }
  return input;
}

export async function sendContactMessage(values: Partial<Record<string, string>>): Promise<ContactResult> {
  if ($contactForm.get().sending) return { ok: false };
  const parsed = contactSchema.safeParse(toInput(values));
  if (!parsed.success) {
    const errors: ContactFormState['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = issue.message;
    }
    $contactForm.setKey('errors', errors);
    const missing = parsed.error.issues.some((issue) => issue.message === CONTACT_MESSAGES.missing);
    const first = parsed.error.issues[0];
    showToast(
      missing
        ? { title: CONTACT_MESSAGES.missingTitle, description: CONTACT_MESSAGES.missing, variant: 'destructive' }
        : { title: first?.message ?? CONTACT_MESSAGES.missing, variant: 'destructive' },
    );
    const firstField = CONTACT_FIELDS.find((field) => errors[field]);
    return firstField ? { ok: false, field: firstField } : { ok: false };
  }

  $contactForm.set({ sending: true, errors: {} });
  try {
    // Signed in, the message is kept with the account (it shows in "Download my data").
    const response = await apiFetch<ContactResponse>(CONTACT_PATHS.send, {
      method: 'POST',
      body: parsed.data,
      token: $session.get().token ?? undefined,
    });
    showToast({
      title: CONTACT_MESSAGES.successTitle,
      description: [response.message, `Reference: ${response.reference}`].filter(Boolean).join('\n'),
      variant: 'success',
      duration: 0, // the reference is worth keeping on screen until the user dismisses it
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) {
      showToast({
        title: CONTACT_MESSAGES.failureTitle,
        description: CONTACT_MESSAGES.network,
        variant: 'destructive',
      });
      return { ok: false };
    }
    const errors: ContactFormState['errors'] = {};
    if (error instanceof ApiError) {
      for (const { field, message } of error.fieldErrors) if (isField(field) && !errors[field]) errors[field] = message;
    }
    $contactForm.setKey('errors', errors);
    showToast({
      title: CONTACT_MESSAGES.failureTitle,
      description: (error instanceof ApiError && serverMessage(error.body)) || CONTACT_MESSAGES.failureFallback,
      variant: 'destructive',
    });
    const firstField = CONTACT_FIELDS.find((field) => errors[field]);
    return firstField ? { ok: false, field: firstField } : { ok: false };
  } finally {
    $contactForm.setKey('sending', false);
  }
}
