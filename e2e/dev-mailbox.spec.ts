import { expect, test } from './fixtures/test.ts';
import { createPaidAccount, login } from './fixtures/accounts.ts';
import { bookFirstSlot } from './fixtures/bookings.ts';

// Without an SMS or WhatsApp provider configured (as on this test
// server), the texts stay in the outbox and the dev mailbox lists them with their channel.

test('the dev mailbox shows a booking request by email, SMS and WhatsApp, each with its channel', async ({
  page,
  request,
}) => {
  const pro = await createPaidAccount(request, { userType: 'professional', profession: 'Plumber', firstName: 'Yaw' });
  const customer = await createPaidAccount(request, { firstName: 'Efua' });
  const proSession = await login(request, pro);
  const customerSession = await login(request, customer);

  // An open slot from the professional's listing: a date worked out here (three days on, 10:00)
  // fell on a weekend whenever the run started on a Wednesday or Thursday.
  await bookFirstSlot(request, customerSession, proSession.user.id);

  await page.goto('/dev-mailbox');
  const phone = proSession.user.phone;
  expect(phone).toMatch(/^\+233\d{9}$/);
  const messages = page.getByRole('list', { name: 'Messages, newest first' });
  const sms = messages.getByRole('listitem').filter({ hasText: `SMS · To ${phone}` });
  await expect(sms).toContainText('New booking request');
  // With the phone menu on (as the journeys' server has it), the text names the code to answer by.
  await expect(sms).toContainText(/New job: .* Dial \*920\*55\*\d+# to answer/);
  await expect(messages.getByRole('listitem').filter({ hasText: `WhatsApp · To ${phone}` })).toContainText(
    'New booking request',
  );
  await expect(
    messages
      .getByRole('listitem')
      .filter({ hasText: `Email · To ${pro.email}` })
      .filter({ hasText: 'New booking request' }),
  ).toHaveCount(1);
});
