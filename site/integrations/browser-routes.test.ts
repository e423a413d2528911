import { describe, expect, it } from 'vitest';
import { browserRouteDeclarations } from './browser-routes.ts';

describe('route declarations in the browser keep only their method and path', () => {
  it('drops schemas, caller, answer, status and summary, values over several lines included, and nothing outside a declaration', () => {
    const source = [
      'const messageSchema = z.object({ body: z.string(), status: z.string() });',
      'export const a = route({',
      "  method: 'POST',",
      "  path: '/api/a/:id',",
      '  body: messageSchema,',
      '  query: z.object({',
      '    since: z.optional(z.number()),',
      '  }),',
      "  caller: 'signed-in',",
      '  answer: json<',
      '    A',
      '  >(),',
      '  status: 201,',
      '  summary:',
      "    'On the next line.',",
      '});',
      'export const b = route({',
      "  method: 'GET',",
      '  // a comment about the path',
      "  path: '/api/b',",
      "  summary: 'B.',",
      '});',
    ].join('\n');
    expect(browserRouteDeclarations(source)).toBe(
      [
        'const messageSchema = z.object({ body: z.string(), status: z.string() });',
        'export const a = route({',
        "  method: 'POST',",
        "  path: '/api/a/:id',",
        '});',
        'export const b = route({',
        "  method: 'GET',",
        "  path: '/api/b',",
        '});',
      ].join('\n'),
    );
  });
});
