import { expect, test } from 'vitest';
import { formatCedis } from '../../../contract/money.ts';
import { rateSummary } from './dashboard-format.ts';

test('the rate preview', () => {
  expect(rateSummary(30, 55.5, true, formatCedis)).toBe('₵30–₵55.5 per hour · negotiable');
});
