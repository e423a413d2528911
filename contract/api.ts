/** The names of a route path's `:params` (a name ends at `/` or `-`, as the router reads it). */
type ParamName<Segment extends string> = Segment extends `${infer Name}-${string}` ? Name : Segment;
export type PathParams<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer After}`
    ? ParamName<Segment> | PathParams<`/${After}`>
    : ParamName<Rest>
  : never;

/**
 * A route path from contract/ with its `:params` filled in, each encoded:
 * routePath(sendChatMessage.path, { id: 7 }) is '/api/bookings/7/messages'. A route's path is written
 * once, in its declaration (contract/route.ts); tests and site/src/lib/call.ts fill it with this.
 */
export function routePath<Path extends string>(path: Path, params: Record<PathParams<Path>, string | number>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`routePath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(values[name]));
  });
}

/** The answer of a change that says only that it worked. */
export interface OkAnswer {
  success: true;
}

/** The answer of a change the browser confirms in the server's own words. */
export interface MessageAnswer {
  success: true;
  message: string;
}
