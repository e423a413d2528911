import type { APIRequestContext } from '@playwright/test';
import type { MailboxAnswer } from '../contract/dev.ts';
import { AFFILIATE_SIGNUP_MESSAGES } from '../contract/affiliate-signups.ts';
import { expect, test } from './fixtures/test.ts';
import { uniquePhone, useSession } from './fixtures/accounts.ts';
import { signUpAffiliate } from './fixtures/affiliates.ts';
import { overflows, smallTargets } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// An affiliate signs up a professional who has no smartphone (docs/PRODUCT.md "Signed up by an
// affiliate"): the details, the code the professional reads out, their own phone's payment prompt,
// then listed, with the next step named.

/** The sign-up code texted to `phone` (the dev mailbox is the phone). */
async function textedCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/api/dev/mailbox')).json()) as MailboxAnswer;
      const text = messages.find((m) => m.subject === 'Sign-up code' && m.to === `+233${phone.slice(1)}`);
      code = /code (\d{6})\./.exec(text?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test.use({ viewport: { width: 360, height: 740 } });

test("an affiliate signs up a professional: their phone's code, their payment, listed", async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(400, '/api/affiliate/signups', 'a form sent with fields missing is refused by field');
  pageErrors.allowFailedLoad(400, /\/api\/affiliate\/signups\/\d+\/code$/, 'a wrong code is refused on purpose');
  const affiliate = await signUpAffiliate(request, 'Adwoa', 'Agent');
  await useSession(page, affiliate);
  await page.goto('/affiliate-dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await tabs.getByRole('tab', { name: 'Sign up a professional' }).click();
  const card = page.getByRole('region', { name: 'Sign up a professional' });

  // A form sent with a field missing says which, by the field.
  await card.getByRole('button', { name: 'Text them the code' }).click();
  await expect(card.getByText('Please fill in this field.').first()).toBeVisible();

  const phone = uniquePhone();
  await card.getByLabel('First Name').fill('Yaw');
  await card.getByLabel('Last Name').fill('Mason');
  await card.getByLabel('Their Phone Number').fill(phone);
  await card.getByLabel('Profession').selectOption('Plumber');
  await card.getByLabel('City').selectOption('Kumasi');
  await card.getByLabel('Area they work in').fill('Asokwa');
  await card.getByLabel('Mobile-money network of their phone').selectOption('mtn');
  await expect(card.getByText(AFFILIATE_SIGNUP_MESSAGES.terms)).toBeVisible();
  await card.getByRole('checkbox', { name: /They agree to the Terms/ }).check();
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await shot(page, 'affiliate-signs-up-form');
  await card.getByRole('button', { name: 'Text them the code' }).click();

  const masked = `${phone.slice(0, 3)}…${phone.slice(-3)}`;
  await expect(card.getByRole('status')).toHaveText(AFFILIATE_SIGNUP_MESSAGES.sent(masked));
  const code = await textedCode(request, phone);

  // Left part-way (a reload here): the sign-up is found again in today's list and carried on.
  await page.reload();
  const today = page.getByRole('region', { name: 'Your sign-ups today' });
  const listed = today.getByRole('listitem').filter({ hasText: 'Yaw Mason' });
  await expect(listed).toContainText('Code sent');
  await expect(listed).toContainText(masked);
  await shot(page, 'affiliate-signs-up-today');
  await listed.getByRole('button', { name: 'Carry on: Yaw Mason' }).click();
  await expect(card.getByRole('status')).toHaveText(AFFILIATE_SIGNUP_MESSAGES.sent(masked));
  await expect(today).toHaveCount(0);

  // A wrong code is refused in words; the right one makes the account and rings their phone.
  await card.getByLabel('The code they read to you').fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Create their account' }).click();
  await expect(card.getByText(AFFILIATE_SIGNUP_MESSAGES.wrongCode)).toBeVisible();
  await shot(page, 'affiliate-signs-up-code');
  await card.getByLabel('The code they read to you').fill(code);
  const proved = page.waitForResponse((r) => r.url().endsWith('/code') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Create their account' }).click();
  const { signup } = (await (await proved).json()) as { signup: { prompt: { reference: string } } };
  await expect(card.getByRole('status')).toContainText('Approve the ₵27.00 prompt');
  await shot(page, 'affiliate-signs-up-paying');

  // The professional approves on their own phone (the TEST MODE phone); the page sees it by itself.
  const approved = await request.post(`/api/sandbox/momo/${signup.prompt.reference}`, { data: { approve: true } });
  expect(approved.status()).toBe(200);
  await expect(card.getByRole('status')).toHaveText('Yaw Mason has paid and is listed.');
  await expect(card.getByText(/Ask them to dial \*\d+(\*\d+)*# to set their PIN\./)).toBeVisible();
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await shot(page, 'affiliate-signs-up-listed');

  // The next professional starts from an empty form.
  await card.getByRole('button', { name: 'Sign up another professional' }).click();
  await expect(card.getByLabel('First Name')).toHaveValue('');
  await expect(listed).toContainText('Paid and listed');
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
});
