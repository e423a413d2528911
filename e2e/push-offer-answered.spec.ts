import { expect, test } from './fixtures/test.ts';
import type { Booking } from '../contract/bookings.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { findProfessional, newProfessional } from './fixtures/parts.ts';
import { PHONE, refuseLocation } from './fixtures/phone.ts';
import { fakePushService } from './fixtures/push.ts';
import { shot } from './fixtures/shots.ts';

// docs/PRODUCT.md "Notifications on the phone": the customer is offered notifications for the
// professional's answer after a request, and the offer goes once he has answered.
test.use({ viewport: PHONE });

test('the offer to be told when the professional answers goes once he has answered', async ({
  page,
  request,
  baseURL,
}) => {
  // Push as a phone has it (never turned on here: only the offer is looked at).
  await fakePushService(page.context(), { endpoint: `${baseURL}/never-used`, keys: { p256dh: 'x', auth: 'x' } });
  await refuseLocation(page);
  const { pro, surname, proName } = await newProfessional(request, {
    professional: 'Ekow',
    profession: 'Plumber',
    surname: 'Answers',
  });
  const customer = await login(request, await createPaidAccount(request, { firstName: 'Ama', lastName: surname }));
  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  const card = await findProfessional(page, surname, proName);
  await card.getByRole('button', { name: `Book Appointment with ${proName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${proName}` });
  await dialog.getByRole('table').getByRole('button', { disabled: false }).first().click();
  await dialog.getByRole('radio', { disabled: false }).first().check();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  const { booking } = (await (await sent).json()) as { booking: Booking };
  const offer = page.getByRole('region', { name: `Get a notification on this phone when ${proName} answers` });
  await expect(offer).toBeVisible();

  // Ekow accepts on his phone: the customer's offer goes, without a reload.
  const proSession = await login(request, pro);
  const accepted = await request.post(`/api/bookings/${booking.id}/accept`, {
    headers: { Authorization: `Bearer ${proSession.token}` },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await expect(offer).toHaveCount(0);
  await shot(page, 'push-offer-answered', { fullPage: false });
});
