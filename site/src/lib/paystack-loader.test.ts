import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaystack, paystackStatus, PAYSTACK_SCRIPT_URL, resetPaystackLoader } from './paystack-loader.ts';
import type { LoaderEnv, PaystackPopClass } from './paystack-loader.ts';

class FakePop {}
const Pop = FakePop as unknown as PaystackPopClass;

interface FakeScript {
  src: string;
  async: boolean;
  onload: ((e: unknown) => void) | null;
  onerror: ((e: unknown) => void) | null;
  removed: boolean;
  remove(): void;
}

function fakeEnv() {
  const added: FakeScript[] = [];
  const stale = {
    removed: false,
    remove() {
      this.removed = true;
    },
  };
  const env: LoaderEnv & { added: FakeScript[]; stale: typeof stale; selectors: string[] } = {
    added,
    stale,
    selectors: [],
    window: {},
    document: {
      createElement: () => {
        const script: FakeScript = {
          src: '',
          async: false,
          onload: null,
          onerror: null,
          removed: false,
          remove() {
            script.removed = true;
          },
        };
        return script;
      },
      querySelectorAll(selector: string) {
        env.selectors.push(selector);
        return stale.removed ? [] : [stale];
      },
      head: { appendChild: (node) => added.push(node as FakeScript) },
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  return env;
}

beforeEach(() => {
  vi.useFakeTimers();
  resetPaystackLoader();
});
afterEach(() => vi.useRealTimers());

describe('loadPaystack', () => {
  it('resolves at once when PaystackPop is already there, adding no script', async () => {
    const env = fakeEnv();
    env.window.PaystackPop = Pop;
    await expect(loadPaystack(env)).resolves.toBe(Pop);
    expect(env.added).toHaveLength(0);
    expect(paystackStatus(env)).toBe('loaded');
  });

  it('removes a stale tag, adds the v2 inline script and resolves when it loads', async () => {
    const env = fakeEnv();
    const loading = loadPaystack(env);
    expect(paystackStatus(env)).toBe('loading');
    expect(env.stale.removed).toBe(true);
    expect(env.selectors[0]).toBe(`script[src="${PAYSTACK_SCRIPT_URL}"]`);
    expect(env.added).toHaveLength(1);
    expect(env.added[0]!.src).toBe('https://js.paystack.co/v2/inline.js');
    expect(env.added[0]!.async).toBe(true);
    env.window.PaystackPop = Pop;
    env.added[0]!.onload!({});
    await expect(loading).resolves.toBe(Pop);
  });

  it('shares one load between callers', () => {
    const env = fakeEnv();
    expect(loadPaystack(env)).toBe(loadPaystack(env));
    expect(env.added).toHaveLength(1);
  });

  it('retries once after 2 s when the script fails, then succeeds', async () => {
    const env = fakeEnv();
    const loading = loadPaystack(env);
    env.added[0]!.onerror!({});
    await vi.advanceTimersByTimeAsync(1999);
    expect(env.added).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(env.added).toHaveLength(2);
    env.window.PaystackPop = Pop;
    env.added[1]!.onload!({});
    await expect(loading).resolves.toBe(Pop);
  });

  it('fails with "Failed to load Paystack script" after the retry fails too, and starts afresh next time', async () => {
    const env = fakeEnv();
    const loading = loadPaystack(env);
    const outcome = expect(loading).rejects.toThrow('Failed to load Paystack script');
    env.added[0]!.onerror!({});
    await vi.advanceTimersByTimeAsync(2000);
    env.added[1]!.onerror!({});
    await outcome;
    expect(paystackStatus(env)).toBe('idle');
    void loadPaystack(env).catch(() => {});
    expect(env.added).toHaveLength(3);
  });

  it('times out after 10 s with "Paystack script loading timeout" (and again on the retry)', async () => {
    const env = fakeEnv();
    const loading = loadPaystack(env);
    const outcome = expect(loading).rejects.toThrow('Paystack script loading timeout');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(env.added[0]!.onload).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(env.added).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
  });

  it('fails with "PaystackPop not available after script load" when the script loads without it', async () => {
    const env = fakeEnv();
    const loading = loadPaystack(env);
    const outcome = expect(loading).rejects.toThrow('PaystackPop not available after script load');
    env.added[0]!.onload!({});
    await vi.advanceTimersByTimeAsync(2000);
    env.added[1]!.onload!({});
    await outcome;
  });
});
