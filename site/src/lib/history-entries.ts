/**
 * History entries the page adds for itself (docs/PRODUCT.md "Phone screens"): an open dialog is an
 * entry, so the phone's Back closes it instead of leaving the page; a dashboard's tab is an entry
 * (ui/useTabAddress.ts). A dialog closed by its own buttons steps back over its entry. Until that
 * step lands, other popstate handlers can tell it is ours (`isOwnStep`), and new entries wait for
 * it, so they are never pushed above the entry being left.
 */
let stepsOnTheWay = 0;
const ownSteps = new WeakSet<Event>();
const waiting: (() => void)[] = [];

// Registered when this module loads, before any island's handler: it sees each step first.
if (typeof window !== 'undefined')
  window.addEventListener('popstate', (event) => {
    if (!stepsOnTheWay) return;
    stepsOnTheWay--;
    ownSteps.add(event);
    if (!stepsOnTheWay) for (const push of waiting.splice(0)) push();
  });

/** This popstate is a dialog stepping back over its own entry, not the person pressing Back. */
export const isOwnStep = (event: Event): boolean => ownSteps.has(event);

/** Leaves the current entry (a dialog's) as Back would. */
export function stepBack(): void {
  stepsOnTheWay++;
  window.history.back();
}

/**
 * Adds an entry with `marks` (worked out when it is pushed) over the current state, once any step
 * back has landed. Returns a cancel for a push still waiting.
 */
export function pushEntry(url?: string, marks: () => Record<string, unknown> = () => ({})): () => void {
  const push = () => window.history.pushState({ ...(window.history.state as object | null), ...marks() }, '', url);
  if (!stepsOnTheWay) {
    push();
    return () => {};
  }
  waiting.push(push);
  return () => {
    const at = waiting.indexOf(push);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** How many dialogs' entries are under (and including) the current one. */
export const dialogDepth = (): number => {
  const depth = (window.history.state as { dialogDepth?: unknown } | null)?.dialogDepth;
  return typeof depth === 'number' ? depth : 0;
};
