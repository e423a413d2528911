import { atom, onMount } from 'nanostores';
import {
  addFavourite,
  findProfessionals,
  type ListingCard,
  NEARBY_RADIUS_MILES,
  removeFavourite,
  type SearchAnswer,
  type Sort,
} from '../../../contract/professionals.ts';
import { call } from '../lib/call.ts';
import { DASHBOARD_MESSAGES, isRefusal, NetworkError, TimeoutError } from '../lib/api.ts';
import { LOADING, type Load, loadFailureText } from '../lib/load.ts';
import { $location, locate } from './location.ts';
import { $session } from './session.ts';
import { showToast } from './toast.ts';

/**
 * Find Pro's shared state: the filters, the results, the saved professionals and the professional
 * whose booking dialog is open (opened from Find Services or from Overview's recommendations).
 * While `$results` is watched, the store searches by itself: when a filter or the position changes
 * (finding the position first for "Near me").
 */
export interface Filters {
  q: string;
  /** '' for All Categories, else a category value (no spaces or slashes). */
  category: string;
  sort: Sort;
  /** Only professionals within 7 miles of $location. */
  near: boolean;
}

/** The professionals shown for the current search. */
export interface Results {
  items: ListingCard[];
  /** Where the next page starts (the answer's nextCursor); null when everything is shown. */
  nextCursor: string | null;
}

export interface MoreState {
  status: 'idle' | 'loading' | 'error';
  message: string | null;
  /** The server refused the page (e.g. its cursor is out of date; lib/api.ts isRefusal): only a new search helps. */
  refused: boolean;
}

const MORE_IDLE: MoreState = { status: 'idle', message: null, refused: false };

export const $filters = atom<Filters>({ q: '', category: '', sort: 'distance', near: true });
export const $results = atom<Load<Results>>(LOADING);
/** A new search is on its way: the results shown stay until it answers. */
export const $searching = atom(false);
/** "Show more professionals": loading the next page, or why that failed (the items shown stay). */
export const $more = atom<MoreState>(MORE_IDLE);
export const $favourites = atom<readonly number[]>([]);
/** What a booking dialog starts with when it books again what did not happen (an expired request). */
export interface BookingDraft {
  date: string;
  time: string;
  description: string;
}
/** The professional being booked, with any draft to start from; null when the dialog is closed. */
export const $bookingTarget = atom<(ListingCard & { draft?: BookingDraft }) | null>(null);

export function setFilter<K extends keyof Filters>(key: K, value: Filters[K]): void {
  $filters.set({ ...$filters.get(), [key]: value });
}

export interface SearchParams {
  q?: string;
  category?: string;
  sort?: Sort;
  near?: { lat: number; lng: number } | null;
}

/** GET /api/professionals with the given filters: one page, and where the next starts (`cursor`: continue after a page). */
export async function fetchPage(
  params: SearchParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const near = params.near && {
    lat: String(params.near.lat),
    lng: String(params.near.lng),
    radius: String(NEARBY_RADIUS_MILES),
  };
  const query = {
    q: params.q || undefined,
    category: params.category || undefined,
    sort: params.sort ?? 'distance',
    ...near,
    cursor: cursor ?? undefined,
  };
  return call(findProfessionals, { query }, { token: $session.get().token, signal });
}

/** The first page of GET /api/professionals with the given filters (Overview's recommendations). */
export async function fetchProfessionals(params: SearchParams, signal?: AbortSignal): Promise<ListingCard[]> {
  return (await fetchPage(params, null, signal)).professionals;
}

/** What to tell the customer when "Show more" failed: words for a lost connection, else the server's message. */
function failure(error: unknown): string {
  if (error instanceof NetworkError) return DASHBOARD_MESSAGES.unreachable;
  if (error instanceof TimeoutError) return DASHBOARD_MESSAGES.timeout;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

let controller: AbortController | null = null;
let moreController: AbortController | null = null;
/** The filters of the search whose results are shown: its cursor is only good with the same ones. */
let shownParams: SearchParams | null = null;

/** Runs the search for the current filters; a newer search aborts an older one and any "Show more" still loading. */
export async function runSearch(near: { lat: number; lng: number } | null): Promise<void> {
  controller?.abort();
  moreController?.abort();
  moreController = null;
  const own = new AbortController();
  controller = own;
  const { q, category, sort } = $filters.get();
  const params: SearchParams = { q: q.trim(), category, sort, near };
  $searching.set(true);
  $more.set(MORE_IDLE);
  try {
    const page = await fetchPage(params, null, own.signal);
    if (controller !== own) return;
    shownParams = params;
    $results.set({ state: 'loaded', data: { items: unique(page.professionals), nextCursor: page.nextCursor } });
  } catch (error) {
    if (controller !== own) return;
    shownParams = null;
    // Nothing shown: nothing loaded yet (docs/PRODUCT.md "Working offline").
    $results.set({ state: 'failed', message: loadFailureText(error, failure) });
  }
  $searching.set(false);
}

/** Try Again (or Search Again after a refused "Show more"): the current filters searched once more. */
export function searchAgain(): void {
  const near = nearFor();
  if (near !== 'locating') void runSearch(near);
}

/** Where "Near me" searches: nowhere (off), the position, or 'locating' while it is being found. */
function nearFor(): { lat: number; lng: number } | null | 'locating' {
  const { near } = $filters.value;
  const location = $location.value;
  if (!near) return null;
  if (location.status === 'idle' || location.status === 'loading' || !location.coords) return 'locating';
  return location.coords;
}

// Watched: search, and again when a filter or the position's numbers change.
onMount($results, () => {
  let searched = '';
  const follow = () => {
    if ($filters.value.near && $location.value.status === 'idle') void locate();
    const near = nearFor();
    if (near === 'locating') return;
    const { q, category, sort } = $filters.value;
    const key = JSON.stringify([q, category, sort, near]);
    if (key === searched) return;
    searched = key;
    void runSearch(near);
  };
  follow();
  const stopFilters = $filters.listen(follow);
  const stopLocation = $location.listen(follow);
  return () => {
    stopFilters();
    stopLocation();
  };
});

/** What "Show more" ended with: the first result it added (null: none were new), or why it did not. */
export type MoreOutcome = { ok: true; firstNewId: number | null } | { ok: false; aborted: boolean };

/**
 * "Show more professionals": the next page for the shown search (same filters, its cursor),
 * appended to the results (anyone already shown is skipped). One at a time; a new search aborts it.
 */
export async function loadMore(): Promise<MoreOutcome> {
  const current = $results.value;
  if (current.state !== 'loaded' || !current.data.nextCursor || !shownParams || $more.value.status === 'loading')
    return { ok: false, aborted: true };
  const own = new AbortController();
  moreController = own;
  $more.set({ status: 'loading', message: null, refused: false });
  try {
    const page = await fetchPage(shownParams, current.data.nextCursor, own.signal);
    if (moreController !== own) return { ok: false, aborted: true };
    moreController = null;
    const before = $results.value.state === 'loaded' ? $results.value.data.items : [];
    const shown = new Set(before.map((pro) => pro.id));
    const added = unique(page.professionals).filter((pro) => !shown.has(pro.id));
    $results.set({ state: 'loaded', data: { items: [...before, ...added], nextCursor: page.nextCursor } });
    $more.set(MORE_IDLE);
    return { ok: true, firstNewId: added[0]?.id ?? null };
  } catch (error) {
    if (moreController !== own) return { ok: false, aborted: true };
    moreController = null;
    const refused = isRefusal(error);
    $more.set({ status: 'error', message: failure(error), refused });
    return { ok: false, aborted: false };
  }
}

/** The listings without repeats (by id), in their order. */
function unique(items: readonly ListingCard[]): ListingCard[] {
  const seen = new Set<number>();
  return items.filter((pro) => {
    if (seen.has(pro.id)) return false;
    seen.add(pro.id);
    return true;
  });
}

export function setFavourites(ids: readonly number[]): void {
  $favourites.set([...ids]);
}

/** Save or unsave a professional at once, undone if the server refuses. */
export async function toggleFavourite(professional: Pick<ListingCard, 'id' | 'name'>): Promise<void> {
  const saved = $favourites.get().includes(professional.id);
  const before = $favourites.get();
  $favourites.set(saved ? before.filter((id) => id !== professional.id) : [...before, professional.id]);
  try {
    await call(
      saved ? removeFavourite : addFavourite,
      { params: { professionalId: professional.id } },
      {
        token: $session.get().token,
      },
    );
  } catch (error) {
    $favourites.set(before);
    showToast({
      title: saved ? 'Could not remove from favourites' : 'Could not save to favourites',
      description: error instanceof Error ? error.message : undefined,
      variant: 'destructive',
    });
  }
}
