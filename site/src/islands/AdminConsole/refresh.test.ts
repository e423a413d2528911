import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $refresh, $refreshCount, loadStarted, refreshData } from './refresh.ts';

afterEach(() => cleanStores($refresh, $refreshCount));

describe('Refresh Data (the data, not the page, is reloaded)', () => {
  const clock = () => new Date('2026-11-22T14:05:00Z');

  it('asks every data hook again, and is done when the loads it started have settled', () => {
    const before = $refreshCount.get();
    refreshData();
    expect($refreshCount.get()).toBe(before + 1);
    expect($refresh.get()).toEqual({ running: true, doneAt: null, failed: false });
    const users = loadStarted(clock);
    const stats = loadStarted(clock);
    users(true);
    expect($refresh.get().running).toBe(true);
    stats(true);
    stats(true); // a second call (settled, then unmounted) counts once
    expect($refresh.get()).toEqual({ running: false, doneAt: '14:05', failed: false });
  });

  it('a load that settles before any refresh-started load does not end the refresh', () => {
    const older = loadStarted(clock);
    refreshData();
    older(true);
    expect($refresh.get().running).toBe(true);
    const fresh = loadStarted(clock);
    fresh(true);
    expect($refresh.get().running).toBe(false);
  });

  it('a refresh with a failed read says so instead of a time: what is shown is from before', () => {
    refreshData();
    const users = loadStarted(clock);
    const stats = loadStarted(clock);
    users(false);
    stats(true);
    expect($refresh.get()).toEqual({ running: false, doneAt: null, failed: true });
    refreshData();
    loadStarted(clock)(true);
    expect($refresh.get()).toEqual({ running: false, doneAt: '14:05', failed: false });
  });
});
