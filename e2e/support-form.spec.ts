import { expect, test } from './fixtures/test.ts';

test('a visitor who leaves out the message is told what is missing', async ({ page }) => {
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Name').fill('Kofi Boateng');
  await form.getByLabel('Email').fill('kofi@example.com');
  await form.getByRole('button', { name: 'Send Message' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Missing Information' });
  await expect(alert).toContainText('Please fill in all required fields.');
  await expect(form.getByLabel('Message')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('Kofi Boateng');
});

test('a visitor sends a message, survives a dropped connection, and gets a reference', async ({ page }) => {
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Name').fill('Ama Mensah');
  await form.getByLabel('Email').fill('ama@example.com');
  await form.getByLabel('Phone').fill('0241234567');
  await form.getByLabel('I am a').selectOption({ label: 'Customer' });
  await form.getByLabel('Category').selectOption({ label: 'Payment' });
  await form.getByLabel('Subject').fill('Payment not showing');
  await form.getByLabel('Message').fill('I paid with MTN MoMo this morning but my plan is not active yet.');
  const send = form.getByRole('button', { name: /Send Message|Sending/ });

  // The connection drops: the form says so and keeps everything typed.
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to Send Message' })).toContainText(
    'Network Error: Please check your connection and try again, or contact us via WhatsApp.',
  );
  await expect(form.getByLabel('Message')).toHaveValue(
    'I paid with MTN MoMo this morning but my plan is not active yet.',
  );
  await expect(form.getByLabel('Category')).toHaveValue('payment');

  // Back online; hold the request a moment to see the busy button.
  await page.unroute('**/api/contact');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await send.click();
  await expect(send).toHaveText('Sending...');
  await expect(send).toBeDisabled();
  release();

  const toast = page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' });
  await expect(toast).toContainText(/Reference: \S+/);
  await expect(send).toHaveText('Send Message');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
});
