import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which database transactions the code running now is inside of, so the provider client can refuse
 * an outside call made while one is open (ARCHITECTURE.md "Outside calls"). Set by the one
 * transaction helper (db.ts's clients), read by providers/bounds.ts: a call renamed or wrapped in
 * any other function still runs in the same asynchronous context, and so still carries the mark.
 */
interface Mark {
  /** Whether this transaction is still open (not committed, rolled back or failed to start). */
  open(): boolean;
  /** The mark that was current when this transaction began (an outer transaction, or none). */
  readonly outer: Mark | undefined;
}

const marks = new AsyncLocalStorage<Mark>();

/** Whether the code running now is inside a database transaction that is still open. */
export function inDatabaseTransaction(): boolean {
  for (let mark = marks.getStore(); mark; mark = mark.outer) if (mark.open()) return true;
  return false;
}

/**
 * Marks the transaction knex is starting: `open` says while it lasts. The callback form runs its
 * callback inside the mark (`enter`); the handle form (`await db.transaction()`, `handle` true) runs
 * its queries in the caller's own context, so the mark is entered for the rest of the caller's
 * synchronous run and what it awaits. A mark outliving its transaction in some continuation is
 * harmless: it reads as closed.
 */
export function markTransaction<T>(
  open: () => boolean,
  handle: boolean,
  start: (enter: <R>(run: () => R) => R) => T,
): T {
  let outer = marks.getStore();
  // Only open marks are kept as outer ones: a loop of transactions in one context builds no chain.
  while (outer && !outer.open()) outer = outer.outer;
  const mark: Mark = { open, outer };
  if (handle) marks.enterWith(mark);
  return start((run) => marks.run(mark, run));
}
