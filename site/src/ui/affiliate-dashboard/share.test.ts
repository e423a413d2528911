import { expect, test } from 'vitest';
import { minimumPayoutMessage, canRequestPayout } from './store.ts';
import { shareMessage, shareTargets, signupLink } from './share.ts';

test('the share message and every share link carry the code and the ?ref= sign-up link', () => {
  const link = signupLink('https://example.gh', 'SEAFFAB12CD');
  expect(link).toBe('https://example.gh/signup?ref=SEAFFAB12CD');
  expect(shareMessage('SEAFFAB12CD', link)).toContain('SEAFFAB12CD');
  expect(shareMessage('SEAFFAB12CD', link)).toContain(link);
  const targets = shareTargets('SEAFFAB12CD', link);
  expect(targets.map((t) => t.name)).toEqual(['WhatsApp', 'Facebook', 'Twitter/X']);
  expect(targets[0]!.href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(targets[1]!.href.startsWith('https://www.facebook.com/sharer/sharer.php?u=')).toBe(true);
  expect(targets[2]!.href.startsWith('https://twitter.com/intent/tweet?text=')).toBe(true);
  for (const t of targets) expect(decodeURIComponent(t.href)).toContain(link);
  expect(decodeURIComponent(targets[0]!.href)).toContain('SEAFFAB12CD');
});

test('payouts need ₵250 pending and an active account; the message matches the server', () => {
  expect(minimumPayoutMessage(4)).toBe('Minimum payout is ₵250. You currently have ₵4.00');
  expect(canRequestPayout({ pendingPayout: 249.99, status: 'active' })).toBe(false);
  expect(canRequestPayout({ pendingPayout: 250, status: 'active' })).toBe(true);
  expect(canRequestPayout({ pendingPayout: 300, status: 'suspended' })).toBe(false);
});
