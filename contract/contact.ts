// zod/mini: the contract ships to phones, and mini is a quarter of classic zod's size in a bundle.
import * as z from 'zod/mini';
import { isGhanaPhone } from './phone.ts';
import { json, route, text } from './route.ts';

/** Support contact form (docs/PRODUCT.md "Support"). */
export const CONTACT_CATEGORIES = [
  { value: 'account', label: 'Account' },
  { value: 'payment', label: 'Payment' },
  { value: 'technical', label: 'Technical' },
  { value: 'professional', label: 'Professional' },
  { value: 'booking', label: 'Booking' },
  { value: 'safety', label: 'Safety' },
  { value: 'other', label: 'Other' },
] as const;

export const CONTACT_USER_TYPES = [
  { value: 'customer', label: 'Customer' },
  { value: 'professional', label: 'Professional' },
  { value: 'affiliate', label: 'Affiliate' },
  { value: 'administrator', label: 'Administrator' },
] as const;

export const CONTACT_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid Ghana phone number (e.g., 0241234567 or +233241234567)',
  successTitle: 'Message Sent Successfully!',
  failureTitle: 'Failed to Send Message',
  failureFallback: 'Please try again or contact us directly.',
  network: 'Network Error: Please check your connection and try again, or contact us via WhatsApp.',
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;
const required = (max: number) =>
  z
    .string({ error: CONTACT_MESSAGES.missing })
    .check(z.trim(), z.minLength(1, CONTACT_MESSAGES.missing), z.maxLength(max, tooLong(max)));
const optionalText = (max: number) =>
  z._default(z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))), '');

const enumValues = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];

export const contactSchema = z.object({
  name: required(100),
  email: z.pipe(required(254), z.email(CONTACT_MESSAGES.invalidEmail)),
  phone: z.pipe(
    optionalText(20),
    z.string().check(z.refine((p) => p === '' || isGhanaPhone(p), CONTACT_MESSAGES.invalidPhone)),
  ),
  subject: optionalText(200),
  category: z._default(z.optional(z.enum(enumValues(CONTACT_CATEGORIES))), 'other'),
  message: required(5000),
  userType: z.optional(z.enum(enumValues(CONTACT_USER_TYPES))),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export interface ContactResponse {
  success: true;
  message: string;
  reference: string;
}

/**
 * `send` takes JSON (an app) or the support page's plain form (application/x-www-form-urlencoded,
 * answered with pages); `sent` is the page a sent form is redirected to, with its reference.
 */
export const CONTACT_PATHS = { send: '/api/contact', sent: '/api/contact/sent' } as const;

/** The fields of the support page's form, in the order the page shows them. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'userType', 'category', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * A plain form's fields as the schema reads them: an empty select is "not chosen", so the
 * schema's default applies (the category "other", no "I am a").
 */
export function contactInputFromForm(form: Partial<Record<string, string>>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = form[field];
    if (value === undefined || ((field === 'category' || field === 'userType') && value === '')) continue;
    input[field] = value;
  }
  return input;
}

/**
 * A message to support (docs/PRODUCT.md "Support"), as JSON. The support page's plain form posts to
 * the same address and is answered with pages (its fields are read from the form, not this body).
 */
export const sendContactMessage = route({
  method: 'POST',
  path: '/api/contact',
  body: contactSchema,
  caller: 'anyone',
  answer: json<ContactResponse>(),
  status: 201,
  summary: 'A message to support; answers its reference.',
});

/** The page a sent plain form is redirected to, with the reference from its cookie. */
export const contactSentPage = route({
  method: 'GET',
  path: '/api/contact/sent',
  caller: 'anyone',
  answer: text('text/html'),
  summary: "The support form's page after sending: the message's reference.",
});
