import { expect, test } from 'vitest';
import { rateSummary, cedis } from './dashboard-format.ts';

test('the rate preview', () => {
  expect(rateSummary(30, 55.5, true, cedis)).toBe('₵30–₵55.5 per hour · negotiable');
});
