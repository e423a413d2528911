import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, DEFAULT_SETTINGS, listAdminAffiliates, listAdminUsers } from '../../../../contract/admin.ts';
import type { AdminUser } from '../../../../contract/admin.ts';
import { ApiError, NetworkError, TimeoutError } from '../../lib/api.ts';
import { routeUrl } from '../../lib/call.ts';
import { activitySentence, collapseRereads, sentenceText, whenText } from './activity.ts';
import { chartBars, niceMax } from './chart.ts';
import { DELETE_FAILURE, failureText, UPDATE_FAILURE } from './failures.ts';
import { listQuery, pageCount, rangeLabel } from './lists.ts';
import { payoutActions, payoutDoneText, takesNote } from './payouts.ts';
import { readProfileForm, toProfileForm } from './profile-form.ts';
import { readSettingsForm, toSettingsForm } from './settings-form.ts';

describe('server lists (search and pagination on the server)', () => {
  it('asks for a page, with the search and payout status only when set', () => {
    expect(listQuery({ search: '  0241234567 ', page: 2 })).toEqual({ search: '0241234567', page: 2, pageSize: 25 });
    expect(listQuery({ search: '', page: 1, status: 'all' })).toEqual({ page: 1, pageSize: 25 });
    expect(listQuery({ search: '', page: 1, status: 'pending' }, 10)).toEqual({
      page: 1,
      pageSize: 10,
      status: 'pending',
    });
    expect(routeUrl(listAdminUsers, { query: listQuery({ search: '  0241234567 ', page: 2 }) })).toBe(
      '/api/admin/users?search=0241234567&page=2&pageSize=25',
    );
    expect(routeUrl(listAdminAffiliates, { query: listQuery({ search: 'a&b=c', page: 1 }) })).toBe(
      '/api/admin/affiliates?search=a%26b%3Dc&page=1&pageSize=25',
    );
  });

  it('says where the page is', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(rangeLabel(0, 1, 25)).toBe('No results');
    expect(rangeLabel(73, 2, 25)).toBe('Showing 26–50 of 73');
    expect(rangeLabel(73, 3, 25)).toBe('Showing 51–73 of 73');
  });
});

describe('payout status line', () => {
  it('names the payout by its amount, affiliate and date, not its reference', () => {
    const payout = { affiliateName: 'Kofi Payee', amount: 300, requestDate: '2026-11-25T09:00:00.000Z' };
    expect(payoutDoneText(payout, 'complete')).toBe(
      'The ₵300.00 payout to Kofi Payee requested on 25 Nov 2026 was completed.',
    );
  });
});

describe('payout buttons (approve and reject only for pending payouts, complete only for processing ones)', () => {
  it('offers only the allowed transitions', () => {
    expect(payoutActions('pending')).toEqual(['approve', 'reject']);
    expect(payoutActions('processing')).toEqual(['complete']);
    expect(payoutActions('completed')).toEqual([]);
    expect(payoutActions('failed')).toEqual([]);
  });
  it('asks for a note on reject and complete only (the server refuses one on approve)', () => {
    expect([takesNote('approve'), takesNote('reject'), takesNote('complete')]).toEqual([false, true, true]);
  });
});

describe('failure texts', () => {
  const answered = new ApiError(409, 'An account with this phone number already exists.', null);
  it('"Failed to update user: {message}", or "Failed to update user. Please try again." on network error', () => {
    expect(failureText(answered, UPDATE_FAILURE)).toBe(
      'Failed to update user: An account with this phone number already exists.',
    );
    expect(failureText(new NetworkError(), UPDATE_FAILURE)).toBe('Failed to update user. Please try again.');
    expect(failureText(new TimeoutError(), UPDATE_FAILURE)).toBe('Failed to update user. Please try again.');
  });
  it('"Failed to delete user: {message}", or "Failed to delete user. Please try again."', () => {
    expect(failureText(new ApiError(404, 'User not found.', null), DELETE_FAILURE)).toBe(
      'Failed to delete user: User not found.',
    );
    expect(failureText(new NetworkError(), DELETE_FAILURE)).toBe(ADMIN_MESSAGES.deleteFailedNetwork);
  });
  it('other actions show the server message, never success (never a fixed "sent successfully")', () => {
    expect(failureText(new ApiError(409, 'This user has no subscription to remind about.', null))).toBe(
      'This user has no subscription to remind about.',
    );
    expect(failureText(new ApiError(502, 'Bad gateway', null))).toBe(ADMIN_MESSAGES.network);
  });
});

describe('Activity as sentences', () => {
  const entry = (
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    target = '7',
  ) => ({
    id: 1,
    at: '2026-11-25T14:03:00.000Z',
    admin: 'ama',
    action,
    targetType: action.startsWith('payout.') ? 'payout' : 'user',
    targetId: target,
    before,
    after,
  });
  const say = (e: ReturnType<typeof entry>, name?: string) =>
    sentenceText(activitySentence(e, name !== undefined), name);
  const sayRun = (e: Parameters<typeof activitySentence>[0]) => sentenceText(activitySentence(e));

  it('says who did what, with what it was before', () => {
    expect(whenText('2026-11-25T14:03:00.000Z')).toBe('25 Nov 2026, 14:03');
    expect(whenText('2026-09-01T07:05:00.000Z')).toBe('1 Sep 2026, 07:05');
    expect(say(entry('user.suspend', { status: 'active' }, { status: 'suspended' }))).toBe(
      'ama suspended the account (was active).',
    );
    expect(
      say(
        entry(
          'user.update',
          { phone: '+233241234567', location: null, description: 'Old' },
          { phone: '+233551234567', location: 'Kumasi', description: '' },
        ),
      ),
    ).toBe(
      'ama edited the profile: changed the phone from +233241234567 to +233551234567; set the location to Kumasi; cleared the description (was Old).',
    );
    expect(
      say(entry('payout.complete', { status: 'processing' }, { status: 'completed', notes: 'Paid by MoMo' }, '12')),
    ).toBe('ama marked payout #12 as paid, noting “Paid by MoMo”.');
    expect(say(entry('document.view', null, { documentId: 3, kind: 'ghana-card', ip: '::1' }))).toBe(
      'ama opened the Ghana Card.',
    );
    expect(say(entry('settings.update', { reminderDays: 7 }, { reminderDays: 5 }))).toBe(
      'ama changed the platform settings: changed the reminder days before expiry from 7 to 5.',
    );
    expect(say(entry('user.rename', null, null))).toBe('ama did “user.rename” on user 7.');
    // A field recorded on both sides but unchanged says nothing; a long text is shortened.
    expect(
      say(
        entry(
          'verification.reject',
          { reason: null, status: 'pending' },
          { reason: 'x'.repeat(100), status: 'rejected' },
        ),
      ),
    ).toBe(`ama rejected the verification, giving the reason “${'x'.repeat(57)}…”.`);
  });

  it('names the account in the list across accounts', () => {
    expect(say(entry('user.suspend', { status: 'active' }, { status: 'suspended' }), 'Abena Owusu')).toBe(
      'ama suspended the account of Abena Owusu (was active).',
    );
    expect(say(entry('user.reminder', null, {}), 'Abena Owusu')).toBe(
      'ama sent a subscription reminder to Abena Owusu.',
    );
    expect(say(entry('payout.approve', { status: 'pending' }, { status: 'processing' }, '12'), 'Kofi Payee')).toBe(
      'ama approved payout #12 of Kofi Payee (was pending).',
    );
    expect(activitySentence(entry('user.suspend', null, null), true)).toContainEqual({ subject: true });
  });

  it('names a deleted account once, and ends a sentence with one full stop', () => {
    expect(say(entry('user.delete', { status: 'active' }, null), 'account #5')).toBe(
      'ama deleted account #5, removing its personal data.',
    );
    expect(say(entry('user.delete', { status: 'active' }, null))).toBe(
      'ama deleted the account, removing its personal data.',
    );
    expect(
      say(entry('payout.complete', { status: 'processing' }, { status: 'completed', notes: 'Paid by MoMo.' }, '12')),
    ).toBe('ama marked payout #12 as paid, noting “Paid by MoMo.”');
    expect(say(entry('report.message', null, { body: 'Who is right?' }, '1'))).toBe(
      'ama wrote to both parties in problem report #1: “Who is right?”',
    );
  });

  it('reads one administrator opening the same report again and again as one line', () => {
    const opened = (id: number, at: string, target = '1', admin = 'ama') => ({
      ...entry('report.view', null, null, target),
      id,
      at,
      admin,
      targetType: 'report',
    });
    const lines = collapseRereads([
      opened(6, '2026-11-25T14:05:00.000Z'),
      opened(5, '2026-11-25T14:04:00.000Z'),
      opened(4, '2026-11-25T14:03:00.000Z'),
      opened(3, '2026-11-25T14:02:00.000Z', '2'),
      opened(2, '2026-11-25T14:01:00.000Z', '1', 'kofi'),
      opened(1, '2026-11-25T10:00:00.000Z', '1', 'kofi'),
    ]);
    expect(lines.map((line) => [line.id, sayRun(line)])).toEqual([
      [6, 'ama opened problem report #1 (3 times from 14:03).'],
      [3, 'ama opened problem report #2.'],
      [2, 'kofi opened problem report #1.'],
      [1, 'kofi opened problem report #1.'],
    ]);
    // Anything else is never merged.
    const suspended = entry('user.suspend', null, null);
    expect(collapseRereads([suspended, { ...suspended, id: 2 }])).toHaveLength(2);
  });
});

describe('12-month chart geometry', () => {
  const history = [
    { month: '2025-12', signups: 0, revenue: 0 },
    { month: '2026-01', signups: 4, revenue: 37 },
    { month: '2026-02', signups: 2, revenue: 10 },
  ];
  it('scales to a round top and puts each bar on the baseline', () => {
    expect([niceMax(0), niceMax(4), niceMax(37), niceMax(100), niceMax(101)]).toEqual([1, 5, 50, 100, 200]);
    const { bars, max } = chartBars(history, 'signups', 300, 100);
    expect(max).toBe(5);
    expect(bars.map((b) => [b.label, b.height, b.y + b.height])).toEqual([
      ['Dec 2025', 0, 100],
      ['Jan 2026', 80, 100],
      ['Feb 2026', 40, 100],
    ]);
    expect(bars[1]!.x).toBeGreaterThan(bars[0]!.x);
  });
  it('draws nothing taller than the box when every month is zero', () => {
    expect(chartBars([{ month: '2026-03', signups: 0, revenue: 0 }], 'revenue', 300, 100).bars[0]!.height).toBe(0);
  });
});

describe('settings form (checked with the shared settingsSchema)', () => {
  it('reads the six values as numbers', () => {
    const form = { ...toSettingsForm(DEFAULT_SETTINGS), reminderDays: '5' };
    expect(readSettingsForm(form)).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, reminderDays: 5 } });
  });
  it('gives the schema message per field: empty, out of range, commission over price', () => {
    const result = readSettingsForm({ ...toSettingsForm(DEFAULT_SETTINGS), reminderDays: '', gracePeriodDays: '31' });
    expect(result).toEqual({
      ok: false,
      errors: { reminderDays: 'Reminder days must be a number', gracePeriodDays: 'Grace period must be 0 to 30' },
    });
    // The cross-field rule runs once every field is valid on its own.
    expect(readSettingsForm({ ...toSettingsForm(DEFAULT_SETTINGS), customerCommission: '11' })).toEqual({
      ok: false,
      errors: { customerCommission: 'A commission cannot be more than the plan price' },
    });
  });
});

describe('profile edit form (adminProfileSchema)', () => {
  const user: AdminUser = {
    id: 7,
    name: 'Ama Mensah',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    phone: '+233241234567',
    type: 'customer',
    status: 'active',
    joinDate: '2026-01-01T00:00:00.000Z',
    lastActive: null,
    subscription: 'Customer plan',
    subscriptionDate: null,
    subscriptionExpiry: null,
    subscriptionStatus: 'active',
    autoRenewal: false,
    renewalCancelled: false,
    location: null,
    description: null,
    profession: null,
    totalEarnings: 0,
    jobsCompleted: 0,
    rating: null,
    verified: false,
    verificationStatus: null,
  };
  it('starts from the server record and sends no profession for a customer', () => {
    const read = readProfileForm({ ...toProfileForm(user), profession: 'Plumber' });
    expect(read).toEqual({
      ok: true,
      profile: expect.objectContaining({ firstName: 'Ama', type: 'customer', profession: '', location: '' }),
    });
  });
  it('a professional needs a profession from the list; a bad email is named', () => {
    const read = readProfileForm({ ...toProfileForm(user), type: 'professional', email: 'nope' });
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.errors.email).toBe('Please enter a valid email address');
      expect(read.errors.profession).toBe('Please select a profession from the list');
    }
  });
});
