import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routePath } from '../../../contract/api.ts';
import { apiPathLiterals, filesUnder } from '../../../contract/source-files.test-helper.ts';
import { belowPrefix, isPathOf } from './route-paths.ts';

const featuresDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'features');
const featureSources = filesUnder(featuresDir, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));

describe('routes register the paths of contract/', () => {
  it('finds the features', () => {
    expect(featureSources.filter((path) => path.endsWith('routes.ts')).length).toBeGreaterThan(15);
  });

  it.each(featureSources.map((path) => relative(featuresDir, path)))('%s writes no /api/ path as text', (file) => {
    expect(apiPathLiterals(readFileSync(join(featuresDir, file), 'utf8'))).toEqual([]);
  });

  it('catches a path written as text and lets comments and contract paths be', () => {
    for (const line of ["router.get('/api/plans', h);", 'router.post(`/api/bookings/:id/accept`, h);', 'x("/api/x")'])
      expect(apiPathLiterals(line), line).not.toEqual([]);
    for (const line of ['fetch(planPrices.path);', ' * GET /api/plans: public', "// was '/api/plans'"])
      expect(apiPathLiterals(line), line).toEqual([]);
  });
});

describe('route path helpers', () => {
  it('fills and encodes params, and refuses a missing one', () => {
    expect(routePath('/api/bookings/:id/messages', { id: 7 })).toBe('/api/bookings/7/messages');
    expect(routePath('/api/:type-data/:email', { type: 'customer', email: 'a b@x.com' })).toBe(
      '/api/customer-data/a%20b%40x.com',
    );
    expect(() => routePath('/api/bookings/:id', {} as { id: number })).toThrow(/:id/);
  });

  it('gives a prefixed router the rest of the path, and only below its prefix', () => {
    expect(belowPrefix('/api/admin')('/api/admin/users/:id')).toBe('/users/:id');
    expect(() => belowPrefix('/api/admin')('/api/administrators')).toThrow();
  });

  it('matches a request path against a contract path, one segment per param', () => {
    expect(isPathOf('/api/reports/:id/photos', '/api/reports/12/photos')).toBe(true);
    expect(isPathOf('/api/reports/:id/photos', '/api/reports/1/2/photos')).toBe(false);
    expect(isPathOf('/api/me/photo', '/api/me/photos')).toBe(false);
  });
});
