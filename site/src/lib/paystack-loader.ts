/**
 * Loads Paystack's inline script (docs/PRODUCT.md "First payment and activation"): already present → at once;
 * otherwise any stale tag is removed, a new one is added, and we wait at most 10 s. One retry after
 * 2 s. Errors: "Paystack script loading timeout", "Failed to load Paystack script",
 * "PaystackPop not available after script load".
 *
 * The npm package `@paystack/inline-js` would be loaded with `await import()` (ARCHITECTURE decision
 * 2); it is not installed, so the script tag serves the same `PaystackPop` from Paystack's CDN.
 */
import { PAYMENT_MESSAGES, PAYMENT_TIMINGS } from '../../../contract/payments.ts';

export const PAYSTACK_SCRIPT_URL = 'https://js.paystack.co/v2/inline.js';

/** The parts of Paystack's pop-up we use: v2 `newTransaction`, or the v1 `setup().openIframe()`. */
export interface PaystackPopInstance {
  newTransaction?: (options: Record<string, unknown>) => unknown;
}
export interface PaystackPopClass {
  new (): PaystackPopInstance;
  setup?: (options: Record<string, unknown>) => { openIframe: () => void };
}

interface ScriptLike {
  src: string;
  async: boolean;
  onload: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  remove(): void;
}

/** What the loader touches, so tests can give it a fake document and fake timers. */
export interface LoaderEnv {
  window: { PaystackPop?: PaystackPopClass };
  document: {
    createElement(tag: 'script'): ScriptLike;
    querySelectorAll(selector: string): ArrayLike<{ remove(): void }>;
    head: { appendChild(node: ScriptLike): unknown };
  };
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

function browserEnv(): LoaderEnv {
  return {
    window: window as unknown as LoaderEnv['window'],
    document: document as unknown as LoaderEnv['document'],
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
}

/** One attempt: add a fresh script tag and wait for PaystackPop. */
function attempt(env: LoaderEnv, url: string): Promise<PaystackPopClass> {
  const ready = env.window.PaystackPop;
  if (ready) return Promise.resolve(ready);
  for (const stale of Array.from(env.document.querySelectorAll(`script[src="${url}"]`))) stale.remove();
  return new Promise((resolve, reject) => {
    const script = env.document.createElement('script');
    const timer = env.setTimeout(() => {
      script.onload = script.onerror = null;
      reject(new Error(PAYMENT_MESSAGES.scriptTimeout));
    }, PAYMENT_TIMINGS.scriptTimeoutMs);
    script.onload = () => {
      env.clearTimeout(timer);
      const pop = env.window.PaystackPop;
      if (pop) resolve(pop);
      else reject(new Error(PAYMENT_MESSAGES.sdkMissing));
    };
    script.onerror = () => {
      env.clearTimeout(timer);
      reject(new Error(PAYMENT_MESSAGES.scriptLoadFailed));
    };
    script.async = true;
    script.src = url;
    env.document.head.appendChild(script);
  });
}

let loading: Promise<PaystackPopClass> | null = null;

/**
 * Resolves with `PaystackPop`. Concurrent callers share one load; a failed load is forgotten, so a
 * later call (the "Try Again" button) starts afresh.
 */
export function loadPaystack(env: LoaderEnv = browserEnv(), url = PAYSTACK_SCRIPT_URL): Promise<PaystackPopClass> {
  if (env.window.PaystackPop) return Promise.resolve(env.window.PaystackPop);
  loading ??= attempt(env, url)
    .catch(
      () =>
        new Promise<PaystackPopClass>((resolve, reject) => {
          env.setTimeout(() => attempt(env, url).then(resolve, reject), PAYMENT_TIMINGS.scriptRetryMs);
        }),
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** 'loaded' once PaystackPop exists, 'loading' while a load runs, else 'idle'. */
export function paystackStatus(env: Pick<LoaderEnv, 'window'> = browserEnv()): 'loaded' | 'loading' | 'idle' {
  return env.window.PaystackPop ? 'loaded' : loading ? 'loading' : 'idle';
}

/** For tests: forget any load in progress. */
export function resetPaystackLoader(): void {
  loading = null;
}
