import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { eventStream } from '../contract/events.ts';
import { createPaidAccount, login, uniqueTag, useSession } from './fixtures/accounts.ts';
import { bookFirstSlot } from './fixtures/bookings.ts';
import { PHONE } from './fixtures/phone.ts';
import { ussdSession } from './fixtures/ussd.ts';

// docs/PRODUCT.md "The phone menu (USSD)": a professional accepts from the phone menu, through the
// web's own service, and the customer's open dashboard shows it at once, without reload or Refresh.

async function openLive(page: Page, path: string): Promise<void> {
  const opened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === eventStream.path && response.status() === 200,
  );
  await page.goto(path);
  await opened;
}

test("a customer's open dashboard shows the professional's Accept from the phone menu live", async ({
  browser,
  request,
}) => {
  const lastName = `Dialer${uniqueTag()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const pro = await login(
    request,
    await createPaidAccount(request, { userType: 'professional', profession: 'Plumber', firstName: 'Kojo', lastName }),
  );
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Efua', lastName: 'Mensah' }));
  const pin = await request.put('/api/ussd/pin', {
    headers: { Authorization: `Bearer ${pro.token}` },
    data: { pin: '4821', repeat: '4821' },
  });
  expect(pin.status(), await pin.text()).toBe(200);

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await useSession(page, customer);
  await openLive(page, '/customer-dashboard');
  await page.getByRole('tablist', { name: 'Customer dashboard' }).getByRole('tab', { name: 'My Bookings' }).click();
  const booked = await bookFirstSlot(request, customer, pro.user.id);
  const card = page.getByRole('article', { name: `Plumber with Kojo ${lastName}` });
  await expect(card).toContainText('Pending');

  // The professional dials the code with the request's number, types the PIN and chooses Accept.
  const dial = ussdSession(request, pro.user.phone);
  expect(await dial(String(booked.id))).toBe('CON Enter your 4-digit PIN.');
  expect(await dial('4821')).toContain('1 Accept');
  expect(await dial('1')).toBe('END Accepted. The customer is told at once.');

  await expect(card).toContainText('Confirmed');
  await expect(card.getByRole('link', { name: 'Call' })).toBeVisible();
  await context.close();
});
