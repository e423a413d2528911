import { OFFLINE_WORDS } from '../../../contract/connection.ts';
import { NetworkError } from './api.ts';

/**
 * The one shape of "data read from the server" in the islands: loading, failed with plain words
 * (from lib/api.ts: `dashboardLoadErrorMessage`, `failure(...).message`, ...), or loaded. The one
 * way to fill it is a store of stores/load-store.ts.
 */
export type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };

export const LOADING: Load<never> = { state: 'loading' };

/**
 * What a part with nothing to show says of its failed read: for no answer at all, that nothing is
 * loaded yet (the offline banner says the rest once for the page: docs/PRODUCT.md "Working
 * offline"), never zero counts or "none yet"; else its own plain words.
 */
export const loadFailureText = (error: unknown, failure: (error: unknown) => string): string =>
  error instanceof NetworkError ? OFFLINE_WORDS.notLoaded : failure(error);
