import { Field, FormProblem } from './kit.tsx';

/** Parts shared by the sign-up and affiliate wizards; their fields are the kit's (site/src/ui/kit.tsx). */
export { Field };

/** The wizard's alert: the kit's form problem, taking focus when its message changes. */
export function Alert({ message }: { message: string }) {
  return <FormProblem message={message} takeFocus />;
}

/**
 * Copies what the form's controls hold into the store: what was chosen or typed before the island
 * hydrated (the inputs are uncontrolled, so hydration leaves them as they are).
 */
export function captureForm(form: HTMLFormElement, set: (name: string, value: string | boolean) => void): void {
  for (const el of Array.from(form.elements)) {
    if (
      !(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) ||
      !el.name
    )
      continue;
    if (el instanceof HTMLInputElement && el.type === 'file') continue;
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked) set(el.name, el.value);
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked) set(el.name, true);
    } else if (el.value) {
      set(el.name, el.value);
    }
  }
}
