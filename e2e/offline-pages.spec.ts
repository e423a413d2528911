import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { workerServes } from './fixtures/parts.ts';
import { overflows, PHONE, refuseLocation, smallTargets } from './fixtures/phone.ts';

// Once the service worker is installed (a first sign-in), a public page visited online opens again
// with no signal, from the copy the worker kept; a page never kept gives our own small offline page
// naming the support line, never the browser's "This site can't be reached"; a renewal link (one
// person's) is never kept (ARCHITECTURE.md "Offline and releases").

test.use({ viewport: PHONE });

/** The support line, where /support takes it from (content/support/contact.json). */
const CONTACT = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'content', 'support', 'contact.json'), 'utf8'),
) as Record<string, { value: string }>;

/** A customer signed in on a new phone, whose worker is installed and serves the page. */
async function phoneWithWorker(page: Page, request: Parameters<typeof createPaidAccount>[0]): Promise<void> {
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Akos', lastName: 'Kept' }));
  await refuseLocation(page);
  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  await workerServes(page);
}

test('a public page visited once opens offline from the worker; one never visited gives our offline page with the support line and a way back', async ({
  page,
  request,
}) => {
  await phoneWithWorker(page, request);
  const context = page.context();

  // Visited online: the terms, the Support Center, and a directory search.
  for (const path of ['/terms', '/support', '/professionals']) {
    const online = await page.goto(path);
    expect(online!.status(), path).toBe(200);
  }

  await context.setOffline(true);
  const terms = await page.goto('/terms');
  expect(terms!.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Terms/);
  const support = await page.goto('/support');
  expect(support!.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${CONTACT.phone.value}` })).toBeVisible();
  // A query is the same page: the search kept is shown.
  expect((await page.goto('/professionals?city=Accra'))!.fromServiceWorker()).toBe(true);

  // Never visited: ours, not the browser's error page. No script, small, fits the phone.
  const privacy = await page.goto('/privacy');
  expect(privacy!.fromServiceWorker()).toBe(true);
  const html = await privacy!.text();
  expect(html).not.toMatch(/<script\b/i);
  expect(Buffer.byteLength(html)).toBeLessThan(4000);
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
  await expect(page).toHaveURL(/\/privacy$/);
  const call = page.getByRole('link', { name: CONTACT.phone.value });
  await expect(call).toHaveAttribute('href', /^tel:\+233/);
  await expect(page.getByRole('link', { name: CONTACT.whatsapp.value })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/233/,
  );
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(await overflows(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots-sw-bytes/offline-page.png' });

  // Back online, "Try again" opens the page asked for.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Privacy/);
});

test('a renewal link is never kept: offline it gives our offline page, not the copy seen online', async ({
  page,
  request,
  pageErrors,
}) => {
  await phoneWithWorker(page, request);
  pageErrors.allowFailedLoad(410, /^\/renew\//, 'a renewal link nobody sent is gone');
  await page.goto('/renew/not-a-real-token');
  await page.context().setOffline(true);
  const offline = await page.goto('/renew/not-a-real-token');
  expect(offline!.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
  // Nothing of the API or the renewal page in any cache of the worker.
  const kept = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  expect(kept.filter((path) => path.startsWith('/api/') || path.startsWith('/renew/'))).toEqual([]);
});
