import type { Middleware } from 'koa';
import { badRequest } from './errors.ts';

const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';
/** No request of ours nests deeper than a few levels; 10,000 levels overflowed the stack. */
export const MAX_DEPTH = 32;
const DEPTH_MESSAGE = `The request is nested too deeply (more than ${MAX_DEPTH} levels).`;

export type BodyProblem = { kind: 'nul'; field: string } | { kind: 'depth' } | null;

interface Frame {
  value: unknown;
  key: string;
  parent: Frame | null;
  depth: number;
}
const pathOf = (frame: Frame) => {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) keys.unshift(f.key);
  return keys.join('.') || '(body)';
};

/**
 * The first problem in a parsed JSON value: a string or key holding U+0000 (named by its path,
 * "items.0.name"), or nesting deeper than MAX_DEPTH. Walked with a stack of its own, each value
 * once, so neither depth nor size can overflow the call stack or cost more than one pass.
 */
export function bodyProblem(root: unknown): BodyProblem {
  const stack: Frame[] = [{ value: root, key: '', parent: null, depth: 0 }];
  while (stack.length) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', field: pathOf(frame) };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (frame.depth >= MAX_DEPTH) return { kind: 'depth' };
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i];
      const child = { value: inner, key: key.replaceAll('\u0000', '\\u0000'), parent: frame, depth: frame.depth + 1 };
      if (key.includes('\u0000')) return { kind: 'nul', field: pathOf(child) };
      stack.push(child);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (it fails the statement), and no person types one: refuse it
 * in the body or the query with a 400 naming the field, before any handler sees it. A body nested
 * beyond MAX_DEPTH is refused here too.
 */
export function noNulCharacters(): Middleware {
  return async (ctx, next) => {
    const problem =
      bodyProblem((ctx.request as { body?: unknown }).body) ?? (ctx.querystring ? bodyProblem(ctx.query) : null);
    if (problem?.kind === 'nul') throw badRequest(NUL_MESSAGE, [{ field: problem.field, message: NUL_MESSAGE }]);
    if (problem?.kind === 'depth') throw badRequest(DEPTH_MESSAGE);
    await next();
  };
}
