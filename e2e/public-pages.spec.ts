import { expect, test } from './fixtures/test.ts';
import { CATEGORY_NAMES } from '../contract/categories.ts';
import { NEARBY_RADIUS_MILES } from '../contract/professionals.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// The public, pre-rendered pages: landing, legal, support and the 404 page.

test('landing page: nine sections in order, categories, plan picker without JavaScript, prices', async ({ page }) => {
  await page.goto('/');

  // Sticky header links.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');

  // Sections 1–8 are the regions of <main>, in order; section 9 is the footer after it.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Trusted local professionals, near you');
  await expect(main.getByRole('region')).toHaveCount(8);
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Services for every need',
    'Why Choose ServiceConnect Ghana?',
    'How It Works',
    'Simple monthly pricing',
    'Earn as an Affiliate',
    'Pay your way',
    'Ready to get started?',
  ]);
  await expect(page.getByText('Built for Ghana', { exact: true })).toBeVisible();

  // 1. Hero: two plan cards as a radio group, none chosen at first; choosing one highlights it.
  const picker = page.getByRole('group', { name: 'How will you use it?' });
  const need = picker.getByRole('radio', { name: /I need services/ });
  const offer = picker.getByRole('radio', { name: /I offer services/ });
  await expect(need).not.toBeChecked();
  await expect(offer).not.toBeChecked();
  await expect(picker.getByText('₵10 per month')).toBeVisible();
  await expect(picker.getByText('₵27 per month')).toBeVisible();
  // The chosen card gets the gold border (through :has(:checked)); the other keeps none.
  const gold = 'rgb(252, 209, 22)';
  const needCard = picker.locator('label').filter({ has: page.getByRole('radio', { name: /I need services/ }) });
  const offerCard = picker.locator('label').filter({ has: page.getByRole('radio', { name: /I offer services/ }) });
  await expect(offerCard).not.toHaveCSS('border-top-color', gold);

  await offerCard.click();
  await expect(offer).toBeChecked();
  await expect(need).not.toBeChecked();
  await expect(offerCard).toHaveCSS('border-top-color', gold);
  await expect(needCard).not.toHaveCSS('border-top-color', gold);

  // Keyboard: arrows move the choice within the group.
  await offer.focus();
  await page.keyboard.press('ArrowUp');
  await expect(need).toBeChecked();
  await expect(needCard).toHaveCSS('border-top-color', gold);
  await expect(offerCard).not.toHaveCSS('border-top-color', gold);

  await expect(main.getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/signup?plan=customer');
  await expect(main.getByRole('link', { name: 'Join as Professional' })).toHaveAttribute(
    'href',
    '/signup?plan=professional',
  );

  // 2. All twelve categories, each a link into the directory.
  const categories = page.getByRole('region', { name: 'Services for every need' });
  await expect(categories.getByText('12+ categories')).toBeVisible();
  await expect(categories.getByRole('listitem')).toHaveText(CATEGORY_NAMES.map((name) => new RegExp(name)));
  // Each tile opens the public directory for its category.
  await expect(categories.getByRole('link')).toHaveCount(CATEGORY_NAMES.length);
  await expect(categories.getByRole('link', { name: 'Mason/Tiler' })).toHaveAttribute(
    'href',
    '/professionals?category=MasonTiler',
  );

  // 3. and 4.
  const why = page.getByRole('region', { name: 'Why Choose ServiceConnect Ghana?' });
  await expect(why.getByText(`within ${NEARBY_RADIUS_MILES} miles`)).toBeVisible(); // the search's own radius
  await expect(why.getByText(/MTN MoMo, Telecel Cash \(formerly Vodafone Cash\), AirtelTigo Money/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'How It Works' }).getByRole('heading', { level: 3 })).toHaveText([
    'Sign up and subscribe',
    'Find and connect',
    'Book and chat',
  ]);

  // 5. Pricing from the contract: ₵10 and ₵27, both buttons to /signup.
  const pricing = page.getByRole('region', { name: 'Simple monthly pricing' });
  await expect(pricing.getByRole('article', { name: 'Customer' })).toContainText('₵10');
  await expect(pricing.getByRole('article', { name: /Professional/ })).toContainText('₵27');
  // Each card's button carries its plan into sign-up.
  await expect(pricing.getByRole('link', { name: 'Choose Customer plan' })).toHaveAttribute(
    'href',
    '/signup?plan=customer',
  );
  await expect(pricing.getByRole('link', { name: 'Choose Professional plan' })).toHaveAttribute(
    'href',
    '/signup?plan=professional',
  );
  await expect(pricing.getByRole('link')).toHaveCount(2);

  // 6. Affiliate: 40% of the first month, ₵4.00 / ₵10.80, payout from ₵250.
  const affiliate = page.getByRole('region', { name: 'Earn as an Affiliate' });
  await expect(affiliate).toContainText('40%');
  await expect(affiliate).toContainText('₵4.00');
  await expect(affiliate).toContainText('₵10.80');
  await expect(affiliate).toContainText('₵250');
  await expect(affiliate.getByRole('link', { name: 'Become an Affiliate' })).toHaveAttribute(
    'href',
    '/affiliate-signup',
  );

  // 7. and 8.
  const payments = page.getByRole('region', { name: 'Pay your way' });
  for (const text of [
    'MTN MoMo',
    'Telecel Cash (formerly Vodafone Cash)',
    'AirtelTigo Money',
    'Bank cards',
    'Bank transfer',
  ]) {
    await expect(payments.getByText(text)).toBeVisible();
  }
  const cta = page.getByRole('region', { name: 'Ready to get started?' });
  await expect(cta.getByRole('link')).toHaveCount(2);
  await expect(cta.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/signup?plan=customer');
  await expect(cta.getByRole('link', { name: 'Become a Professional' })).toHaveAttribute(
    'href',
    '/signup?plan=professional',
  );

  // 9. Footer, after main.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/support');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  expect(
    await page.evaluate(() =>
      document.querySelector('main')!.compareDocumentPosition(document.querySelector('footer')!),
    ),
  ).toBe(
    4, // DOCUMENT_POSITION_FOLLOWING
  );

  // The landing page ships no JavaScript at all.
  await expect(page.locator('script')).toHaveCount(0);
});

test('a visitor can look before paying: Browse and Pricing from the header and the hero, and the plan picked carried into sign-up', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/professionals');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  // On a phone the header is two rows at most, and nothing passes the screen's edge.
  expect((await header.boundingBox())!.height).toBeLessThan(120);
  expect(await overflows(page)).toEqual([]);
  await shot(page, 'landing-header-360', { fullPage: false });
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse professionals first' })).toHaveAttribute(
    'href',
    '/professionals',
  );

  // The card picked in the hero goes with the header's Get Started (no JavaScript on this page).
  await page.getByRole('group', { name: 'How will you use it?' }).getByText('I offer services').click();
  const getStarted = header.getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toHaveAttribute('href', '/signup?plan=professional');
  await getStarted.click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await expect(page.getByText(/^Plan: Professional, ₵27 a month\./)).toBeVisible();
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Choose your plan' })).toBeVisible();

  // /pricing: both plans at the prices in force, and what months ahead cost.
  await page.goto('/');
  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Simple monthly pricing' })).toBeVisible();
  const professional = page.getByRole('article', { name: /Professional/ });
  await expect(professional).toContainText('₵27 per month');
  const months = professional.getByRole('table', { name: 'Pay months ahead' });
  await expect(months.getByRole('row')).toHaveText([/^1 month₵27\.00/, /^3 months₵/, /^6 months₵/, /^12 months₵/]);
  await expect(
    page.getByRole('article', { name: 'Customer' }).getByRole('link', { name: 'Choose Customer plan' }),
  ).toHaveAttribute('href', '/signup?plan=customer');
  expect(await overflows(page)).toEqual([]);
  await shot(page, 'pricing-360');
  await page.getByRole('link', { name: 'Browse professionals first' }).click();
  await expect(page).toHaveURL(/\/professionals$/);
});

test('legal pages show their titles, dates and key facts', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  const terms = page.getByRole('main');
  for (const fact of [
    /only an intermediary/i,
    /not liable for the quality/i,
    /verification is not a guarantee/i,
    /at least 18 years/i,
    /paid in advance/i,
    /Telecel Cash \(formerly Vodafone Cash\)/,
    /never suspend an account for a failed payment/i,
    /grace period of 3 days/i,
    /No refunds are given for partial months/i,
    /end of the current paid period/i,
    /at least 30 days before/i,
  ]) {
    await expect(terms.getByText(fact).first()).toBeVisible();
  }
  await expect(terms.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  await terms.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  const privacy = page.getByRole('main');
  await expect(privacy.getByText('Last updated: 29 November 2026')).toBeVisible();
  await expect(privacy.getByRole('heading', { level: 2 })).toHaveText([
    /Introduction/,
    /Information we collect/,
    /How we use/,
    /Sharing/,
    /Security/,
    /Your rights/,
    /Data retention/,
    /Ghana data protection law/,
    /Contact/,
    /Updates/,
  ]);
  await expect(privacy.getByText(/subscription plus 3 years/).first()).toBeVisible();
  await expect(privacy.getByText(/Act 843/).first()).toBeVisible();

  await page.goto('/affiliate-terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affiliate Terms');
  const affiliate = page.getByRole('main');
  for (const fact of [
    '40%',
    '₵4.00',
    '₵10.80',
    '₵250',
    /credited to your balance at once/,
    /whenever your balance is at least ₵250/,
    /15 business days/,
    /No self-referral/,
    /family/,
  ]) {
    await expect(affiliate.getByText(fact).first()).toBeVisible();
  }
  await expect(affiliate.getByRole('link', { name: 'Join the Affiliate Programme' })).toHaveAttribute(
    'href',
    '/affiliate-signup',
  );
});

test('support center: channels, hours, FAQ accordion without JavaScript, emergency numbers', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support Center');
  const main = page.getByRole('main');
  // The lines come from content/support/contact.json, written as people type them, linked in full.
  await expect(main.getByRole('link', { name: 'Chat on WhatsApp +233 24 000 0000' })).toHaveAttribute(
    'href',
    'https://wa.me/233240000000',
  );
  await expect(main.getByRole('link', { name: 'Call 030 000 0000' })).toHaveAttribute('href', 'tel:+233300000000');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} ServiceConnect Ghana`);
  await expect(main.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+233/);
  await expect(main.getByRole('link', { name: /^Email / })).toHaveAttribute('href', /^mailto:/);
  await expect(main).toContainText('Monday–Friday, 8:00–18:00 GMT');
  await expect(main).toContainText('within 1 hour');

  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.locator('summary')).toHaveCount(6);
  const first = faq.locator('details').first();
  await expect(first.getByRole('paragraph')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.getByRole('paragraph')).toBeVisible();

  const sos = page.getByRole('region', { name: 'In an emergency' });
  for (const n of ['112', '191', '192', '193'])
    await expect(sos.getByRole('link', { name: n })).toHaveAttribute('href', `tel:${n}`);
  for (const href of ['/terms', '/privacy', '/signup', '/affiliate-signup']) {
    await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Send us a message' })).toBeVisible();
});

test('unknown paths answer 404 with a way home', async ({ page, pageErrors }) => {
  pageErrors.allowFailedLoad(404, '/no-such-page-here', 'the page this test asks for does not exist');
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Built for Ghana', { exact: true })).toBeVisible();
});
