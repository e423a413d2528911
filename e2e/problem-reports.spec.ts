import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import type { Browser, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { profilePath, publicName } from '../contract/directory.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { signInAdmin } from './fixtures/admin.ts';
import { bookFirstSlot, completedJob, openJobs, passSlotStart } from './fixtures/bookings.ts';
import { resetServerClockAfterEach } from './fixtures/clock.ts';
import { PHONE, overflows } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// Trust around the job on a 360 px phone (docs/PRODUCT.md "Cancellations that count", "Was the job
// done?", "Problem reports"): a customer reports that the professional did not come, an
// administrator writes to both and closes the report, and both parties read the outcome; the
// professional's public page says their figures in words.

resetServerClockAfterEach(); // passSlotStart and completedJob move the server's clock

async function phonePage(browser: Browser, session?: Pick<LoginResponse, 'token' | 'user'>): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  if (session) await useSession(page, session);
  return page;
}

const fits = async (page: Page) => expect(await overflows(page)).toEqual([]);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a customer reports a no-show, an administrator closes it, and both read the outcome; the public page counts it', async ({
  browser,
  request,
}) => {
  const proAccount = await createPaidAccount(request, {
    userType: 'professional',
    firstName: 'Kwesi',
    lastName: 'Appiah',
    profession: 'Plumber',
    baseRate: 40,
    maxRate: 60,
    rateNegotiable: true,
  });
  const pro = await login(request, proAccount);
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Adwoa', lastName: 'Owusu' }));
  const publicPath = profilePath({ id: pro.user.id, name: publicName('Kwesi', 'Appiah'), profession: 'Plumber' });

  // The public page before any job: no figure that could mislead.
  const visitor = await phonePage(browser);
  await visitor.goto(publicPath);
  await expect(visitor.getByText('No jobs in the last 90 days')).toBeVisible();

  const booking = await bookFirstSlot(request, customer, pro.user.id);
  const accepted = await request.post(`/api/bookings/${booking.id}/accept`, {
    headers: { Authorization: `Bearer ${pro.token}` },
  });
  expect(accepted.ok()).toBe(true);
  await passSlotStart(request, booking);

  // --- The customer, on a phone: Report a problem on the confirmed booking.
  const customerPage = await phonePage(browser, customer);
  await customerPage.goto('/customer-dashboard');
  await customerPage.getByRole('tab', { name: 'My Bookings' }).click();
  const card = customerPage.getByRole('article', { name: 'Plumber with Kwesi Appiah' });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const form = card.getByRole('form', { name: 'Report a problem' });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose what went wrong.');
  await form.getByLabel('What went wrong?').selectOption({ label: 'Did not come' });
  await form.getByLabel('What happened?').fill('I waited at home all morning and nobody came or called.');
  await fits(customerPage);
  await shot(customerPage, 'customer-report-form');
  await form.getByRole('button', { name: 'Send report' }).click();
  const report = card.getByRole('region', { name: 'Your report: Did not come' });
  await expect(report.getByText('Open: an administrator is looking at it.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await fits(customerPage);
  expect(await seriousViolations(customerPage)).toEqual([]);
  // An accusation is not a verdict: the public figure waits for the administrator.
  await visitor.goto(publicPath);
  await expect(visitor.getByText('Kept 1 of 1 job in the last 90 days')).toBeVisible();

  // --- The administrator, on a phone: the queue, the report, a message to both, the outcome.
  const adminPage = await phonePage(browser);
  await signInAdmin(adminPage);
  await adminPage.getByRole('tab', { name: 'Reports' }).click();
  const queue = adminPage.getByRole('list', { name: 'Open problem reports' });
  const item = queue.getByRole('listitem').filter({ hasText: 'By the customer Adwoa Owusu, about Kwesi Appiah' });
  await expect(item).toBeVisible();
  await fits(adminPage);
  await item.getByRole('button', { name: /^Open report/ }).click();
  await expect(adminPage.getByText('I waited at home all morning and nobody came or called.')).toBeVisible();
  await expect(adminPage.getByText(/^Kept 1 of 1 job in the last 90 days\./)).toBeVisible();
  await adminPage.getByLabel('Write to both parties').fill('Kwesi, please tell us what happened.');
  await adminPage.getByRole('button', { name: 'Send message' }).click();
  await expect(adminPage.getByText('Message sent to both parties.')).toBeVisible();
  await adminPage.getByRole('radio', { name: 'Give a warning' }).check();
  await expect(adminPage.getByText('The job stays as it is.')).toBeVisible();
  await adminPage.getByLabel('For whom?').selectOption('professional');
  // What the outcome does to the job, said before it is done.
  await expect(adminPage.getByText(/^The job ends as the professional's no-show/)).toBeVisible();
  await adminPage
    .getByLabel('Note both parties will read')
    .fill('Kwesi has been warned: a second no-show suspends the account.');
  await fits(adminPage);
  await shot(adminPage, 'admin-report');
  expect(await seriousViolations(adminPage)).toEqual([]);
  await adminPage.getByRole('button', { name: 'Close report' }).click();
  await expect(adminPage.getByText('Report closed.')).toBeVisible();
  await expect(adminPage.getByText(/^Closed: Warning given \(professional\)/)).toBeVisible();

  // --- Both parties read the outcome, what it did to the job, and the note (the customer's page
  // hears of it live): an upheld "did not come" ends the job as the professional's no-show.
  await expect(
    report.getByText(
      /^Closed on .* Outcome: Warning given \(professional\)\. The job ended as the professional's no-show: it counts as a job not kept on their public page\.$/,
    ),
  ).toBeVisible();
  await expect(card.getByText('No-show', { exact: true })).toBeVisible();
  await expect(card.getByText('An administrator upheld your report that Kwesi Appiah did not come')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Call' })).toHaveCount(0);
  await expect(report.getByText('Kwesi has been warned: a second no-show suspends the account.')).toBeVisible();
  await expect(report.getByText('Kwesi, please tell us what happened.')).toBeVisible();
  await fits(customerPage);
  await shot(customerPage, 'customer-report-closed');

  const proPage = await phonePage(browser, pro);
  await openJobs(proPage, 'All');
  const job = proPage.getByRole('listitem').filter({ has: proPage.getByRole('heading', { name: 'Adwoa Owusu' }) });
  const seen = job.getByRole('region', { name: "The customer's report: Did not come" });
  await expect(seen.getByText('Kwesi has been warned: a second no-show suspends the account.')).toBeVisible();
  await expect(seen.getByText(/The job ended as your no-show/)).toBeVisible();
  await expect(job.getByText('No-show', { exact: true })).toBeVisible();
  // He can no longer mark completed, cancel or move the job he was found not to have come to.
  for (const name of ['Mark Completed', 'Cancel Job', 'Propose another time']) {
    await expect(job.getByRole('button', { name })).toHaveCount(0);
  }
  await fits(proPage);
  expect(await seriousViolations(proPage)).toEqual([]);
  await shot(proPage, 'professional-report');

  // --- The public page says it in words.
  await visitor.goto(publicPath);
  await expect(visitor.getByText('Kept 0 of 1 job in the last 90 days')).toBeVisible();
  await fits(visitor);
});

test('the customer is asked "Was the job done?" once it is marked done, and answers Yes', async ({
  browser,
  request,
}) => {
  const pro = await login(
    request,
    await createPaidAccount(request, {
      userType: 'professional',
      firstName: 'Yaw',
      lastName: 'Boakye',
      profession: 'Plumber',
      baseRate: 40,
      maxRate: 60,
      rateNegotiable: true,
    }),
  );
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Efua', lastName: 'Mensah' }));
  await completedJob(request, customer, pro);

  const page = await phonePage(browser, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'My Bookings' }).click();
  const card = page.getByRole('article', { name: 'Plumber with Yaw Boakye' });
  const question = card.getByRole('group', { name: 'Was the job done?' });
  await expect(question.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  await fits(page);
  await shot(page, 'customer-was-the-job-done');
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Yes, it was done' }).click();
  await expect(card.getByText('You confirmed the job was done.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Leave Review' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
});
