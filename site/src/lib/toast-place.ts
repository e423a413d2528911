/**
 * Where the one toast goes so that it lies over nothing the person is using (docs/PRODUCT.md
 * "Plain words"): not the form they just sent (a failed sign-in, a message with a field missing)
 * and not a dashboard's tabs. Bottom of the screen is the default; the top edge, over the sticky
 * header, when the bottom would cover something to keep clear and the top covers less.
 */
export type ToastPlace = 'top' | 'bottom';

export interface Band {
  top: number;
  bottom: number;
}

/** The gap between the toast and the screen's edge (the host's 0.75rem inset). */
export const TOAST_EDGE_GAP = 12;

const overlaps = (a: Band, b: Band) => a.top < b.bottom && b.top < a.bottom;

/** What must stay clear: `first` above all (the field in use, its error, the form's send button, the tabs), then the rest of the form. */
export interface KeepClear {
  first: Band[];
  rest: Band[];
}

/**
 * The place for a toast `height` px tall on a screen `screenHeight` px tall, given the vertical bands
 * (on screen, in viewport coordinates) of what must stay clear. A long form can fill a phone's
 * screen, so some field may be covered wherever the toast goes: the place that covers fewer of
 * `first` wins, then fewer of `rest`; bottom on a tie.
 */
export function chooseToastPlace(height: number, screenHeight: number, keepClear: KeepClear): ToastPlace {
  const bottom: Band = { top: screenHeight - TOAST_EDGE_GAP - height, bottom: screenHeight - TOAST_EDGE_GAP };
  const top: Band = { top: TOAST_EDGE_GAP, bottom: TOAST_EDGE_GAP + height };
  const covered = (place: Band, bands: Band[]) => bands.filter((clear) => overlaps(place, clear)).length;
  const first = covered(top, keepClear.first) - covered(bottom, keepClear.first);
  if (first !== 0) return first < 0 ? 'top' : 'bottom';
  return covered(top, keepClear.rest) < covered(bottom, keepClear.rest) ? 'top' : 'bottom';
}

const CONTROLS = 'input:not([type=hidden]), select, textarea, button, [role=tab], a[href]';

/**
 * What must stay clear on the page now, as bands on screen. First: the focused control, what
 * describes it (its error), the alerts and send buttons of its form, and every tab list. Then the
 * other controls of that form. What lies under the sticky header is hidden by it already and is
 * left out.
 */
export function keepClearBands(doc: Document, screenHeight: number): KeepClear {
  const header = doc.querySelector('body > header')?.getBoundingClientRect();
  const below = header ? Math.max(0, header.bottom) : 0;
  const toBands = (elements: Iterable<Element>): Band[] => {
    const bands: Band[] = [];
    for (const element of elements) {
      if (element.closest('.toast-host')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.height < 1 || rect.width < 1) continue;
      const band = { top: Math.max(rect.top, below), bottom: Math.min(rect.bottom, screenHeight) };
      if (band.bottom > band.top) bands.push(band);
    }
    return bands;
  };
  const active = doc.activeElement;
  const focused = active && active !== doc.body && active !== doc.documentElement ? active : null;
  const form = focused?.closest('form');
  const first: Element[] = Array.from(doc.querySelectorAll('[role=tablist]'));
  if (focused) {
    first.push(focused);
    for (const id of (focused.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
      const description = doc.getElementById(id);
      if (description) first.push(description);
    }
  }
  if (form) first.push(...Array.from(form.querySelectorAll('[role=alert], button[type=submit], button:not([type])')));
  const rest = form ? Array.from(form.querySelectorAll(CONTROLS)).filter((element) => !first.includes(element)) : [];
  return { first: toBands(first), rest: toBands(rest) };
}
