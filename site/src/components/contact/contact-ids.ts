/** The ids the support form and its answer carry, shared by the HTML (contact-form.ts) and the page's script (contact-send.ts), which must not load the form's contract. */
export const CONTACT_FORM_ID = 'contact-form';
export const CONTACT_ANSWER_ID = 'contact-answer';
