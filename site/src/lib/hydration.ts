/**
 * `useStore(store, HYDRATE_FROM_INITIAL)` for a store that reads when first watched: hydration draws
 * the store's first value, as the pre-rendered HTML did, and what was read meanwhile follows at
 * once. Without it, an answer that came before hydration (the query cache, a fast server) breaks it.
 * Not for a `computed` store (its first value is undefined): pass `{ ssr: () => value }` there.
 */
export const HYDRATE_FROM_INITIAL = { ssr: 'initial' } as const;
