import { routePath } from '../../../../contract/api.ts';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '../../../../contract/admin.ts';
import type { AdminActivityEntry } from '../../../../contract/admin.ts';
import {
  decideVerification,
  openDocumentFile,
  professionalDocuments,
  verificationQueue,
} from '../../../../contract/verification.ts';
import type { VerificationQueueEntry } from '../../../../contract/verification.ts';
import { requestAsAdmin, signInAdmin, startTestAppWithAdmin, type SignedInAdmin } from '../../../test/admin.ts';
import { bearer, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { type TestApp, useTestApp } from '../../../test/harness.ts';

// The administrator's console on a phone: one Activity list across every account
// (GET /api/admin/activity, newest first, a page after a cursor, one kind of action if asked) and
// the queue of professionals waiting for verification with who opened which document.
const HOUR = 3_600_000;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake png body'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

let app: TestApp;
let admin: SignedInAdmin;
useTestApp(async () => ({ app, admin } = await startTestAppWithAdmin()));

const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}, token = admin.token) =>
  requestAsAdmin(app, token, path, init);
const setStatus = (id: number, status: 'active' | 'suspended') =>
  asAdmin(`/api/admin/users/${id}/status`, { method: 'PUT', json: { status } });

/** Every page of the list from the start, following each answer's cursor. */
async function allPages(query: string): Promise<{ pages: AdminActivityEntry[][]; entries: AdminActivityEntry[] }> {
  const pages: AdminActivityEntry[][] = [];
  let cursor: string | null = null;
  do {
    const res = await asAdmin(`/api/admin/activity?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.entries);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 100);
  return { pages, entries: pages.flat() };
}

describe('GET /api/admin/activity: every administrator action, newest first', () => {
  it('pages through the whole log with the cursor, never repeating or skipping an entry, even as new ones are written', async () => {
    const ama = await signUpAndPay(app, { firstName: 'Ama', lastName: 'Paged' });
    for (let i = 0; i < 3; i++) {
      expect((await setStatus(ama.userId, 'suspended')).status).toBe(200);
      expect((await setStatus(ama.userId, 'active')).status).toBe(200);
    }
    const first = await asAdmin('/api/admin/activity?limit=4');
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(4);
    expect(first.body.entries[0]).toMatchObject({
      action: 'user.activate',
      admin: admin.username,
      targetType: 'user',
      targetId: String(ama.userId),
      before: { status: 'suspended' },
      after: { status: 'active' },
      subject: { id: ama.userId, name: 'Ama Paged', exists: true },
    });
    // An action taken while the administrator reads the first page does not shift the next one.
    expect((await setStatus(ama.userId, 'suspended')).status).toBe(200);
    const second = await asAdmin(`/api/admin/activity?limit=4&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e: AdminActivityEntry) => e.id)).toEqual(
      (
        await app
          .db('admin_audit_log')
          .where('id', '<', Number(first.body.nextCursor))
          .orderBy('id', 'desc')
          .limit(4)
          .pluck('id')
      ).map(Number),
    );

    const { pages, entries } = await allPages('limit=4');
    const ids = entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toHaveLength(Number((await app.db('admin_audit_log').count({ n: '*' }))[0].n));
    expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
  });

  it("names the account each entry concerns: the user, a payout's affiliate, none for settings, and says when it was deleted", async () => {
    const affiliate = await signUpAffiliate(app, { firstName: 'Kofi', lastName: 'Payee' });
    await app.request('/api/dev/affiliate-credit', { method: 'POST', json: { email: affiliate.email, amount: 300 } });
    const asked = await app.request('/api/affiliate/payouts', { method: 'POST', headers: bearer(affiliate.token) });
    expect(asked.status).toBe(201);
    expect((await asAdmin(`/api/admin/payouts/${asked.body.payout.id}/approve`, { method: 'PUT' })).status).toBe(200);
    const settings = (await asAdmin('/api/admin/settings')).body.settings;
    expect(
      (await asAdmin('/api/admin/settings', { method: 'PUT', json: { ...settings, reminderDays: 6 } })).status,
    ).toBe(200);
    const leaving = await signUpAndPay(app, { firstName: 'Esi', lastName: 'Leaving' });
    expect((await setStatus(leaving.userId, 'suspended')).status).toBe(200);
    expect((await asAdmin(`/api/admin/users/${leaving.userId}`, { method: 'DELETE' })).status).toBe(200);

    const [deleted, suspended, changed, approved] = (await asAdmin('/api/admin/activity?limit=4')).body
      .entries as AdminActivityEntry[];
    expect(approved).toMatchObject({
      action: 'payout.approve',
      targetType: 'payout',
      subject: { id: affiliate.id, name: 'Kofi Payee', exists: true },
    });
    expect(changed).toMatchObject({
      action: 'settings.update',
      subject: null,
      before: { reminderDays: settings.reminderDays },
      after: { reminderDays: 6 },
    });
    // The log keeps who and when; the deleted account's name is gone with its personal data.
    expect(suspended).toMatchObject({ action: 'user.suspend', subject: { id: leaving.userId, exists: false } });
    expect(deleted).toMatchObject({ action: 'user.delete', subject: { id: leaving.userId, exists: false } });
    expect(deleted.subject?.name).not.toContain('Leaving');
    await asAdmin('/api/admin/settings', { method: 'PUT', json: settings });
  });

  it('keeps one kind of action when asked, paging within it', async () => {
    const kwame = await signUpAndPay(app, { firstName: 'Kwame', lastName: 'Filtered' });
    for (let i = 0; i < 3; i++) {
      await setStatus(kwame.userId, 'suspended');
      await setStatus(kwame.userId, 'active');
    }
    const { pages, entries } = await allPages('action=user.suspend&limit=2');
    expect(pages.length).toBeGreaterThan(1);
    expect(entries.length).toBe(
      Number((await app.db('admin_audit_log').where({ action: 'user.suspend' }).count({ n: '*' }))[0].n),
    );
    expect(entries.every((e) => e.action === 'user.suspend')).toBe(true);
    const none = await asAdmin('/api/admin/activity?action=verification.verify');
    expect(none).toMatchObject({ status: 200, body: { success: true, entries: [], nextCursor: null } });
  });

  it('refuses a cursor, limit or action it did not offer with 400 and a plain message, never a server error', async () => {
    const cases: [string, string][] = [
      ['cursor=abc', ACTIVITY_MESSAGES.badCursor],
      ['cursor=0', ACTIVITY_MESSAGES.badCursor],
      ['cursor=-5', ACTIVITY_MESSAGES.badCursor],
      ['cursor=1.5', ACTIVITY_MESSAGES.badCursor],
      ['cursor=', ACTIVITY_MESSAGES.badCursor],
      ['cursor=99999999999999999999999', ACTIVITY_MESSAGES.badCursor],
      ['cursor=1&cursor=2', ACTIVITY_MESSAGES.badCursor],
      ["cursor=1'%20or%201=1", ACTIVITY_MESSAGES.badCursor],
      ['limit=0', ACTIVITY_MESSAGES.badLimit],
      ['limit=101', ACTIVITY_MESSAGES.badLimit],
      ['limit=2.5', ACTIVITY_MESSAGES.badLimit],
      ['limit=lots', ACTIVITY_MESSAGES.badLimit],
      ['action=user.hack', ACTIVITY_MESSAGES.badAction],
      ['action=', ACTIVITY_MESSAGES.badAction],
    ];
    for (const [query, message] of cases) {
      const res = await asAdmin(`/api/admin/activity?${query}`);
      expect(res, query).toMatchObject({ status: 400, body: { success: false, message } });
    }
    // The largest cursor the list accepts is still answered (with what comes before it).
    expect((await asAdmin('/api/admin/activity?cursor=999999999999999999&limit=100')).status).toBe(200);
  });

  it('answers 401 to anyone but an administrator, without entries', async () => {
    const customer = await signUpAndPay(app);
    const affiliate = await signUpAffiliate(app);
    for (const headers of [
      {},
      bearer(customer.token),
      bearer(affiliate.token),
      { authorization: 'Bearer not-a-real-token-at-all-xxxxxxxx' },
    ]) {
      const res = await app.request('/api/admin/activity', { headers });
      expect(res.status).toBe(401);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'message', 'success']);
    }
  });
});

describe('GET /api/admin/verification-queue: who waits for review, and who opened what', () => {
  const professional = (lastName: string) =>
    signUpAndPay(app, {
      userType: 'professional',
      profession: 'Electrician',
      localAddress: 'Osu, Accra',
      firstName: 'Kwaku',
      lastName,
    });
  const upload = (token: string, kind: string, bytes: Buffer, type: string, name: string) =>
    app.request(`/api/professional/documents/${kind}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(bytes),
    });
  const openFile = (docId: number, token = admin.token) =>
    fetch(app.url + routePath(openDocumentFile.path, { id: docId }), { headers: bearer(token) });
  const queue = async (query = 'pageSize=50') => {
    const res = await asAdmin(`${verificationQueue.path}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: number; page: number; pageSize: number; professionals: VerificationQueueEntry[] };
  };

  it('lists waiting professionals longest-waiting first, each document with who opened it and when, and drops them once decided', async () => {
    const later = await professional('Later');
    const earlier = await professional('Earlier');
    const idle = await professional('Idle');
    const start = app.clock.now();
    // Earlier sent their documents first; Later sent theirs an hour afterwards.
    await upload(earlier.token, 'ghana-card', PNG, 'image/png', 'card.png');
    const sent = await upload(earlier.token, 'trade-certificate', PDF, 'application/pdf', 'cert.pdf');
    app.clock.advance(HOUR);
    await upload(later.token, 'ghana-card', PNG, 'image/png', 'later-card.png');
    const [card, cert] = sent.body.documents as { id: number; kind: string }[];

    const other = await signInAdmin(app);
    expect((await openFile(card.id)).status).toBe(200);
    app.clock.advance(HOUR);
    expect((await openFile(card.id, other.token)).status).toBe(200);

    const { professionals, total } = await queue();
    expect(total).toBe(professionals.length);
    const ids = professionals.map((p) => p.id);
    expect(ids).toContain(earlier.userId);
    expect(ids.indexOf(earlier.userId)).toBeLessThan(ids.indexOf(later.userId));
    expect(ids).not.toContain(idle.userId);
    const waiting = professionals.find((p) => p.id === earlier.userId)!;
    expect(waiting).toMatchObject({
      name: 'Kwaku Earlier',
      email: earlier.body.email,
      profession: 'Electrician',
      waitingSince: start.toISOString(),
    });
    expect(waiting.documents.map((d) => [d.kind, d.fileName, d.openings])).toEqual([
      [
        'ghana-card',
        'card.png',
        [
          { admin: other.username, at: new Date(start.getTime() + 2 * HOUR).toISOString() },
          { admin: admin.username, at: new Date(start.getTime() + HOUR).toISOString() },
        ],
      ],
      ['trade-certificate', 'cert.pdf', []],
    ]);
    // The professional's own verification view shows the same openings to the administrator.
    const view = await asAdmin(routePath(professionalDocuments.path, { id: earlier.userId }));
    expect(view.body.documents.map((d: { openings: unknown[] }) => d.openings.length)).toEqual([2, 0]);

    // Pages: one at a time, the same order.
    const second = await queue(`page=2&pageSize=1`);
    expect(second).toMatchObject({ page: 2, pageSize: 1, total });
    expect(second.professionals.map((p) => p.id)).toEqual([ids[1]]);

    expect((await openFile(cert.id)).status).toBe(200);
    const decided = await asAdmin(routePath(decideVerification.path, { id: earlier.userId }), {
      method: 'PUT',
      json: { decision: 'verified' },
    });
    expect(decided.status).toBe(200);
    expect((await queue()).professionals.map((p) => p.id)).not.toContain(earlier.userId);
  });

  it('refuses a page it cannot give with 400, and anyone but an administrator with 401', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=51', 'pageSize=0', 'page=1.5']) {
      const res = await asAdmin(`${verificationQueue.path}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/^page(Size)? must be/);
    }
    const customer = await signUpAndPay(app);
    for (const headers of [{}, bearer(customer.token)]) {
      expect((await app.request(verificationQueue.path, { headers })).status).toBe(401);
    }
  });
});
