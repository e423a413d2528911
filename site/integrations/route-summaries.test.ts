import { describe, expect, it } from 'vitest';
import { withoutSummaries } from './route-summaries.ts';

describe("a route's summary stays out of the site's bundles", () => {
  it('drops summaries written on one line, on the next line, or in two parts, and nothing else', () => {
    const source = [
      'export const a = route({',
      "  method: 'GET',",
      "  path: '/api/a',",
      "  summary: 'One line, with a \\'quote\\' in it.',",
      '});',
      'export const b = route({',
      "  path: '/api/b',",
      '  summary:',
      '    "On the next line.",',
      "  caller: 'anyone',",
      '});',
      'export const c = route({',
      "  summary: 'Two' + ' parts',",
      '});',
      "const words = { summary: 'kept: not on a line of its own' };",
    ].join('\n');
    const kept = withoutSummaries(source);
    expect(kept).not.toMatch(/One line|next line|Two/);
    expect(kept).toContain("path: '/api/a',");
    expect(kept).toContain("caller: 'anyone',");
    expect(kept).toContain("{ summary: 'kept: not on a line of its own' }");
  });
});
