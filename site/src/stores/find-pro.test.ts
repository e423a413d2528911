import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListingCard } from '../../../contract/professionals.ts';
import { LOADING } from '../lib/load.ts';
import { $filters, $more, $results, $searching, loadMore, searchAgain, setFilter } from './find-pro.ts';
import { $session } from './session.ts';

// Only what the store reads of a card: its id (the list is kept without repeats).
const card = (id: number) => ({ id, name: `Pro ${id}` }) as ListingCard;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let urls: string[] = [];
let reply: (url: string) => Response = () => answer(200, { success: true, professionals: [], nextCursor: null });
const shownIds = () =>
  $results.value.state === 'loaded' ? $results.value.data.items.map((p) => p.id) : $results.value;
let unwatch: (() => void) | null = null;

beforeEach(() => {
  urls = [];
  $session.set({ status: 'signed-in', token: 'tok', user: null });
  $filters.set({ q: '', category: '', sort: 'rating', near: false });
  $results.set(LOADING);
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return reply(url);
  });
});
afterEach(async () => {
  unwatch?.();
  await vi.waitFor(() => expect($searching.value).toBe(false));
  cleanStores($results);
  vi.unstubAllGlobals();
});

describe('find-pro store', () => {
  it('searches when watched and again when a filter changes', async () => {
    reply = (url) =>
      answer(200, {
        success: true,
        professionals: url.includes('q=tiler') ? [card(3)] : [card(1), card(2)],
        nextCursor: null,
      });
    unwatch = $results.listen(() => undefined);
    await vi.waitFor(() => expect(shownIds()).toEqual([1, 2]));
    setFilter('q', 'tiler');
    await vi.waitFor(() => expect(shownIds()).toEqual([3]));
    expect(urls).toEqual(['/api/professionals?sort=rating', '/api/professionals?q=tiler&sort=rating']);
  });

  it('a failed search says why, and Try Again searches once more', async () => {
    reply = () => answer(503, { success: false, message: 'Down for a moment.' });
    unwatch = $results.listen(() => undefined);
    await vi.waitFor(() => expect($results.value).toEqual({ state: 'failed', message: 'Down for a moment.' }));
    reply = () => answer(200, { success: true, professionals: [card(4)], nextCursor: null });
    searchAgain();
    await vi.waitFor(() => expect(shownIds()).toEqual([4]));
  });

  it('"Show more" appends the next page without repeats; a refusal keeps what is shown', async () => {
    reply = (url) =>
      url.includes('cursor=')
        ? answer(200, { success: true, professionals: [card(2), card(5)], nextCursor: 'c2' })
        : answer(200, { success: true, professionals: [card(1), card(2)], nextCursor: 'c1' });
    unwatch = $results.listen(() => undefined);
    await vi.waitFor(() => expect(shownIds()).toEqual([1, 2]));
    expect(await loadMore()).toEqual({ ok: true, firstNewId: 5 });
    expect(shownIds()).toEqual([1, 2, 5]);
    reply = () => answer(400, { success: false, message: 'That page is out of date.' });
    expect(await loadMore()).toEqual({ ok: false, aborted: false });
    expect(shownIds()).toEqual([1, 2, 5]);
    expect($more.value).toEqual({ status: 'error', message: 'That page is out of date.', refused: true });
  });
});
