import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { failedModulePath, isDownloadFailure, partLoader } from './part-loader.ts';

/** The browser's window, for its `online` event (the loader listens once, on the first failure). */
const browserWindow = new EventTarget();
beforeAll(() => vi.stubGlobal('window', browserWindow));
afterAll(() => vi.unstubAllGlobals());

const OFFLINE = () => new TypeError('Failed to fetch dynamically imported module: http://x/_astro/Earnings.abc.js');

/** A part's import(): fails while `offline` is true, like a chunk on a dropped connection; counts its calls. */
function chunk(name: string) {
  const download = { offline: true, calls: 0, load: async () => ({ name }) };
  download.load = async () => {
    download.calls++;
    if (download.offline) throw OFFLINE();
    return { name };
  };
  return download;
}

const options = {
  failed: () => ({ name: 'could not load' }),
  broken: (error: unknown) => new Error('broken', { cause: error }),
};

describe('partLoader', () => {
  it('resolves a failed download to the stand-in, and a retry downloads again in a new attempt', async () => {
    const download = chunk('Earnings');
    const part = partLoader(download.load, options);
    const first = part.current();
    expect(part.state()).toBe('waiting');
    await expect(first.run()).resolves.toEqual({ name: 'could not load' });
    expect(part.state()).toBe('failed');

    const drawn = vi.fn();
    part.subscribe(drawn);
    download.offline = false;
    part.retry();
    expect(drawn).toHaveBeenCalledTimes(1);
    const second = part.current();
    expect(second.id).toBe(2);
    expect(second).not.toBe(first);
    // The failed attempt keeps its result (React's lazy would too); the new one loads.
    await expect(first.run()).resolves.toEqual({ name: 'could not load' });
    await expect(second.run()).resolves.toEqual({ name: 'Earnings' });
    expect(part.state()).toBe('loaded');
    expect(download.calls).toBe(2);
  });

  it('shares one download between every place that draws an attempt', async () => {
    const download = chunk('Schedule');
    download.offline = false;
    const part = partLoader(download.load, options);
    const attempt = part.current();
    const [a, b] = await Promise.all([attempt.run(), attempt.run()]);
    expect(a).toBe(b);
    expect(download.calls).toBe(1);
  });

  it('makes one new attempt for many retries, and none while loading or once loaded', async () => {
    const download = chunk('ProfileTab');
    const part = partLoader(download.load, options);
    part.retry();
    expect(part.current().id).toBe(1); // nothing has failed yet
    await part.current().run();
    part.retry();
    part.retry();
    part.retry();
    expect(part.current().id).toBe(2);
    download.offline = false;
    const loading = part.current().run();
    expect(part.state()).toBe('loading');
    part.retry();
    await loading;
    part.retry();
    expect(part.current().id).toBe(2);
    expect(download.calls).toBe(2);
  });

  it('retries every failed part once when the browser is back online', async () => {
    const earnings = chunk('Earnings');
    const chat = chunk('ChatPanel');
    const parts = [partLoader(earnings.load, options), partLoader(chat.load, options)];
    for (const part of parts) await part.current().run();
    expect(parts.map((part) => part.state())).toEqual(['failed', 'failed']);

    earnings.offline = false;
    chat.offline = false;
    browserWindow.dispatchEvent(new Event('online'));
    expect(parts.map((part) => part.current().id)).toEqual([2, 2]);
    await Promise.all(parts.map((part) => part.current().run()));
    expect(parts.map((part) => part.state())).toEqual(['loaded', 'loaded']);
    // A second `online` finds nothing failed: no new attempt.
    browserWindow.dispatchEvent(new Event('online'));
    expect(parts.map((part) => part.current().id)).toEqual([2, 2]);
  });

  it('throws code that downloaded but broke, for the error boundary, and does not retry it', async () => {
    const thrown = new SyntaxError("Unexpected token '<'");
    const part = partLoader(() => Promise.reject(thrown), options);
    await expect(part.current().run()).rejects.toMatchObject({ message: 'broken', cause: thrown });
    expect(part.state()).toBe('broken');
    part.retry();
    expect(part.current().id).toBe(1);
  });
});

describe('isDownloadFailure', () => {
  it("reads each browser's words for a module that could not be fetched", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/_astro/a.js', // Chromium
      'error loading dynamically imported module: https://x/_astro/a.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /_astro/a.css', // Vite's preload of a chunk's CSS
    ])
      expect(isDownloadFailure(new TypeError(message), true)).toBe(true);
    expect(isDownloadFailure(new SyntaxError("Unexpected token '<'"), true)).toBe(false);
    expect(isDownloadFailure(new ReferenceError('x is not defined'), true)).toBe(false);
  });

  it('takes any failure while the browser is offline for a failed download', () => {
    expect(isDownloadFailure(new SyntaxError('anything'), false)).toBe(true);
  });
});

describe('failedModulePath', () => {
  const origin = 'https://serviceconnect.example';
  it('names the site path of the module a failed download names, to ask for it again under a new address', () => {
    const error = new TypeError(`Failed to fetch dynamically imported module: ${origin}/_astro/Profile.C_B4vInM.js`);
    expect(failedModulePath(error, origin)).toBe('/_astro/Profile.C_B4vInM.js');
  });
  it('names nothing for another origin, an address already asked for again, or no address', () => {
    const other = new TypeError('Failed to fetch dynamically imported module: https://elsewhere.example/_astro/x.js');
    const again = new TypeError(`Failed to fetch dynamically imported module: ${origin}/_astro/x.js?attempt=2`);
    expect(failedModulePath(other, origin)).toBeNull();
    expect(failedModulePath(again, origin)).toBeNull();
    expect(failedModulePath(new Error('no connection'), origin)).toBeNull();
    expect(failedModulePath('x'.repeat(100_000), origin)).toBeNull();
  });
});
