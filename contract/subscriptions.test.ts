import { expect, it } from 'vitest';
import { DAY_MS } from './dates.ts';
import { subscriptionState } from './subscriptions.ts';

const now = new Date('2026-11-22T09:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

it('is active, then expiring in the last 7 days, in grace for 3 days after, then expired', () => {
  expect(subscriptionState(inDays(8), now)).toBe('active');
  expect(subscriptionState(inDays(7), now)).toBe('expiring');
  expect(subscriptionState(inDays(0.01), now)).toBe('expiring');
  expect(subscriptionState(inDays(0), now)).toBe('grace');
  expect(subscriptionState(inDays(-2.9), now)).toBe('grace');
  expect(subscriptionState(inDays(-3), now)).toBe('expired');
  expect(subscriptionState(null, now)).toBe('none');
});
