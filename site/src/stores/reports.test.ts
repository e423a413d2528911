import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../contract/bookings.ts';
import type { ReportView } from '../../../contract/reports.ts';
import { LOADING } from '../lib/load.ts';
import { $bookings } from './bookings.ts';
import { reportsOf } from './reports.ts';
import { $session } from './session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const report = (id: number, messages: number) => ({ id, messages: Array.from({ length: messages }) }) as never;
/** The list of bookings as the cards show it: each booking with its summary of reports. */
const listSaying = (...bookings: [number, unknown[]][]) =>
  $bookings.set({
    state: 'loaded',
    data: bookings.map(([id, reports]) => ({ id, trust: { reports } }) as unknown as Booking),
  });

let answer: () => Response;
const reads: string[] = [];
beforeEach(() => {
  reads.length = 0;
  // No token: the list of bookings, watched here, is set by the test instead of read (stores/bookings.ts).
  $session.set({ status: 'signed-out', token: null, user: null });
  $bookings.set(LOADING);
  vi.stubGlobal('fetch', async (url: string) => {
    reads.push(url);
    return answer();
  });
});
afterEach(() => {
  cleanStores($bookings);
  vi.unstubAllGlobals();
});

describe("a booking's reports", () => {
  it('are read when a card first shows them, one store per booking, and say why when they cannot be', async () => {
    answer = () => json(200, { success: true, reports: [report(1, 0)] });
    const reports = reportsOf(5);
    expect(reportsOf(5)).toBe(reports);
    expect(reads).toEqual([]);
    const unwatch = reports.$load.listen(() => undefined);
    await vi.waitFor(() => expect(reports.$load.value?.state).toBe('loaded'));
    expect(reads).toEqual(['/api/bookings/5/reports']);

    answer = () => json(403, { success: false, message: 'Not your booking.' });
    const other = reportsOf(6);
    const unwatchOther = other.$load.listen(() => undefined);
    await vi.waitFor(() => expect(other.$load.value).toEqual({ state: 'failed', message: 'Not your booking.' }));
    unwatch();
    unwatchOther();
    cleanStores(reports.$load, other.$load);
  });

  it('are read again when the booking’s summary of them changes, and a failed read keeps them shown', async () => {
    listSaying([7, [{ id: 1 }]], [8, []]);
    answer = () => json(200, { success: true, reports: [report(1, 0)] });
    const reports = reportsOf(7);
    const unwatch = reports.$load.listen(() => undefined);
    await vi.waitFor(() => expect(reports.$load.value?.state).toBe('loaded'));
    expect(reads).toHaveLength(1);

    // Another booking's change, or the same summary again: no read.
    listSaying([7, [{ id: 1 }]], [8, [{ id: 2 }]]);
    listSaying([7, [{ id: 1 }]], [8, [{ id: 2 }]]);
    expect(reads).toHaveLength(1);

    answer = () => json(200, { success: true, reports: [report(1, 1)] });
    listSaying([7, [{ id: 1, messages: 1 }]], [8, [{ id: 2 }]]);
    await vi.waitFor(() =>
      expect(reports.$load.value).toMatchObject({ state: 'loaded', data: [{ messages: [null] }] }),
    );
    expect(reads).toHaveLength(2);

    answer = () => json(503, { success: false, message: 'Down for a moment.' });
    reports.refresh();
    await vi.waitFor(() => expect(reads).toHaveLength(3));
    expect((reports.$load.value as { data: ReportView[] }).data).toHaveLength(1);
    unwatch();
    cleanStores(reports.$load);
  });
});
