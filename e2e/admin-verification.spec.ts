import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext } from '@playwright/test';
import { VERIFICATION_MESSAGES } from '../contract/verification.ts';
import { createPaidAccount, login } from './fixtures/accounts.ts';
import { allowImageViewerStyles, signInAdmin } from './fixtures/admin.ts';
import { shot } from './fixtures/shots.ts';

// Professional verification, the administrator's side in the browser: the badge in
// listings means an administrator opened the professional's Ghana Card and trade certificate and
// marked them verified.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(
  request: APIRequestContext,
  token: string,
  kind: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const response = await request.put(`/api/professional/documents/${kind}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': file.type,
      'X-File-Name': encodeURIComponent(file.name),
    },
    data: file.bytes,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an administrator opens both documents, marks the professional verified, and the listing shows the badge', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(
    409,
    /^\/api\/admin\/professionals\/\d+\/verification$/,
    'verifying unseen documents is refused',
  );
  allowImageViewerStyles(pageErrors);
  const pro = await createPaidAccount(request, {
    userType: 'professional',
    profession: 'Electrician',
    firstName: 'Kwaku',
    lastName: 'Volts',
  });
  const proSession = await login(request, pro);
  await upload(request, proSession.token, 'ghana-card', { name: 'ghana-card.png', type: 'image/png', bytes: PNG });
  await upload(request, proSession.token, 'trade-certificate', {
    name: 'certificate.pdf',
    type: 'application/pdf',
    bytes: PDF,
  });
  const listing = async () => {
    const customer = await login(request, await createPaidAccount(request));
    const response = await request.get(`/api/professionals/${pro.user.id}`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    return (await response.json()).professional as { verified: boolean };
  };
  expect((await listing()).verified).toBe(false);

  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(pro.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: /Kwaku Volts/ })
    .getByRole('button', { name: 'Kwaku Volts', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Kwaku Volts' });
  await dialog.getByRole('tab', { name: 'Verification' }).click();
  await expect(dialog.getByText('Pending review')).toBeVisible();
  const documents = dialog.getByRole('table', { name: 'Documents uploaded' });
  await expect(documents).toContainText('ghana-card.png');
  await expect(documents).toContainText('certificate.pdf');

  // Verify waits until this administrator opened every document, and says why (the server refuses it too).
  await expect(dialog.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Verify' })).toHaveAccessibleDescription(
    VERIFICATION_MESSAGES.notOpened,
  );
  await shot(page, 'admin-verify-waits', { fullPage: false });

  // Each document opens in a new tab from the bytes fetched with the admin's token.
  for (const name of ['Open Ghana Card (ghana-card.png)', 'Open Trade certificate (certificate.pdf)']) {
    const opened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name }).click();
    const tab = await opened;
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
  }

  // Then it asks first: Cancel sends nothing.
  const ask = page.getByRole('alertdialog', { name: 'Verify this professional?' });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('Pending review')).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await shot(page, 'admin-verify-asked', { fullPage: false });
  await ask.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/^Status: Verified/)).toBeVisible();
  expect((await listing()).verified).toBe(true);

  // The Activity tab shows the opening of each document and the decision, by this administrator.
  await dialog.getByRole('tab', { name: 'Activity' }).click();
  const activity = dialog.getByRole('list', { name: 'Administrator actions on Kwaku Volts' });
  await expect(activity).toContainText('e2e-admin approved the verification.');
  await expect(activity.getByText(/e2e-admin opened the (Ghana Card|Trade certificate)\.$/)).toHaveCount(2);
});
