import { expect, test } from './fixtures/test.ts';
import type { Locator } from '@playwright/test';
import { createPaidAccount, login } from './fixtures/accounts.ts';
import { renewalReminderMail } from './fixtures/admin.ts';
import { PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// A radio choice looks and behaves the same on every page (global.css `.choice`):
// a boxed label a thumb can hit, the same size of radio, green when chosen.
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** How a radio's choice is drawn: its label's box and the radio itself. */
async function look(radio: Locator) {
  return radio.evaluate((input) => {
    const label = input.closest('label')!;
    const box = getComputedStyle(label);
    const dot = getComputedStyle(input);
    return {
      border: `${box.borderTopWidth} ${box.borderTopStyle}`,
      radius: box.borderTopLeftRadius,
      minHeight: box.minHeight,
      padding: box.padding,
      radio: `${dot.width} × ${dot.height}`,
      accent: dot.accentColor,
    };
  });
}

const chosenBorder = (radio: Locator) =>
  radio.evaluate((input) => getComputedStyle(input.closest('label')!).borderTopColor);

test('sign-in, affiliate sign-up and the one-tap renewal draw their radio choices alike', async ({ page, request }) => {
  const looks: Record<string, Awaited<ReturnType<typeof look>>> = {};
  const chosen: Record<string, string> = {};

  await page.goto('/signin');
  const customer = page.getByRole('radio', { name: 'Customer' });
  await customer.check();
  looks['sign-in'] = await look(customer);
  await shot(page, 'choices-signin', { fullPage: false });
  chosen['sign-in'] = await chosenBorder(customer);

  await page.goto('/affiliate-signup');
  const momo = page.getByRole('radio', { name: 'Mobile Money' });
  await momo.check();
  looks['affiliate sign-up'] = await look(momo);
  chosen['affiliate sign-up'] = await chosenBorder(momo);
  const bank = page.getByRole('radio', { name: 'Bank account' });
  const unchosen = await chosenBorder(bank);
  await momo.scrollIntoViewIfNeeded();
  await shot(page, 'choices-affiliate', { fullPage: false });

  const account = await createPaidAccount(request, { phone: `055${String(Date.now()).slice(-7)}` });
  await login(request, account);
  const mail = await renewalReminderMail(page, request, account);
  await page.goto((await mail.getByRole('link', { name: /\/renew\// }).getAttribute('href'))!);
  const network = page.getByRole('radio', { name: 'MTN MoMo' });
  await network.check();
  looks.renewal = await look(network);
  await shot(page, 'choices-renewal', { fullPage: false });
  chosen.renewal = await chosenBorder(network);

  expect(looks['affiliate sign-up']).toEqual(looks['sign-in']);
  expect(looks.renewal).toEqual(looks['sign-in']);
  expect(Number.parseFloat(looks['sign-in'].minHeight)).toBeGreaterThanOrEqual(44);
  expect(new Set(Object.values(chosen)).size).toBe(1);
  expect(unchosen).not.toBe(chosen['sign-in']);
});
