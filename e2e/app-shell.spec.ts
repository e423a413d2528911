import { expect, test } from './fixtures/test.ts';

// The diagnostic page /app-shell-test (served while DIAGNOSTICS is on, the default outside
// production) throws errors inside an island's AppShell.

test('the network error screen counts its retries down, then recovers when the browser is back online', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowConsoleError({ text: /NetworkError: Failed to fetch \(diagnostic/ }, 'the page throws it on purpose');
  pageErrors.allowFailedLoad('network', '/favicon.ico', 'this test makes the connectivity probe fail');
  await page.goto('/app-shell-test');
  await expect(page.getByRole('heading', { level: 1, name: 'App Shell Test' })).toBeVisible();

  // The connectivity probe (HEAD /favicon.ico) fails from now on.
  await page.route('**/favicon.ico', (route) => route.abort());
  await page.getByRole('button', { name: 'Simulate network failure' }).click();

  const heading = page.getByRole('heading', { name: 'Connection problem' });
  const screen = page.getByRole('alert').filter({ has: heading });
  await expect(heading).toBeFocused();
  await expect(screen).toContainText('Please check your internet connection and try again.');
  await expect(screen.getByText('No connection', { exact: true })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Reload Page' })).toBeEnabled();

  const retry = screen.getByRole('button', { name: /^Try Again/ });
  for (const left of [3, 2, 1]) {
    await expect(retry).toHaveText(`Try Again (${left} left)`);
    await retry.click();
    // Each retry checks the connection, waits a second and renders the island again, which
    // fails again while the probe fails: the screen comes back with one retry fewer.
  }
  await expect(retry).toHaveText('Try Again (0 left)');
  await expect(retry).toBeDisabled();
  await expect(screen.getByText('No connection', { exact: true })).toBeVisible();

  // Back online: the browser's `online` event retries by itself, even with no retries left.
  await page.unroute('**/favicon.ico');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(screen.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Connection restored. The island rendered again.')).toBeVisible();
  await expect(heading).toBeHidden();
});

test('the generic error screen, a part that cannot load, and the start-up failure panel', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowConsoleError({ text: /Error: Diagnostic: an unexpected error/ }, 'the page throws it on purpose');
  pageErrors.allowConsoleError({ text: /StartupError: Unexpected token/ }, "a part's code made to break");
  await page.goto('/app-shell-test');

  await page.getByRole('button', { name: 'Throw generic error' }).click();
  const heading = page.getByRole('heading', { name: 'Something went wrong' });
  await expect(heading).toBeFocused();
  const screen = page.getByRole('alert').filter({ has: heading });
  await expect(screen).toContainText('We encountered an unexpected error. Please try refreshing the page.');
  await expect(screen).toContainText('If this problem persists, please contact support.');
  await expect(screen.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await screen.getByRole('button', { name: 'Try Again' }).click();
  await expect(heading).toBeHidden();

  // A part whose download fails says so in its own place; the island goes on.
  await page.getByRole('button', { name: 'Fail to load a part' }).click();
  const part = page.getByRole('alert').filter({ hasText: 'This part could not load' });
  await expect(part).toContainText('This part could not load. Please try again.');
  await part.getByRole('button', { name: 'Try Again' }).click();
  await expect(part).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trigger an error' })).toBeVisible();

  // A part whose code downloaded but breaks: the island's start-up failure panel.
  await page.getByRole('button', { name: "Break a part's code" }).click();
  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Application Error' }) });
  await expect(failure).toContainText(
    'Failed to load diagnostic part application. Please refresh the page and try again.',
  );
  await failure.getByText('Error details').click();
  await expect(failure).toContainText("SyntaxError: Unexpected token '<'");
});
