/**
 * The browser calls the API only through the route table (contract/route.ts): `call(route, input)`
 * fills the path's params, writes the query, sends the body as JSON and answers with the route's
 * declared answer type, with apiFetch's time-out and typed errors.
 */
import type { AnswerOf, CallInput, Route } from '../../../contract/route.ts';
import { routePath } from '../../../contract/api.ts';
import { type ApiFetchOptions, apiFetch } from './api.ts';

export type CallOptions = Pick<ApiFetchOptions, 'token' | 'timeoutMs' | 'signal' | 'headers' | 'file'>;

/** The address a call goes to: the path with its params filled in, then the query (fields left undefined are left out). */
export function routeUrl<R extends Route>(route: R, input: CallInput<R>): string {
  const given = input as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  const path = given.params ? routePath(route.path, given.params as never) : route.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(given.query ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function call<R extends Route>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<AnswerOf<R>> {
  const body = (input as { body?: unknown }).body;
  return apiFetch<AnswerOf<R>>(routeUrl(route, input), { ...options, method: route.method, body });
}
