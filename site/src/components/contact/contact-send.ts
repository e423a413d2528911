import { CONTACT_ANSWER_ID, CONTACT_FORM_ID } from './contact-ids.ts';

/**
 * The support form without leaving the page, once this script has arrived (until then, and
 * without scripts, the form posts and the server answers with a page). It posts the same form,
 * reads the page the server answers with, and puts its answer (the reference) or the form again
 * (what is wrong, beside each field) where the form was. Nothing typed is lost when the line
 * drops: the form stays as it was, and says so.
 */
const NO_ANSWER =
  'No connection: your message is still here and was not sent. Send it again when you have a signal, or reach us on WhatsApp.';
const FAULT =
  'Something went wrong on our side: your message is still here and was not sent. Try again in a moment, or reach us on WhatsApp.';
const SENT_TIMEOUT_MS = 30_000;

async function send(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector('[role="status"]');
  if (form.getAttribute('aria-busy') === 'true') return;
  form.setAttribute('aria-busy', 'true');
  const label = button?.textContent ?? '';
  if (button) {
    button.disabled = true;
    button.textContent = 'Sending...';
  }
  if (status) status.textContent = '';
  try {
    const answer = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      signal: AbortSignal.timeout(SENT_TIMEOUT_MS),
    });
    const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const next = page.getElementById(CONTACT_ANSWER_ID) ?? page.getElementById(CONTACT_FORM_ID);
    if (next) {
      form.replaceWith(next);
      next.querySelector<HTMLElement>('[aria-invalid="true"], h2, [role="alert"]')?.focus();
    } else if (status) status.textContent = FAULT;
  } catch {
    // No answer at all (no signal, or none within the time): the form is as it was.
    if (status) status.textContent = NO_ANSWER;
  } finally {
    form.removeAttribute('aria-busy');
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
  }
}

// On the document: a form the server sent back replaces this one and is handled the same way.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== CONTACT_FORM_ID) return;
  event.preventDefault();
  void send(form);
});
