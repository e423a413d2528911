import type Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import type * as z from 'zod/mini';
import type { AnswerOf, BodyOut, Caller, ParamsOf, QueryOut, Route } from '../../../contract/route.ts';
import type { SessionUser } from '../../../contract/accounts.ts';
import type { RequestState } from './request-context.ts';
import { validate } from './validate.ts';

/** What a signed-in caller's guard puts on ctx.state. */
export interface UserState {
  user: SessionUser;
  /** The bearer token itself (the events ticket records its hash). */
  token: string;
}

/** What an administrator's guard puts on ctx.state. */
export interface AdminState {
  admin: { id: number; username: string };
  adminToken: string;
}

/** The guard that admits each kind of caller (features/auth builds them: http/ knows no feature). */
export interface CallerGuards {
  'signed-in': Middleware<UserState>;
  admin: Middleware<AdminState>;
}

type StateOf<C extends Caller> = RequestState &
  (C extends 'signed-in' ? UserState : C extends 'admin' ? AdminState : Record<never, never>);

/** The Koa context a route's handler gets: ctx.state says who called, as the route declares. */
export type RouteContext<R extends Route> = ParameterizedContext<StateOf<R['caller']>> & { params: ParamsOf<R> };

/** A handler's parsed input: the path's params, and the query and body through the route's schemas. */
export interface RouteInput<R extends Route> {
  params: ParamsOf<R>;
  query: QueryOut<R>;
  body: BodyOut<R>;
}

declare const serialisedOf: unique symbol;
/** JSON text known to be of type T: an answer kept serialised (the read cache) goes out without parsing it again. */
export type SerialisedJson<T> = string & { readonly [serialisedOf]: T };
export const serialisedJson = <T>(value: T): SerialisedJson<T> => JSON.stringify(value) as SerialisedJson<T>;

/** What a handler returns: the declared JSON (or it serialised), or for a route that answers bytes, text or events, the body itself. */
export type Reply<R extends Route> = R['answer'] extends { kind: 'json' }
  ? AnswerOf<R> | SerialisedJson<AnswerOf<R>>
  : Buffer | string | NodeJS.ReadableStream | Uint8Array;

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output.
type AnySchema = z.ZodMiniType<any, any>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The zod schema of a JSON route's answer, for the OpenAPI document: it must describe exactly the
 * declared answer type (each assignable to the other), or the registration does not compile.
 */
export type AnswerSchema<R extends Route, S extends AnySchema> = R['answer'] extends { kind: 'json' }
  ? Same<z.output<S>, AnswerOf<R>> extends true
    ? S
    : { 'the answer schema does not describe the declared answer': AnswerOf<R> }
  : null;

export interface Served {
  route: Route;
  /** The answer's schema (JSON routes), for the OpenAPI document. */
  answer: AnySchema | null;
}

export interface ServeOptions<R extends Route> {
  /** Middleware run after the caller is admitted and before the handler (limits, kinds of account). */
  use?: Middleware<StateOf<R['caller']>>[];
}

const servedByRouter = new WeakMap<Router, Served[]>();

/** The routes registered on a router through `routeTable`, in order. */
export const servedOn = (router: Router): readonly Served[] => servedByRouter.get(router) ?? [];

/**
 * Registers handlers only through route declarations (contract/route.ts): `serve(route, answer,
 * handler)` admits the route's caller, parses the query and body with its schemas (a refusal
 * names each bad field), checks at compile time that the handler returns the declared answer and
 * that `answer` describes it, and answers with what the handler returns.
 */
export function routeTable(router: Router<RequestState>, guards: CallerGuards) {
  const served: Served[] = [];
  servedByRouter.set(router as Router, served);
  return function serve<R extends Route, S extends AnySchema>(
    route: R,
    answer: AnswerSchema<R, S>,
    handler: NoInfer<(ctx: RouteContext<R>, input: RouteInput<R>) => Promise<Reply<R>> | Reply<R>>,
    options: NoInfer<ServeOptions<R>> = {},
  ): void {
    served.push({ route, answer: (answer as AnySchema | null) ?? null });
    const guard = route.caller === 'anyone' ? [] : [guards[route.caller] as Middleware];
    const run: Middleware = async (ctx) => {
      const input = {
        params: ctx.params,
        query: route.query ? validate(route.query, ctx.query) : undefined,
        body: route.body ? validate(route.body, ctx.request.body, route.checkOrder) : undefined,
      } as RouteInput<R>;
      if (route.status) ctx.status = route.status;
      const reply = await handler(ctx as RouteContext<R>, input);
      if (route.status === 204) return;
      ctx.body = reply;
      // Serialised JSON is still JSON (Koa would call a string text/html).
      if (route.answer.kind === 'json') ctx.type = 'application/json';
    };
    const chain = [...guard, ...((options.use ?? []) as Middleware[]), run];
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    (router as Router)[method](route.path, ...(chain as Parameters<Router['get']>[1][]));
  };
}
