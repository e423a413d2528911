import {
  CONTACT_CATEGORIES,
  CONTACT_FIELDS,
  sendContactMessage,
  CONTACT_USER_TYPES,
  type ContactField,
} from '../../../../contract/contact.ts';
import { CONTACT_ANSWER_ID, CONTACT_FORM_ID } from './contact-ids.ts';
import { escapeMarkup } from '../../../../contract/markup.ts';

/**
 * The support page's message form as plain HTML (docs/PRODUCT.md "Support"): the page draws it
 * empty at build time, and the API draws it again, with what was typed and what is wrong, when it
 * refuses a message (api/src/features/contact/pages.ts). It posts to the server without any
 * script; the page's small script only sends it without leaving the page (contact-send.ts).
 */
export type ContactValues = Partial<Record<ContactField, string>>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const idOf = (field: ContactField) => `contact-${field}`;

interface FieldSpec {
  label: string;
  required?: boolean;
  hint?: string;
  /** The control's own markup before its shared attributes (id, name, aria-*), and how it closes. */
  control: (value: string, attributes: string) => string;
}

const input = (type: string, extra: string) => (value: string, attributes: string) =>
  `<input type="${type}" ${extra}${attributes} value="${escapeMarkup(value)}">`;
const select =
  (first: string, options: readonly { value: string; label: string }[]) => (value: string, attributes: string) =>
    `<select${attributes}><option value="">${first}</option>${options
      .map((o) => `<option value="${o.value}"${o.value === value ? ' selected' : ''}>${escapeMarkup(o.label)}</option>`)
      .join('')}</select>`;

// The lengths are the schema's (contract/contact.ts): a browser never sends more than it takes.
const FIELDS: Record<ContactField, FieldSpec> = {
  name: { label: 'Name', required: true, control: input('text', 'autocomplete="name" maxlength="100" required') },
  email: {
    label: 'Email Address',
    required: true,
    control: input('email', 'autocomplete="email" inputmode="email" maxlength="254" required'),
  },
  phone: {
    label: 'Phone Number',
    hint: 'e.g. 0241234567 or +233241234567',
    control: input('tel', 'autocomplete="tel" inputmode="tel" maxlength="20"'),
  },
  userType: { label: 'I am a', control: select('Select…', CONTACT_USER_TYPES) },
  category: { label: 'Category', control: select('Select a category', CONTACT_CATEGORIES) },
  subject: { label: 'Subject', control: input('text', 'maxlength="200"') },
  message: {
    label: 'Message',
    required: true,
    control: (value, attributes) =>
      `<textarea rows="5" maxlength="5000" required${attributes}>${escapeMarkup(value)}</textarea>`,
  },
};

function fieldHtml(field: ContactField, value: string, error: string | undefined, focus: boolean): string {
  const spec = FIELDS[field];
  const id = idOf(field);
  const describedBy = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attributes = [
    ` id="${id}" name="${field}"`,
    describedBy ? ` aria-describedby="${describedBy}"` : '',
    error ? ' aria-invalid="true"' : '',
    focus ? ' autofocus' : '',
  ].join('');
  return [
    `<div class="field"><label for="${id}">${spec.label}${spec.required ? '<span aria-hidden="true"> *</span>' : ''}</label>`,
    spec.control(value, attributes),
    spec.hint ? `<p id="${id}-hint" class="field-hint">${spec.hint}</p>` : '',
    error ? `<p id="${id}-error" class="field-error">${escapeMarkup(error)}</p>` : '',
    '</div>',
  ].join('');
}

/** Fields side by side on a wide screen, as the page lays them out. */
const ROWS: ContactField[][] = [['name'], ['email', 'phone'], ['userType', 'category'], ['subject'], ['message']];

/**
 * The form, filled with `values` and with each of `errors` beside its field. The first field in
 * error gets `autofocus`, so that without any script the person lands on what to fix; `problem`
 * is what is wrong with the message as a whole (too many sent, another site's form).
 */
export function contactFormHtml({
  values = {},
  errors = {},
  problem,
}: {
  values?: ContactValues;
  errors?: ContactErrors;
  problem?: string;
} = {}): string {
  const firstWrong = CONTACT_FIELDS.find((field) => errors[field]);
  const row = (fields: ContactField[]) =>
    fields.map((field) => fieldHtml(field, values[field] ?? '', errors[field], field === firstWrong)).join('');
  return [
    `<form id="${CONTACT_FORM_ID}" class="contact-form" aria-label="Contact support" method="post" action="${sendContactMessage.path}" novalidate>`,
    problem ? `<p class="form-problem" role="alert" tabindex="-1">${escapeMarkup(problem)}</p>` : '',
    ROWS.map((fields) => (fields.length > 1 ? `<div class="field-row">${row(fields)}</div>` : row(fields))).join(''),
    '<p class="contact-status" role="status"></p>',
    '<button type="submit" class="btn contact-submit">Send Message</button>',
    '</form>',
  ].join('');
}

/** What a sent message's page says: that it arrived, when we answer, and its reference. */
export function contactAnswerHtml(answer: { message: string; reference: string }): string {
  return [
    `<section id="${CONTACT_ANSWER_ID}" class="card contact-answer" role="status" aria-labelledby="contact-answer-title">`,
    '<h2 id="contact-answer-title" tabindex="-1">Message Sent Successfully!</h2>',
    `<p>${escapeMarkup(answer.message)}</p>`,
    `<p>Your reference: <strong class="contact-reference">${escapeMarkup(answer.reference)}</strong></p>`,
    '<p>Quote it if you call or write to us about this message.</p>',
    '</section>',
  ].join('');
}
