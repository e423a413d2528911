import { atom } from 'nanostores';
import type { Listing, Sort } from '../../../../contract/professionals.ts';
import { NEARBY_RADIUS_MILES } from '../../../../contract/professionals.ts';
import { apiFetch } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';

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
  items: Listing[];
  message: string | null;
}

export const $filters = atom<Filters>({ q: '', category: '', sort: 'distance', near: true });
export const $results = atom<Results>({ status: 'idle', items: [], message: null });
export const $favourites = atom<readonly number[]>([]);
/** The professional being booked; null when the dialog is closed. */
export const $bookingTarget = atom<Listing | null>(null);

export function setFilter<K extends keyof Filters>(key: K, value: Filters[K]): void {
  $filters.set({ ...$filters.get(), [key]: value });
}

export interface SearchParams {
  q?: string;
  category?: string;
  sort?: Sort;
  near?: { lat: number; lng: number } | null;
}

/** GET /api/professionals with the given filters. */
export async function fetchProfessionals(params: SearchParams, signal?: AbortSignal): Promise<Listing[]> {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  search.set('sort', params.sort ?? 'distance');
  if (params.near) {
    search.set('lat', String(params.near.lat));
    search.set('lng', String(params.near.lng));
    search.set('radius', String(NEARBY_RADIUS_MILES));
  }
  const answer = await apiFetch<{ professionals: Listing[] }>(`/api/professionals?${search}`, { token: $session.get().token, signal });
  return answer.professionals;
}

let controller: AbortController | null = null;

/** Runs the search for the current filters; a newer search aborts an older one. */
export async function runSearch(near: { lat: number; lng: number } | null): Promise<void> {
  controller?.abort();
  const own = new AbortController();
  controller = own;
  const { q, category, sort } = $filters.get();
  $results.set({ ...$results.get(), status: 'loading', message: null });
  try {
    const items = await fetchProfessionals({ q: q.trim(), category, sort, near }, own.signal);
    if (controller === own) $results.set({ status: 'ready', items, message: null });
  } catch (error) {
    if (controller !== own) return;
    $results.set({ status: 'error', items: [], message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' });
  }
}

export function setFavourites(ids: readonly number[]): void {
  $favourites.set([...ids]);
}

/** Save or unsave a professional at once, undone if the server refuses. */
export async function toggleFavourite(professional: Pick<Listing, 'id' | 'name'>): Promise<void> {
  const saved = $favourites.get().includes(professional.id);
  const before = $favourites.get();
  $favourites.set(saved ? before.filter((id) => id !== professional.id) : [...before, professional.id]);
  try {
    await apiFetch(`/api/favourites/${professional.id}`, { method: saved ? 'DELETE' : 'POST', body: {}, token: $session.get().token });
  } catch (error) {
    $favourites.set(before);
    showToast({ title: saved ? 'Could not remove from favourites' : 'Could not save to favourites', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
  }
}
