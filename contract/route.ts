/**
 * The route table's one shape (ARCHITECTURE.md "The route table"): each route of the API is
 * declared once, here in contract/, with its method, path, query and body schemas, the type of its
 * answer and who may call it. The API registers handlers only through a declaration
 * (api/src/http/serve.ts: the body and query are parsed by its schemas, the handler's return type
 * is its answer) and the browser calls only through one (site/src/lib/call.ts: `call(route, input)`,
 * the answer's type inferred). Nothing else ties the two ends, so nothing else can drift.
 *
 * The answer is a type, not a schema: the browser downloads no answer schema. The API pairs each
 * route with a zod schema of exactly that type when it registers it, and the OpenAPI document is
 * drawn from those (GET /api/openapi.json).
 */
import type * as z from 'zod/mini';
import type { PathParams } from './api.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone; a signed-in person (any kind of account; a route that serves one
 * kind refuses the others in its service, with words for that kind); or an administrator.
 */
export type Caller = 'anyone' | 'signed-in' | 'admin';

declare const answerType: unique symbol;

export interface JsonAnswer<T> {
  readonly kind: 'json';
  readonly [answerType]?: T;
}
export interface OtherAnswer {
  readonly kind: 'file' | 'text' | 'events';
  readonly mediaType: string;
}
/** What a route answers: JSON of type T, or a file's bytes, text or a stream of events. */
export type AnswerKind<T> = JsonAnswer<T> | OtherAnswer;

/** A JSON answer of type T (a type only: nothing of T reaches the browser's bundle). */
export const json = <T>(): JsonAnswer<T> => ({ kind: 'json' });
/** A file's bytes (a photo, a download), not JSON. */
export const file = (mediaType: string): OtherAnswer => ({ kind: 'file', mediaType });
/** Text that is not JSON (Prometheus's format, a form's answer page). */
export const text = (mediaType: string): OtherAnswer => ({ kind: 'text', mediaType });
/** A text/event-stream of live events. */
export const events = (): OtherAnswer => ({ kind: 'events', mediaType: 'text/event-stream' });

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output.
type AnySchema = z.ZodMiniType<any, any>;

export interface Route<
  M extends Method = Method,
  P extends string = string,
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
  A extends AnswerKind<unknown> = AnswerKind<unknown>,
> {
  readonly method: M;
  readonly path: P;
  /** The query string's fields, parsed by this schema before the handler runs. */
  readonly query?: Q;
  /** The JSON body, parsed by this schema before the handler runs (a route without one reads none). */
  readonly body?: B;
  /** The order a form checks its fields in: the first problem in it is the refusal's message. */
  readonly checkOrder?: readonly string[];
  readonly answer: A;
  readonly caller: Caller;
  /** The status of a success when it is not 200 (201 for something created). */
  readonly status?: 200 | 201 | 202 | 204;
  /** One line for the OpenAPI document. */
  readonly summary: string;
}

/** Declares a route, keeping every literal type (method, path, schemas, answer) for both ends. */
export const route = <const R extends Route>(declaration: R): R => declaration;

/** The JSON a route answers with. */
export type AnswerOf<R extends Route> = R['answer'] extends JsonAnswer<infer T> ? T : never;
/** The body as the browser sends it (the schema's input), or never when the route takes none. */
export type BodyIn<R extends Route> = R['body'] extends AnySchema ? z.input<R['body']> : never;
/** The body as the handler reads it, parsed. */
export type BodyOut<R extends Route> = R['body'] extends AnySchema ? z.output<R['body']> : undefined;
export type QueryIn<R extends Route> = R['query'] extends AnySchema ? z.input<R['query']> : never;
export type QueryOut<R extends Route> = R['query'] extends AnySchema ? z.output<R['query']> : undefined;
/** The path's `:params`, each a string as the router gives them. */
export type ParamsOf<R extends Route> = Record<PathParams<R['path']>, string>;

/** A field of the call's input when the route takes it; one the route can do without (all of its fields optional) may be left out. */
type Optional<K extends string, V> = [V] extends [never]
  ? unknown
  : Record<never, never> extends V
    ? { [key in K]?: V }
    : { [key in K]: V };
type ParamsField<R extends Route> = [PathParams<R['path']>] extends [never]
  ? unknown
  : { params: Record<PathParams<R['path']>, string | number> };

/** What the browser passes to call a route: its path's params, its query and its body, as each applies. */
export type CallInput<R extends Route> = ParamsField<R> & Optional<'query', QueryIn<R>> & Optional<'body', BodyIn<R>>;
