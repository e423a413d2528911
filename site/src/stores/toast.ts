import { atom, onStart } from 'nanostores';

/**
 * $toast: the one visible notification (docs/PRODUCT.md "Plain words"). Placed on every page by the layout's <ToastHost>; any island calls showToast().
 *
 * The app this one replaces removed a dismissed toast after 1,000,000 ms (about 17 minutes) and
 * kept it in memory meanwhile. Here a toast hides itself after AUTO_HIDE_MS and
 * a dismissed toast is gone at once.
 */
export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself; 0 keeps it until dismissed. */
  duration?: number;
}

export const AUTO_HIDE_MS = 6000;

export const $toast = atom<Toast | null>(null);

let lastId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** A toast shown before any host listens: its clock starts when one does. */
let waiting: { id: number; duration: number } | undefined;

function startClock(id: number, duration: number): void {
  if (duration > 0) timer = setTimeout(() => dismissToast(id), duration);
}

// The toast host hydrates late (client:idle) and later still on a slow phone: a toast raised before
// then must not expire unseen, so its time starts when the host subscribes.
onStart($toast, () => {
  if (waiting && $toast.get()?.id === waiting.id) startClock(waiting.id, waiting.duration);
  waiting = undefined;
});

/** Shows `input`, replacing any toast already visible. Returns the new toast's id. */
export function showToast(input: ToastInput): number {
  clearTimeout(timer);
  const id = ++lastId;
  const toast: Toast = { id, title: input.title, variant: input.variant ?? 'default' };
  if (input.description) toast.description = input.description;
  $toast.set(toast);
  const duration = input.duration ?? AUTO_HIDE_MS;
  if ($toast.lc > 0) startClock(id, duration);
  else waiting = { id, duration };
  return id;
}

/** Hides the visible toast; with an id, only if that toast is still the one shown. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  $toast.set(null);
}
