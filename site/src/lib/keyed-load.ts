import type { PreinitializedWritableAtom } from 'nanostores';
import { keep, type KeptName } from './kept.ts';
import { keptInsteadOf, LOADING, type Load, loadFailureText } from './load.ts';

/**
 * Reads that live in stores (ARCHITECTURE.md "Browser"): `readInto` fills a store's `Load` the one
 * way, and `keyedStore` keeps one store per id.
 */

export interface ReadIntoOptions {
  /** The plain words shown for a failure. */
  failure: (error: unknown) => string;
  /** Try Again (and a renewal): the loading state first. Otherwise what is shown stays until the answer. */
  showLoading?: boolean;
  /** Keep the answer on the device under this name for this account (lib/kept.ts). */
  keep?: { name: KeptName; account: number | string };
}

/** The read last started into each store: an older answer arriving late is not shown. */
const latestRead = new WeakMap<object, number>();

/** An action's answer now fills `store` (the server already has the change): reads started before it are not shown. */
export function supersedeReads(store: object): void {
  latestRead.set(store, (latestRead.get(store) ?? 0) + 1);
}

/**
 * Reads with `read` into `store` (docs/PRODUCT.md "Working offline"): a failed read keeps what is
 * shown; with nothing shown, the data kept on the device when the server could not be reached;
 * else the failure's words.
 */
export async function readInto<T>(
  store: PreinitializedWritableAtom<Load<T>>,
  read: () => Promise<T>,
  options: ReadIntoOptions,
): Promise<void> {
  const turn = (latestRead.get(store) ?? 0) + 1;
  latestRead.set(store, turn);
  if (options.showLoading || store.value.state !== 'loaded') store.set(LOADING);
  try {
    const data = await read();
    if (latestRead.get(store) !== turn) return;
    store.set({ state: 'loaded', data });
    if (options.keep) keep(options.keep.name, options.keep.account, data);
  } catch (error) {
    if (latestRead.get(store) !== turn || store.value.state === 'loaded') return;
    const kept = options.keep ? keptInsteadOf<T>(error, options.keep.name, options.keep.account) : null;
    store.set(
      kept === null
        ? { state: 'failed', message: loadFailureText(error, options.failure) }
        : { state: 'loaded', data: kept },
    );
  }
}

/**
 * One store per id (a booking's reports), made by `make` when first asked for and kept while the
 * page lives: each reads in its own `onMount`, so only the ids shown are read.
 */
export function keyedStore<S>(make: (id: number) => S): (id: number) => S {
  const stores = new Map<number, S>();
  return (id) => {
    const known = stores.get(id);
    if (known !== undefined) return known;
    const made = make(id);
    stores.set(id, made);
    return made;
  };
}
