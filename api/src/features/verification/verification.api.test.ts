import { routePath } from '../../../../contract/api.ts';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
  decideVerification,
  openDocumentFile,
  ownVerification,
  professionalDocuments,
  type DocumentKind,
} from '../../../../contract/verification.ts';
import { requestAsAdmin, signInAdmin, startTestAppWithAdmin, type SignedInAdmin } from '../../../test/admin.ts';
import { bearer, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { anonymiseExpiredAccounts } from '../privacy/retention.ts';

// Professional verification: uploads checked by their bytes and size, documents served
// only to administrators with every access logged, the decision audited and the badge following it.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake png body'),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

let app: TestApp;
let admin: SignedInAdmin;
useTestApp(async () => ({ app, admin } = await startTestAppWithAdmin()));

const professional = (overrides: Record<string, unknown> = {}) =>
  signUpAndPay(app, { userType: 'professional', profession: 'Electrician', localAddress: 'Osu, Accra', ...overrides });

function upload(token: string, kind: string, bytes: Buffer, type: string, name = `${kind}.bin`) {
  return app.request(`/api/professional/documents/${kind}`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': type, 'x-file-name': encodeURIComponent(name) },
    body: new Uint8Array(bytes),
  });
}

const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}, token = admin.token) =>
  requestAsAdmin(app, token, path, init);
const decide = (id: number, json: unknown, token = admin.token) =>
  asAdmin(routePath(decideVerification.path, { id: id }), { method: 'PUT', json }, token);
const openFile = (docId: number, token = admin.token) =>
  fetch(app.url + routePath(openDocumentFile.path, { id: docId }), { headers: bearer(token) });
const docsOf = (userId: number) => app.db('professional_documents').where({ user_id: userId }).orderBy('kind');
const filesOf = (userId: number) =>
  app
    .db('professional_document_files as f')
    .join('professional_documents as d', 'd.id', 'f.document_id')
    .where('d.user_id', userId)
    .select('f.document_id');

/** Both documents uploaded and opened by the given administrator: ready to verify. */
async function readyForReview(token = admin.token) {
  const pro = await professional();
  const card = await upload(pro.token, 'ghana-card', PNG, 'image/png', 'card.png');
  const cert = await upload(pro.token, 'trade-certificate', PDF, 'application/pdf', 'cert.pdf');
  expect([card.status, cert.status]).toEqual([200, 200]);
  for (const d of cert.body.documents) expect((await openFile(d.id, token)).status).toBe(200);
  return { ...pro, documents: cert.body.documents as { id: number; kind: DocumentKind }[] };
}

async function badge(userId: number): Promise<boolean> {
  const customer = await signUpAndPay(app);
  const res = await app.request(`/api/professionals?q=${encodeURIComponent('Electrician')}`, {
    headers: bearer(customer.token),
  });
  expect(res.status).toBe(200);
  const listing = res.body.professionals.find((p: { id: number }) => p.id === userId);
  expect(listing, 'the professional is listed').toBeTruthy();
  return listing.verified;
}

describe('uploading documents (professional)', () => {
  it('stores a PNG, a JPG and a PDF by their bytes, with name, size, date and hash, and puts the professional in review', async () => {
    const pro = await professional();
    const before = await app.request(ownVerification.path, { headers: bearer(pro.token) });
    expect(before.body).toEqual({
      success: true,
      verification: { status: 'unverified', reason: null, verifiedAt: null },
      documents: [],
    });

    const card = await upload(pro.token, 'ghana-card', PNG, 'image/png', 'Ghana card (front).png');
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      success: true,
      message: VERIFICATION_MESSAGES.uploaded,
      verification: { status: 'pending', reason: null },
    });
    expect(card.body.documents).toEqual([
      {
        id: expect.any(Number),
        kind: 'ghana-card',
        fileName: 'Ghana card (front).png',
        contentType: 'image/png',
        size: PNG.length,
        uploadedAt: '2026-11-22T09:00:00.000Z',
      },
    ]);

    const jpg = await upload(pro.token, 'trade-certificate', JPG, 'image/jpeg', 'certificat-électricien.jpeg');
    expect(jpg.status).toBe(200);
    expect(jpg.body.documents.map((d: { kind: string; fileName: string }) => [d.kind, d.fileName])).toEqual([
      ['ghana-card', 'Ghana card (front).png'],
      ['trade-certificate', 'certificat-électricien.jpeg'],
    ]);

    const [row] = await app.db('professional_documents').where({ user_id: pro.userId, kind: 'ghana-card' });
    expect(row.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    const file = await app.db('professional_document_files').where({ document_id: row.id }).first();
    expect(Buffer.from(file!.bytes).equals(PNG)).toBe(true);

    // Replacing: the PDF takes the certificate's place (a new id); the JPG and its bytes are gone.
    const oldId = jpg.body.documents[1].id;
    const pdf = await upload(pro.token, 'trade-certificate', PDF, 'application/pdf', 'C:\\scans\\cert.pdf');
    expect(pdf.status).toBe(200);
    const cert = pdf.body.documents.find((d: { kind: string }) => d.kind === 'trade-certificate');
    expect(cert).toMatchObject({ contentType: 'application/pdf', fileName: 'cert.pdf', size: PDF.length });
    expect(cert.id).not.toBe(oldId);
    expect(await docsOf(pro.userId)).toHaveLength(2);
    expect(await app.db('professional_document_files').where({ document_id: oldId })).toHaveLength(0);
    expect((await app.request(ownVerification.path, { headers: bearer(pro.token) })).body.documents).toEqual(
      pdf.body.documents,
    );
    expect(pdf.body.documents[0]).not.toHaveProperty('opened');
  });

  it('gives a file the extension of its real type, and a name when none is sent', async () => {
    const pro = await professional();
    const exe = await upload(pro.token, 'ghana-card', PNG, 'image/png', 'card.exe');
    expect(exe.body.documents[0].fileName).toBe('card.exe.png');
    const none = await app.request('/api/professional/documents/trade-certificate', {
      method: 'PUT',
      headers: { ...bearer(pro.token), 'content-type': 'application/pdf' },
      body: new Uint8Array(PDF),
    });
    expect(none.body.documents[1].fileName).toBe('trade-certificate.pdf');
    const bad = await upload(pro.token, 'ghana-card', PNG, 'image/png');
    const broken = await app.request('/api/professional/documents/ghana-card', {
      method: 'PUT',
      headers: { ...bearer(pro.token), 'content-type': 'image/png', 'x-file-name': '%E0%A4%A' },
      body: new Uint8Array(PNG),
    });
    expect(bad.status).toBe(200);
    expect(broken).toMatchObject({ status: 400, body: { message: VERIFICATION_MESSAGES.badFileName } });
  });

  it('refuses other types, bytes that are not what they claim, empty files and unknown kinds, storing nothing', async () => {
    const pro = await professional();
    for (const type of ['text/plain', 'image/gif', 'application/json', 'application/octet-stream']) {
      const res = await upload(pro.token, 'ghana-card', PNG, type);
      expect(res, type).toMatchObject({
        status: 415,
        body: { success: false, message: VERIFICATION_MESSAGES.wrongType },
      });
    }
    const mismatches: [Buffer, string][] = [
      [PDF, 'image/png'],
      [PNG, 'image/jpeg'],
      [JPG, 'application/pdf'],
      [Buffer.from('MZ\x90\x00 a program'), 'image/png'],
      [Buffer.from([0x89, 0x50, 0x4e]), 'image/png'], // a PNG cut short
    ];
    for (const [bytes, type] of mismatches) {
      const res = await upload(pro.token, 'ghana-card', bytes, type);
      expect(res, type).toMatchObject({ status: 400, body: { message: VERIFICATION_MESSAGES.typeMismatch } });
    }
    expect(await upload(pro.token, 'ghana-card', Buffer.alloc(0), 'image/png')).toMatchObject({
      status: 400,
      body: { message: VERIFICATION_MESSAGES.empty },
    });
    expect(await upload(pro.token, 'passport', PNG, 'image/png')).toMatchObject({
      status: 404,
      body: { message: VERIFICATION_MESSAGES.unknownKind },
    });
    expect(await docsOf(pro.userId)).toEqual([]);
    expect((await app.request(ownVerification.path, { headers: bearer(pro.token) })).body.verification.status).toBe(
      'unverified',
    );
  });

  it('accepts exactly 5 MB and refuses one byte more with 413, storing nothing', async () => {
    const pro = await professional();
    const max = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    PNG.copy(max);
    expect((await upload(pro.token, 'ghana-card', max, 'image/png')).status).toBe(200);

    const over = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(over);
    const res = await upload(pro.token, 'trade-certificate', over, 'application/pdf');
    expect(res).toMatchObject({ status: 413, body: { success: false, message: VERIFICATION_MESSAGES.tooLarge } });
    expect((await docsOf(pro.userId)).map((d) => d.kind)).toEqual(['ghana-card']);

    // A body without a length (chunked) is cut off as soon as it passes the limit.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    PDF.copy(chunk);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(new Uint8Array(chunk));
        else controller.close();
      },
    });
    const chunked = await fetch(`${app.url}/api/professional/documents/trade-certificate`, {
      method: 'PUT',
      headers: { ...bearer(pro.token), 'content-type': 'application/pdf' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ message: VERIFICATION_MESSAGES.tooLarge });
    expect(await docsOf(pro.userId)).toHaveLength(1);
  });

  it('answers an oversize Content-Length before the body is sent at all', async () => {
    const pro = await professional();
    const { hostname, port } = new URL(app.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        hostname,
        port,
        method: 'PUT',
        path: '/api/professional/documents/ghana-card',
        headers: { ...bearer(pro.token), 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders(); // headers only: not one byte of the 50 MB follows
    });
    expect(status).toBe(413);
  });

  it('is for professionals only: customers and affiliates get 403, anonymous callers 401', async () => {
    const customer = await signUpAndPay(app);
    const affiliate = await signUpAffiliate(app);
    for (const token of [customer.token, affiliate.token]) {
      expect(await app.request(ownVerification.path, { headers: bearer(token) })).toMatchObject({
        status: 403,
        body: { message: VERIFICATION_MESSAGES.onlyProfessionals },
      });
      expect(await upload(token, 'ghana-card', PNG, 'image/png')).toMatchObject({
        status: 403,
        body: { message: VERIFICATION_MESSAGES.onlyProfessionals },
      });
    }
    expect((await app.request(ownVerification.path)).status).toBe(401);
    const anonymous = await app.request('/api/professional/documents/ghana-card', {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(anonymous.status).toBe(401);
    expect(await app.db('professional_documents').whereIn('user_id', [customer.userId, affiliate.id])).toEqual([]);
  });

  it('keeps other API routes JSON-only', async () => {
    const pro = await professional();
    const res = await app.request('/api/professional/rates', {
      method: 'PUT',
      headers: { ...bearer(pro.token), 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(res.status).toBe(415);
  });
});

describe('administrators review the documents', () => {
  it('refuses every caller but an administrator on each admin route, without leaking anything', async () => {
    const pro = await readyForReview();
    const customer = await signUpAndPay(app);
    const other = await professional();
    const affiliate = await signUpAffiliate(app);
    const docId = pro.documents[0].id;
    const endpoints: [string, string, unknown?][] = [
      ['GET', routePath(professionalDocuments.path, { id: pro.userId })],
      ['GET', routePath(openDocumentFile.path, { id: docId })],
      ['PUT', routePath(decideVerification.path, { id: pro.userId }), { decision: 'verified' }],
      [
        'PUT',
        routePath(decideVerification.path, { id: pro.userId }),
        { decision: 'rejected', reason: 'Blurred photo' },
      ],
    ];
    const callers: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['customer', bearer(customer.token)],
      ['professional (another)', bearer(other.token)],
      ['professional (the owner)', bearer(pro.token)],
      ['affiliate', bearer(affiliate.token)],
    ];
    const logged = (await app.db('document_access_log').count({ n: '*' }))[0].n;
    for (const [method, path, json] of endpoints) {
      for (const [who, headers] of callers) {
        const res = await app.request(path, { method, headers, json });
        expect(res.status, `${who} ${method} ${path}`).toBe(401);
        expect(Object.keys(res.body).sort(), `${who} ${method} ${path}`).toEqual(['code', 'message', 'success']);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      }
    }
    expect((await app.db('document_access_log').count({ n: '*' }))[0].n).toEqual(logged);
    expect((await app.request(ownVerification.path, { headers: bearer(pro.token) })).body.verification.status).toBe(
      'pending',
    );

    const res = await asAdmin(routePath(professionalDocuments.path, { id: pro.userId }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, verification: { status: 'pending' } });
    expect(res.body.documents.map((d: { id: number; opened: boolean }) => [d.id, d.opened])).toEqual(
      pro.documents.map((d) => [d.id, true]),
    );
    const otherAdmin = await signInAdmin(app);
    const theirs = await asAdmin(routePath(professionalDocuments.path, { id: pro.userId }), {}, otherAdmin.token);
    expect(theirs.body.documents.map((d: { opened: boolean }) => d.opened)).toEqual([false, false]);
    expect(JSON.stringify(res.body)).not.toMatch(/sha256|bytes/);
  });

  it('serves the file as a no-store attachment of its stored type, logging every open in the access and audit logs', async () => {
    const pro = await professional();
    const up = await upload(pro.token, 'ghana-card', PNG, 'image/png', 'Kofi’s card "front".png');
    const doc = up.body.documents[0];

    const first = await openFile(doc.id);
    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(PNG)).toBe(true);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="Kofi_s card _front_.png"; filename*=UTF-8''Kofi%E2%80%99s%20card%20%22front%22.png`,
    );
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");

    app.clock.set(new Date('2026-11-22T10:30:00Z'));
    const other = await signInAdmin(app);
    expect((await openFile(doc.id, other.token)).status).toBe(200);
    app.clock.set(new Date('2026-11-22T09:00:00Z'));

    const log = await app.db('document_access_log').where({ document_id: doc.id }).orderBy('id');
    expect(
      log.map((r) => [
        Number(r.admin_id),
        r.admin_username,
        Number(r.professional_id),
        r.document_kind,
        new Date(r.accessed_at).toISOString(),
      ]),
    ).toEqual([
      [admin.id, admin.username, pro.userId, 'ghana-card', '2026-11-22T09:00:00.000Z'],
      [other.id, other.username, pro.userId, 'ghana-card', '2026-11-22T10:30:00.000Z'],
    ]);
    expect(log[0].ip).toMatch(/127\.0\.0\.1/);

    const activity = (await asAdmin(`/api/admin/users/${pro.userId}`)).body.activity;
    expect(activity.filter((a: { action: string }) => a.action === 'document.view')).toEqual([
      expect.objectContaining({
        admin: other.username,
        targetType: 'user',
        targetId: String(pro.userId),
        after: expect.objectContaining({ documentId: doc.id, kind: 'ghana-card' }),
      }),
      expect.objectContaining({ admin: admin.username }),
    ]);

    const missing = await asAdmin(routePath(openDocumentFile.path, { id: 999_999 }));
    expect(missing).toMatchObject({ status: 404, body: { message: VERIFICATION_MESSAGES.documentNotFound } });
    expect(await app.db('document_access_log').where({ document_id: 999_999 })).toEqual([]);
  });

  it('verifies only with both documents on file, each opened by the deciding administrator', async () => {
    const pro = await professional();
    expect(await decide(pro.userId, { decision: 'verified' })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_MESSAGES.noDocuments },
    });
    const card = await upload(pro.token, 'ghana-card', JPG, 'image/jpeg');
    await openFile(card.body.documents[0].id);
    expect(await decide(pro.userId, { decision: 'verified' })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_MESSAGES.incomplete },
    });
    const both = await upload(pro.token, 'trade-certificate', PDF, 'application/pdf');
    expect(await decide(pro.userId, { decision: 'verified' })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_MESSAGES.notOpened },
    });
    // Another administrator's look does not count for this one.
    const other = await signInAdmin(app);
    await openFile(both.body.documents[1].id, other.token);
    expect(await decide(pro.userId, { decision: 'verified' })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_MESSAGES.notOpened },
    });
    expect(await badge(pro.userId)).toBe(false);

    await openFile(both.body.documents[1].id);
    const done = await decide(pro.userId, { decision: 'verified' });
    expect(done).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: VERIFICATION_MESSAGES.verified,
        verification: { status: 'verified', reason: null, verifiedAt: '2026-11-22T09:00:00.000Z' },
      },
    });
    expect(await decide(pro.userId, { decision: 'verified' })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_MESSAGES.alreadyVerified },
    });
    expect(await badge(pro.userId)).toBe(true);
  });

  it('rejects only with a reason, which the professional sees; the badge follows every decision and re-upload', async () => {
    const pro = await readyForReview();
    for (const json of [
      { decision: 'rejected' },
      { decision: 'rejected', reason: '  ' },
      { decision: 'rejected', reason: 'x'.repeat(501) },
      { decision: 'maybe' },
      {},
    ]) {
      const res = await decide(pro.userId, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await decide(pro.userId, { decision: 'rejected' })).body.message).toBe(
      VERIFICATION_MESSAGES.reasonRequired,
    );

    expect((await decide(pro.userId, { decision: 'verified' })).status).toBe(200);
    expect(await badge(pro.userId)).toBe(true);

    // A new upload from a verified professional: back to review, no badge until it is seen.
    const again = await upload(pro.token, 'ghana-card', PNG, 'image/png', 'renewed card.png');
    expect(again.body.verification).toEqual({ status: 'pending', reason: null, verifiedAt: null });
    expect(await badge(pro.userId)).toBe(false);

    const rejected = await decide(pro.userId, { decision: 'rejected', reason: '  The card has expired.  ' });
    expect(rejected).toMatchObject({
      status: 200,
      body: {
        message: VERIFICATION_MESSAGES.rejected,
        verification: { status: 'rejected', reason: 'The card has expired.', verifiedAt: null },
      },
    });
    expect((await app.request(ownVerification.path, { headers: bearer(pro.token) })).body.verification).toEqual({
      status: 'rejected',
      reason: 'The card has expired.',
      verifiedAt: null,
    });
    expect(await badge(pro.userId)).toBe(false);

    // Uploading after a rejection asks for review again and clears the old reason.
    const fixed = await upload(pro.token, 'ghana-card', PNG, 'image/png');
    expect(fixed.body.verification).toEqual({ status: 'pending', reason: null, verifiedAt: null });

    const mail = await app.db('notifications').where({ recipient: pro.body.email }).orderBy('id');
    const decisions = mail.filter((m) => /verif|documents/i.test(m.subject));
    expect(decisions.map((m) => m.subject)).toEqual(['You are verified', 'Your verification documents need attention']);
    expect(decisions[1].body).toContain('The card has expired.');
    expect(decisions.map((m) => m.body).join()).not.toMatch(/renewed card|\.png|\.pdf/);
  });

  it('writes an audit entry for each decision with who, before, after and when, in the Activity tab', async () => {
    const pro = await readyForReview();
    await decide(pro.userId, { decision: 'verified' });
    await decide(pro.userId, { decision: 'rejected', reason: 'Certificate belongs to someone else' });
    const rows = await app
      .db('admin_audit_log')
      .where({ target_type: 'user', target_id: String(pro.userId) })
      .where('action', 'like', 'verification.%')
      .orderBy('id');
    expect(rows.map((r) => [r.action, r.admin_username, new Date(r.created_at).toISOString()])).toEqual([
      ['verification.verify', admin.username, '2026-11-22T09:00:00.000Z'],
      ['verification.reject', admin.username, '2026-11-22T09:00:00.000Z'],
    ]);
    const activity = (await asAdmin(`/api/admin/users/${pro.userId}`)).body.activity;
    const [reject, verify] = activity.filter((a: { action: string }) => a.action.startsWith('verification.'));
    expect(verify).toMatchObject({
      before: { status: 'pending', reason: null },
      after: { status: 'verified', reason: null, documents: pro.documents.map((d) => ({ id: d.id, kind: d.kind })) },
    });
    expect(reject).toMatchObject({
      before: { status: 'verified' },
      after: { status: 'rejected', reason: 'Certificate belongs to someone else' },
    });

    // A refused decision writes nothing.
    const count = (await app.db('admin_audit_log').count({ n: '*' }))[0].n;
    expect((await decide(pro.userId, { decision: 'rejected' })).status).toBe(400);
    expect((await app.db('admin_audit_log').count({ n: '*' }))[0].n).toEqual(count);
  });

  it('writes a decision and the email telling the professional together: when the outbox cannot take it, nothing changes', async () => {
    const pro = await readyForReview();
    const state = async () => ({
      status: (await app.db('professional_profiles').where({ user_id: pro.userId }).first('verification_status'))!
        .verification_status,
      audit: (
        await app
          .db('admin_audit_log')
          .where({ target_type: 'user', target_id: String(pro.userId) })
          .where('action', 'like', 'verification.%')
      ).length,
      mail: (await app.db('notifications').where({ recipient: pro.body.email }).where('subject', 'You are verified'))
        .length,
    });
    await withOutboxClosed(app.db, async () => {
      expect((await decide(pro.userId, { decision: 'verified' })).status).toBe(500);
    });
    expect(await state()).toEqual({ status: 'pending', audit: 0, mail: 0 });
    expect(await badge(pro.userId)).toBe(false);

    expect((await decide(pro.userId, { decision: 'verified' })).status).toBe(200);
    expect(await state()).toEqual({ status: 'verified', audit: 1, mail: 1 });
  });

  it('answers 404 for anyone who is not a professional', async () => {
    const customer = await signUpAndPay(app);
    for (const id of [customer.userId, 999_999]) {
      expect(await asAdmin(routePath(professionalDocuments.path, { id: id }))).toMatchObject({
        status: 404,
        body: { message: VERIFICATION_MESSAGES.notProfessional },
      });
      expect(await decide(id, { decision: 'rejected', reason: 'No documents' })).toMatchObject({ status: 404 });
    }
    expect((await asAdmin('/api/admin/professionals/abc/documents')).status).toBe(404);
  });

  it('lists the review queue with ?verification=pending', async () => {
    const waiting = await professional();
    await upload(waiting.token, 'ghana-card', PNG, 'image/png');
    const idle = await professional();
    const queue = await asAdmin('/api/admin/users?verification=pending&pageSize=100');
    const ids = queue.body.users.map((u: { id: number }) => u.id);
    expect(ids).toContain(waiting.userId);
    expect(ids).not.toContain(idle.userId);
    expect(queue.body.users.every((u: { verificationStatus: string }) => u.verificationStatus === 'pending')).toBe(
      true,
    );
    expect((await asAdmin('/api/admin/users?verification=maybe')).status).toBe(400);
  });
});

describe('deleting a professional', () => {
  it('removes their documents and files, and keeps the access log', async () => {
    const pro = await readyForReview();
    await decide(pro.userId, { decision: 'verified' });
    const ids = pro.documents.map((d) => d.id);
    expect((await asAdmin(`/api/admin/users/${pro.userId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await docsOf(pro.userId)).toEqual([]);
    expect(await filesOf(pro.userId)).toEqual([]);
    expect(await app.db('professional_document_files').whereIn('document_id', ids)).toEqual([]);
    expect(await app.db('document_access_log').whereIn('document_id', ids)).toHaveLength(2);
    const profile = await app.db('professional_profiles').where({ user_id: pro.userId }).first();
    expect(profile).toMatchObject({
      verified: false,
      verification_status: 'unverified',
      verification_reason: null,
      verified_at: null,
    });
    expect((await openFile(ids[0])).status).toBe(404);
  });

  it('the retention job removes the documents of a professional past retention', async () => {
    const pro = await readyForReview();
    const keep = await readyForReview();
    await app
      .db('subscriptions')
      .where({ user_id: pro.userId })
      .update({ period_end: new Date('2023-01-01T00:00:00Z') });
    const logger = createLogger('error', new Writable({ write: (_c, _e, done) => done() }));
    expect(await anonymiseExpiredAccounts({ db: app.db, clock: app.clock, logger })).toBe(1);
    expect(await docsOf(pro.userId)).toEqual([]);
    expect(await filesOf(pro.userId)).toEqual([]);
    expect(await docsOf(keep.userId)).toHaveLength(2);
  });
});
