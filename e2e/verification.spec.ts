import { routePath } from '../contract/api.ts';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext } from '@playwright/test';
import {
  DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
  decideVerification,
  openDocumentFile,
  professionalDocuments,
  type VerificationResponse,
} from '../contract/verification.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';

// Professional verification, the professional's side: upload from the dashboard, see the
// review status; a file the check refuses is never sent. The administrator's decision is made
// through the API here (the admin console's own journey comes with it).

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The first administrator (playwright.config.ts creates it from ADMIN_USERNAME/ADMIN_PASSWORD). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', {
    data: { username: 'e2e-admin', password: 'Admin-e2e-Passw0rd' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test('a professional uploads a Ghana Card and a certificate, waits for review, and sees Verified once an admin approves', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(
    400,
    /^\/api\/professional\/documents\//,
    'the mislabelled file this test sends is refused',
  );
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Yaw',
    lastName: 'Checked',
    profession: 'Electrician',
  });
  await useSession(page, await login(request, pro));
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/professional/documents/')) uploads.push(r.url());
  });

  await page.goto('/professional-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const card = page.getByRole('region', { name: 'Verification' });
  await expect(card).toContainText('Status: Not submitted');
  const ghanaCard = card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ghana Card' }) });
  await expect(ghanaCard).toContainText('Not uploaded yet');

  // Refused in the browser: the message shows and no request leaves.
  const input = ghanaCard.getByLabel('Upload Ghana Card');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(ghanaCard.getByRole('alert')).toHaveText(VERIFICATION_MESSAGES.wrongType);
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
  });
  await expect(ghanaCard.getByRole('alert')).toHaveText(VERIFICATION_MESSAGES.tooLarge);
  expect(uploads).toEqual([]);

  // A real image: uploaded, Pending review, with its name and size.
  await input.setInputFiles({ name: 'my-ghana-card.png', mimeType: 'image/png', buffer: PNG });
  await expect(ghanaCard.getByRole('status')).toHaveText(VERIFICATION_MESSAGES.uploaded);
  await expect(ghanaCard.getByRole('alert')).toHaveCount(0);
  await expect(card).toContainText('Status: Pending review');
  await expect(ghanaCard).toContainText(`my-ghana-card.png · ${PNG.length} bytes · uploaded`);
  await expect(ghanaCard.getByLabel('Replace Ghana Card')).toBeEnabled();
  expect(uploads).toHaveLength(1);

  // A file whose bytes are not what its type says: the server's message, never success.
  const certificate = card
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Trade certificate' }) });
  await certificate
    .getByLabel('Upload Trade certificate')
    .setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(certificate.getByRole('alert')).toHaveText(VERIFICATION_MESSAGES.typeMismatch);
  await expect(certificate).toContainText('Not uploaded yet');
  await certificate
    .getByLabel('Upload Trade certificate')
    .setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(certificate.getByRole('status')).toHaveText(VERIFICATION_MESSAGES.uploaded);
  await expect(certificate.getByRole('alert')).toHaveCount(0);

  // The administrator opens both documents and approves, through the API.
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const review = await request.get(routePath(professionalDocuments.path, { id: pro.user.id }), { headers });
  const { documents } = (await review.json()) as VerificationResponse;
  expect(documents.map((d) => d.kind)).toEqual(['ghana-card', 'trade-certificate']);
  for (const d of documents) {
    const file = await request.get(routePath(openDocumentFile.path, { id: d.id }), { headers });
    expect(file.headers()['content-type']).toBe(d.contentType);
  }
  const decided = await request.put(routePath(decideVerification.path, { id: pro.user.id }), {
    headers,
    data: { decision: 'verified' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);

  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(card).toContainText('Status: Verified');
  await expect(page.locator('.dash-badges')).toContainText('Verified');

  // A customer's search shows the badge.
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Esi', lastName: 'Looking' }));
  const search = await request.get('/api/professionals?q=Checked', {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  const listed = ((await search.json()) as { professionals: { id: number; verified: boolean }[] }).professionals.find(
    (p) => p.id === pro.user.id,
  );
  expect(listed?.verified).toBe(true);
});
