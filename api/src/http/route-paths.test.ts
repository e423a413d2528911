import { describe, expect, it } from 'vitest';
import { routePath } from '../../../contract/api.ts';
import { isPathOf } from './route-paths.ts';

describe('route path helpers', () => {
  it('fills and encodes params, and refuses a missing one', () => {
    expect(routePath('/api/bookings/:id/messages', { id: 7 })).toBe('/api/bookings/7/messages');
    expect(routePath('/api/:type-data/:email', { type: 'customer', email: 'a b@x.com' })).toBe(
      '/api/customer-data/a%20b%40x.com',
    );
    expect(() => routePath('/api/bookings/:id', {} as { id: number })).toThrow(/:id/);
  });

  it('matches a request path against a contract path, one segment per param', () => {
    expect(isPathOf('/api/reports/:id/photos', '/api/reports/12/photos')).toBe(true);
    expect(isPathOf('/api/reports/:id/photos', '/api/reports/1/2/photos')).toBe(false);
    expect(isPathOf('/api/me/photo', '/api/me/photos')).toBe(false);
  });
});
