import { atom } from 'nanostores';
import type { ListingCard, SearchAnswer, Sort } from '../../../contract/professionals.ts';
import { NEARBY_RADIUS_MILES } from '../../../contract/professionals.ts';
import { ApiError, apiFetch, DASHBOARD_MESSAGES, NetworkError, TimeoutError } from '../lib/api.ts';
import { $session } from './session.ts';
import { showToast } from './toast.ts';

/**
 * Find Pro's shared state: the filters, the results, the saved professionals and the professional
 * whose booking dialog is open (opened from Find Services or from Overview's recommendations).
 */
export interface Filters {
  q: string;
  /** '' for All Categories, else a category value (no spaces or slashes). */
  category: string;
  sort: Sort;
  /** Only professionals within 7 miles of $location. */
  near: boolean;
}

export interface Results {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ListingCard[];
  message: string | null;
  /** Where the next page starts (the answer's nextCursor); null when everything is shown. */
  nextCursor: string | null;
  /** "Show more professionals": loading the next page, or why that failed (the items shown stay). */
  more: MoreState;
}

export interface MoreState {
  status: 'idle' | 'loading' | 'error';
  message: string | null;
  /** The failure was a refusal (4xx, e.g. the cursor is out of date): only a new search helps. */
  refused: boolean;
}

const MORE_IDLE: MoreState = { status: 'idle', message: null, refused: false };

export const $filters = atom<Filters>({ q: '', category: '', sort: 'distance', near: true });
export const $results = atom<Results>({ status: 'idle', items: [], message: null, nextCursor: null, more: MORE_IDLE });
export const $favourites = atom<readonly number[]>([]);
/** The professional being booked; null when the dialog is closed. */
export const $bookingTarget = atom<ListingCard | null>(null);

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
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  search.set('sort', params.sort ?? 'distance');
  if (params.near) {
    search.set('lat', String(params.near.lat));
    search.set('lng', String(params.near.lng));
    search.set('radius', String(NEARBY_RADIUS_MILES));
  }
  if (cursor) search.set('cursor', cursor);
  return apiFetch<SearchAnswer>(`/api/professionals?${search}`, { token: $session.get().token, signal });
}

/** The first page of GET /api/professionals with the given filters (Overview's recommendations). */
export async function fetchProfessionals(params: SearchParams, signal?: AbortSignal): Promise<ListingCard[]> {
  return (await fetchPage(params, null, signal)).professionals;
}

/** What to tell the customer when a search or "Show more" failed: words for a lost connection, else the server's message. */
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
  $results.set({ ...$results.get(), status: 'loading', message: null, nextCursor: null, more: MORE_IDLE });
  try {
    const page = await fetchPage(params, null, own.signal);
    if (controller !== own) return;
    shownParams = params;
    $results.set({
      status: 'ready',
      items: unique(page.professionals),
      message: null,
      nextCursor: page.nextCursor,
      more: MORE_IDLE,
    });
  } catch (error) {
    if (controller !== own) return;
    shownParams = null;
    $results.set({ status: 'error', items: [], message: failure(error), nextCursor: null, more: MORE_IDLE });
  }
}

/** What "Show more" ended with: the first result it added (null: none were new), or why it did not. */
export type MoreOutcome = { ok: true; firstNewId: number | null } | { ok: false; aborted: boolean };

/**
 * "Show more professionals": the next page for the shown search (same filters, its cursor),
 * appended to the results (anyone already shown is skipped). One at a time; a new search aborts it.
 */
export async function loadMore(): Promise<MoreOutcome> {
  const current = $results.get();
  if (current.status !== 'ready' || !current.nextCursor || !shownParams || current.more.status === 'loading')
    return { ok: false, aborted: true };
  const own = new AbortController();
  moreController = own;
  $results.set({ ...current, more: { status: 'loading', message: null, refused: false } });
  try {
    const page = await fetchPage(shownParams, current.nextCursor, own.signal);
    if (moreController !== own) return { ok: false, aborted: true };
    moreController = null;
    const before = $results.get();
    const shown = new Set(before.items.map((pro) => pro.id));
    const added = unique(page.professionals).filter((pro) => !shown.has(pro.id));
    $results.set({ ...before, items: [...before.items, ...added], nextCursor: page.nextCursor, more: MORE_IDLE });
    return { ok: true, firstNewId: added[0]?.id ?? null };
  } catch (error) {
    if (moreController !== own) return { ok: false, aborted: true };
    moreController = null;
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    $results.set({ ...$results.get(), more: { status: 'error', message: failure(error), refused } });
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
    await apiFetch(`/api/favourites/${professional.id}`, {
      method: saved ? 'DELETE' : 'POST',
      body: {},
      token: $session.get().token,
    });
  } catch (error) {
    $favourites.set(before);
    showToast({
      title: saved ? 'Could not remove from favourites' : 'Could not save to favourites',
      description: error instanceof Error ? error.message : undefined,
      variant: 'destructive',
    });
  }
}
