import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CONTACT_CATEGORIES, CONTACT_USER_TYPES } from '../../../../contract/contact.ts';
import { $contactForm, sendContactMessage } from '../../stores/contact.ts';
import type { ContactField } from '../../stores/contact.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import './ContactForm.css';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';

function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: ContactField;
  label: string;
  required?: boolean;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="contact-field">
      <label htmlFor={`contact-${id}`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`contact-${id}-error`} className="contact-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props shared by every control: id, name, and the error wiring for assistive technology. */
function control(id: ContactField, error: string | undefined, required = false) {
  return {
    id: `contact-${id}`,
    name: id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `contact-${id}-error` : undefined,
  } as const;
}

function Form() {
  const { sending, errors } = useStore($contactForm);
  const formRef = useRef<HTMLFormElement>(null);
  // Send Message tapped before the island hydrated (it wakes when scrolled to) is carried out now (issue #27 item 5).
  useKeptTap(formRef);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Read what is in the fields now: it includes anything typed before hydration.
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      if (typeof value === 'string') values[key] = value;
    });
    const result = await sendContactMessage(values);
    if (result.ok) form.reset();
    else if (result.field) (form.elements.namedItem(result.field) as HTMLElement | null)?.focus();
  }

  return (
    <form
      ref={formRef}
      className="contact-form"
      aria-label="Contact support"
      method="post"
      data-keep-tap="contact"
      noValidate
      onSubmit={onSubmit}
      aria-busy={sending}
    >
      <div className="contact-row">
        <Field id="name" label="Name" required error={errors.name}>
          <input type="text" autoComplete="name" maxLength={100} {...control('name', errors.name, true)} />
        </Field>
        <Field id="email" label="Email" required error={errors.email}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            {...control('email', errors.email, true)}
          />
        </Field>
      </div>
      <div className="contact-row">
        <Field id="phone" label="Phone" error={errors.phone}>
          <input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={20}
            placeholder="0241234567"
            {...control('phone', errors.phone)}
          />
        </Field>
        <Field id="userType" label="I am a" error={errors.userType}>
          <select defaultValue="" {...control('userType', errors.userType)}>
            <option value="">Select…</option>
            {CONTACT_USER_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="contact-row">
        <Field id="category" label="Category" error={errors.category}>
          <select defaultValue="" {...control('category', errors.category)}>
            <option value="">Select a category</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="subject" label="Subject" error={errors.subject}>
          <input type="text" maxLength={200} {...control('subject', errors.subject)} />
        </Field>
      </div>
      <Field id="message" label="Message" required error={errors.message}>
        <textarea rows={5} maxLength={5000} {...control('message', errors.message, true)} />
      </Field>
      <button type="submit" className="btn contact-submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
      <KeptTapNote>Sending your message as soon as the page has finished loading…</KeptTapNote>
    </form>
  );
}

/** The support page's message form (docs/PRODUCT.md "Support": Support Center). */
export default function ContactForm() {
  return (
    <AppShell name="contact form">
      <Form />
    </AppShell>
  );
}
