import { expect, test } from './fixtures/test.ts';
import { DAY_MS, dayMonth, longDate } from '../contract/dates.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { renewalReminderMail } from './fixtures/admin.ts';
import { overflows, PHONE, smallTargets } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// The renewal reminder carries /renew/{token}, a small page
// with no sign-in and no JavaScript whose one button sends the mobile-money prompt to the phone.
// In TEST MODE the page shows the test phone that approves it.
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('from the reminder in the dev mailbox, a customer renews by mobile money in one tap', async ({
  page,
  request,
}) => {
  const phone = `055${String(Date.now()).slice(-7)}`;
  const account = await createPaidAccount(request, { phone });
  const session = await login(request, account);
  const record = async () =>
    (await (
      await request.get(`/api/customer-data/${encodeURIComponent(account.email)}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      })
    ).json()) as {
      customer: { subscription: { paidUntil: string } };
    };
  const paidBefore = (await record()).customer.subscription.paidUntil;

  const mail = await renewalReminderMail(page, request, account);
  await expect(mail).toHaveCount(1);
  const link = mail.getByRole('link', { name: /\/renew\// });
  const address = (await link.getAttribute('href'))!;
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Renew your subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer plan: ₵10.00 for one more month' })).toBeVisible();
  // The number's network is chosen already (and can be changed): one tap is enough.
  await expect(page.getByRole('radio', { name: 'MTN MoMo' })).toBeChecked();
  await expect(page.getByText(`Your mobile-money number ${phone.slice(0, 3)}…${phone.slice(-3)}, on`)).toBeVisible();
  expect(await page.evaluate(() => document.scripts.length), 'no JavaScript').toBe(0);
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  const html = await request.get(address);
  expect((await html.body()).length, 'the page fits a slow phone: HTML and CSS under 20 KB').toBeLessThan(20_000);
  // Not a form at all, to a live link: a plain 400 saying so, never a server error.
  for (const [type, body] of [
    ['application/json', '{"action":"send"}'],
    ['multipart/form-data; boundary=zz', 'broken'],
    ['text/plain', ''],
  ]) {
    const odd = await request.post(address, {
      data: body,
      headers: { 'content-type': type, origin: new URL(page.url()).origin },
    });
    expect(odd.status(), type).toBe(400);
    expect(await odd.text()).toContain('This form could not be read.');
  }

  await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(
    page.getByText(`Approve the ₵10.00 prompt on ${phone.slice(0, 3)}…${phone.slice(-3)} within 3 minutes.`),
  ).toBeVisible();
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await page.getByRole('button', { name: 'Approve on the test phone' }).click();

  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  await expect(page.getByText(/^Paid\. Your subscription now runs until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  const paidAfter = (await record()).customer.subscription.paidUntil;
  expect(Date.parse(paidAfter)).toBeGreaterThan(Date.parse(paidBefore) + 27 * DAY_MS);

  // Spent: the link renews once, and opened again it says how its prompt ended.
  const again = await page.goto(address);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  await expect(
    page.getByText(`Paid on ${dayMonth(new Date())}: your subscription runs until ${longDate(new Date(paidAfter))}.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the prompt to my phone' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to your dashboard' })).toBeVisible();
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await shot(page, 'renew-link-spent', { fullPage: false });
});

test('a link nobody sent answers 410 and sends nothing', async ({ request }) => {
  for (const path of ['/renew/AAAAAAAAAAAAAAAAAAAAAA', '/renew/x', `/renew/${'a'.repeat(500)}`]) {
    expect((await request.get(path)).status(), path).toBe(410);
  }
  const posted = await request.post('/renew/AAAAAAAAAAAAAAAAAAAAAA', { form: { action: 'send', network: 'mtn' } });
  expect(posted.status()).toBe(410);
  expect(await posted.text()).toContain('This renewal link has been used or has expired.');
  // Whatever the body: the link is checked before the form is read.
  for (const [type, body] of [
    ['application/json', '{"action":"send"}'],
    ['multipart/form-data; boundary=zz', 'broken'],
    ['text/plain', ''],
  ]) {
    const odd = await request.post('/renew/AAAAAAAAAAAAAAAAAAAAAA', { data: body, headers: { 'content-type': type } });
    expect(odd.status(), type).toBe(410);
  }
  // A form another site posted, whichever header says so (a foreign Referer
  // with no Origin used to pass); this site's own form still reaches the page.
  const crossSiteHeaders: Record<string, string>[] = [
    { Origin: 'https://elsewhere.example' },
    { Referer: 'https://elsewhere.example/trap.html' },
    { 'Sec-Fetch-Site': 'cross-site' },
  ];
  for (const headers of crossSiteHeaders) {
    const crossSite = await request.post('/renew/AAAAAAAAAAAAAAAAAAAAAA', { form: { action: 'send' }, headers });
    expect(crossSite.status(), JSON.stringify(headers)).toBe(403);
  }
  const sameSite = await request.post('/renew/AAAAAAAAAAAAAAAAAAAAAA', {
    form: { action: 'send', network: 'mtn' },
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      Referer: new URL('/renew/AAAAAAAAAAAAAAAAAAAAAA', test.info().project.use.baseURL).href,
    },
  });
  expect(sameSite.status()).toBe(410);
  expect(
    (
      await request.post('/renew/AAAAAAAAAAAAAAAAAAAAAA', {
        data: 'action=send&pad='.padEnd(10_000, 'x'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).status(),
  ).toBe(413);
});

test('a customer renews from the dashboard by a prompt to the phone, without the checkout', async ({
  page,
  request,
}) => {
  const phone = `024${String(Date.now()).slice(-7)}`;
  const account = await createPaidAccount(request, { phone });
  const session = await login(request, account);
  const paidUntilNow = async () => {
    const data = await request.get(`/api/customer-data/${encodeURIComponent(account.email)}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    return ((await data.json()) as { customer: { subscription: { paidUntil: string } } }).customer.subscription
      .paidUntil;
  };
  const before = new Date(await paidUntilNow());
  await useSession(page, session);
  await page.goto('/customer-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  const paidUntil = (await card.getByText(/^Paid until /).textContent())!.replace('Paid until ', '');
  // Three months at once, by the prompt as by the checkout.
  await card.getByRole('radio', { name: '3 months — ₵30.00' }).check();
  const prompt = card.getByRole('form', { name: 'Or pay by mobile money prompt' });
  await expect(prompt.getByLabel('Mobile-money number')).toHaveValue(phone);
  await expect(prompt.getByRole('radio', { name: 'MTN MoMo' })).toBeChecked();
  await prompt.getByRole('radio', { name: 'AirtelTigo Money' }).check();
  await prompt.getByRole('radio', { name: 'MTN MoMo' }).check();
  await prompt.getByRole('button', { name: 'Send the prompt to my phone' }).click();
  await expect(prompt.getByRole('status')).toHaveText(
    `Approve the ₵30.00 prompt on ${phone.slice(0, 3)}…${phone.slice(-3)} within 3 minutes.`,
  );
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await prompt.getByRole('button', { name: 'Approve on the test phone' }).click();
  await expect(card.getByText(/^Paid\. Your subscription now runs until/)).toBeVisible();
  await expect(card.getByText(/^Paid until /)).not.toHaveText(`Paid until ${paidUntil}`);
  const until = new Date(await paidUntilNow());
  const monthsAdded =
    (until.getUTCFullYear() - before.getUTCFullYear()) * 12 + until.getUTCMonth() - before.getUTCMonth();
  expect(monthsAdded, 'three months bought by the prompt').toBe(3);
});

// A prompt asks whoever holds the phone to pay, so the dashboard rings another
// number only once its owner has read out the code we text it.
test("a customer pays from a friend's number once the friend reads out the texted code", async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(403, '/api/subscription/momo', "the first prompt to the friend's number, not yet proved");
  pageErrors.allowFailedLoad(400, '/api/subscription/momo/numbers/confirm', 'the wrong code this test types first');
  const stamp = String(Date.now()).slice(-7);
  const account = await createPaidAccount(request, { phone: `055${stamp}` });
  const friend = `024${stamp}`;
  await useSession(page, await login(request, account));
  await page.goto('/customer-dashboard');
  const card = page.getByRole('region', { name: 'Your subscription' });
  const prompt = card.getByRole('form', { name: 'Or pay by mobile money prompt' });
  await prompt.getByLabel('Mobile-money number').fill(friend);
  await prompt.getByRole('radio', { name: 'MTN MoMo' }).check();
  await prompt.getByRole('button', { name: 'Send the prompt to my phone' }).click();

  const confirm = prompt.getByRole('group', { name: 'Confirm the number' });
  await expect(confirm).toContainText("Prompts go to your account's own number.");
  const masked = `${friend.slice(0, 3)}…${friend.slice(-3)}`;
  await confirm.getByRole('button', { name: `Text a code to ${masked}` }).click();
  await expect(confirm).toContainText(`We texted a 6-digit code to ${masked}.`);
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);

  // The friend's phone: the SMS in the dev mailbox.
  const mailbox = await context.newPage();
  await mailbox.goto('/dev-mailbox');
  const sms = mailbox
    .getByRole('list', { name: 'Messages, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `SMS · To +233${friend.slice(1)}` });
  await expect(sms).toContainText('send payment prompts to this phone');
  const code = /code (\d{6})/.exec((await sms.textContent()) ?? '')![1];
  await mailbox.close();

  // A wrong code is said plainly; the right one proves the number and sends the prompt.
  await confirm.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm and send the prompt' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('That code is not right. Check the SMS and type it again.');
  await confirm.getByLabel('Code from the SMS').fill(code);
  await confirm.getByRole('button', { name: 'Confirm and send the prompt' }).click();
  await expect(prompt.getByRole('status')).toHaveText(`Approve the ₵10.00 prompt on ${masked} within 3 minutes.`);
  await expect(confirm).toHaveCount(0);
  expect([...(await overflows(page)), ...(await smallTargets(page))]).toEqual([]);
  await prompt.getByRole('button', { name: 'Approve on the test phone' }).click();
  await expect(card.getByText(/^Paid\. Your subscription now runs until/)).toBeVisible();
});
