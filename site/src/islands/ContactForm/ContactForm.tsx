import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { FormEvent } from 'react';
import { CONTACT_CATEGORIES, CONTACT_USER_TYPES } from '../../../../contract/contact.ts';
import { $contactForm, sendContactMessage } from '../../stores/contact.ts';
import type { ContactField } from '../../stores/contact.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { Field, PersonFields, SubmitButton } from '../../ui/kit.tsx';
import './ContactForm.css';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';

const id = (field: ContactField) => `contact-${field}`;

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
      <PersonFields idPrefix="contact" names="one" errors={errors} inputProps={(field) => ({ name: field })} />
      <div className="field-row">
        <Field id={id('userType')} label="I am a" error={errors.userType}>
          {(control) => (
            <select defaultValue="" name="userType" {...control}>
              <option value="">Select…</option>
              {CONTACT_USER_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id('category')} label="Category" error={errors.category}>
          {(control) => (
            <select defaultValue="" name="category" {...control}>
              <option value="">Select a category</option>
              {CONTACT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id={id('subject')} label="Subject" error={errors.subject}>
        {(control) => <input type="text" name="subject" maxLength={200} {...control} />}
      </Field>
      <Field id={id('message')} label="Message" required error={errors.message}>
        {(control) => <textarea name="message" rows={5} maxLength={5000} required {...control} />}
      </Field>
      <SubmitButton busy={sending} busyLabel="Sending..." className="contact-submit">
        Send Message
      </SubmitButton>
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
