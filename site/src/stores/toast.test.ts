import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toast, AUTO_HIDE_MS, dismissToast, showToast } from './toast.ts';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('$toast', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    showToast({ title: 'First' });
    const second = showToast({ title: 'Second', description: 'More', variant: 'success' });
    expect($toast.get()).toEqual({ id: second, title: 'Second', description: 'More', variant: 'success' });
  });

  it('defaults to the default variant and omits an empty description', () => {
    showToast({ title: 'Hello', description: '' });
    expect($toast.get()).toEqual({ id: expect.any(Number), title: 'Hello', variant: 'default' });
  });

  it('hides itself after AUTO_HIDE_MS, and the replaced toast’s timer does not hide the new one', () => {
    vi.useFakeTimers();
    const host = $toast.listen(() => {});
    showToast({ title: 'Old' });
    vi.advanceTimersByTime(AUTO_HIDE_MS - 1000);
    showToast({ title: 'New' });
    vi.advanceTimersByTime(1000);
    expect($toast.get()?.title).toBe('New');
    vi.advanceTimersByTime(AUTO_HIDE_MS - 1000);
    expect($toast.get()).toBeNull();
    host();
  });

  it('starts the clock of a toast raised before the host hydrated only when the host listens', () => {
    vi.useFakeTimers();
    showToast({ title: 'Early' });
    vi.advanceTimersByTime(AUTO_HIDE_MS * 3); // a slow phone: the host is not there yet
    expect($toast.get()?.title).toBe('Early');
    const host = $toast.listen(() => {});
    vi.advanceTimersByTime(AUTO_HIDE_MS - 1);
    expect($toast.get()?.title).toBe('Early');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
    host();
  });

  it('duration 0 keeps the toast until dismissed', () => {
    vi.useFakeTimers();
    showToast({ title: 'Sticky', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.title).toBe('Sticky');
    dismissToast();
    expect($toast.get()).toBeNull();
  });

  it('dismissToast(id) ignores a toast that was already replaced', () => {
    const old = showToast({ title: 'Old' });
    showToast({ title: 'New' });
    dismissToast(old);
    expect($toast.get()?.title).toBe('New');
  });
});
