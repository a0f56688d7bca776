/**
 * The merchant's profile on every surface a customer or the merchant sees, in Chromium: Counter
 * started as a newcomer does (`npm start -- --browser`, embedded service, SQLite on disk), the
 * merchant renames the shop, gives its address and uploads an SVG logo in the dashboard's
 * Settings, and then the dashboard header, the hosted payment page, the hosted receipt page and
 * receipt image of a payment paid after it (one paid before keeps the shop it was paid to), the
 * Agent Pay authorization page, the bank link page, the staff console and the
 * customer display (told at once over its push stream) all name the new shop, and show its logo where
 * they show one, loaded as an image from the service (docs/merchant-profile.md, "Where the profile shows").
 * And an SVG too large to draw (a `<use>` bomb) is refused at upload, so the customer's pages
 * still load at once with the logo, a PNG (docs/security.md, "The merchant's logo").
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createService } from '../../src/service/app';
import { api as serviceApi, displayRoot, startKiosk, tempDir, type Kiosk } from './kiosk-harness';
import { agentPayWithNewKey } from './service-steps';

const NAME = 'Bean There Café';
const ADDRESS = '4 Mill Lane, Leeds LS1 4AB';
/** An SVG logo as a merchant would upload it; 120×40, so a loaded <img> has naturalWidth 120. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" rx="8" fill="#6b3e26"/>' +
  '<circle cx="20" cy="20" r="10" fill="#f3e3c3"/></svg>';

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(browser: Browser, url: string, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The image has loaded (not a broken <img>): its decoded width. */
const loadedWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('a renamed shop with a new logo shows on every surface, the customer display included', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dir = tempDir();
  cleanups.push(() => dir.remove());
  const kiosk: Kiosk = await startKiosk(dir.path);
  cleanups.push(() => kiosk.stop());
  const base = kiosk.serviceUrl;
  const api = (method: string, path: string, body?: unknown) =>
    serviceApi(base, kiosk.sandboxSecret!, method, path, body);

  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await expect(display.getByRole('heading', { name: 'Counter Demo Shop' })).toBeVisible();
  await expect(display.getByTestId('display-logo')).toHaveCount(0);
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.getByTestId('brand-shop')).toHaveText('Counter Demo Shop');

  // A payment paid before the change: its receipts keep the shop as it was when it was paid.
  const paid = (
    await api('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'PROFILE-PAID',
      amount: 4.2,
    })
  ).paymentRequestId as string;
  await api('POST', `/api/sandbox/payment-requests/${paid}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
  });
  const receiptImage = async (template: 'RECEIPT' | 'RECEIPT_PNG', id = paid) => {
    const response = await fetch(`${base}/api/payment-requests/${id}/template/${template}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const pngBefore = await receiptImage('RECEIPT_PNG');

  // The merchant changes the profile in the dashboard's Settings.
  const dashboard = await open(browser, kiosk.dashboardUrl);
  await dashboard.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  const header = dashboard.getByTestId('shop-name');
  await expect(header).toContainText('Counter Demo Shop');
  await dashboard
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const profile = dashboard.getByRole('form', { name: 'Shop profile' });
  await profile.getByLabel('Business name').fill(NAME);
  await profile.getByLabel('Address').fill(ADDRESS);
  await dashboard.getByRole('button', { name: 'Save profile' }).click();
  await expect(dashboard.getByTestId('settings-saved')).toContainText('Profile saved');
  // The header follows the rename without signing in again.
  await expect(header).toContainText(NAME);
  await expect(header).not.toContainText('Counter Demo Shop');
  await dashboard.getByLabel(/Upload a logo/).setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO_SVG),
  });
  await expect.poll(() => loadedWidth(dashboard.getByRole('img', { name: 'Your logo' }))).toBe(120);
  const merchant = await api('GET', '/api/merchant');
  expect(merchant).toMatchObject({ name: NAME, address: ADDRESS });
  expect(merchant.logoUrl).toMatch(/\/logo\?v=/);

  const customer = await open(browser, 'about:blank', 390, 844);

  // The hosted payment page: the logo above the name.
  const pending = (
    await api('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'PROFILE-PAY',
      amount: 3,
    })
  ).paymentRequestId as string;
  await customer.goto(`${base}/pay/${pending}`);
  await expect(customer.locator('p.merchant').first()).toHaveText(NAME);
  await expect.poll(() => loadedWidth(customer.locator('img.logo').first())).toBe(120);

  // The hosted receipt page of the payment paid before: the shop as it was, without a logo.
  await customer.goto(`${base}/receipt/${paid}`);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Counter Demo Shop' }),
  ).toBeVisible();
  await expect(customer.locator('img.logo')).toHaveCount(0);
  await expect(customer.getByText(NAME)).toHaveCount(0);
  // A payment paid after it: the new name and logo, and under them the address just set (the
  // primary store has none of its own, so the profile's is given: docs/receipts.md).
  const paidAfter = (
    await api('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'PROFILE-PAID-AFTER',
      amount: 4.2,
    })
  ).paymentRequestId as string;
  await api('POST', `/api/sandbox/payment-requests/${paidAfter}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
  });
  await customer.goto(`${base}/receipt/${paidAfter}`);
  await expect(customer.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(customer.getByTestId('receipt-shop')).toContainText(ADDRESS);
  await expect(customer.getByTestId('receipt-shop')).not.toContainText('1 Main Street');
  await expect.poll(() => loadedWidth(customer.locator('img.logo'))).toBe(120);

  // The receipt images: the later payment's SVG names the new shop, as Chromium draws it; the
  // earlier payment's PNG is the one drawn before the change.
  const svg = (await receiptImage('RECEIPT', paidAfter)).toString();
  expect(svg).toContain('Bean There Caf');
  expect(svg).toContain('4 Mill Lane');
  expect(svg).not.toContain('1 Main Street');
  expect(svg).not.toContain('Counter Demo Shop');
  await customer.goto(`${base}/api/payment-requests/${paidAfter}/template/RECEIPT`);
  await expect(customer.locator('text', { hasText: NAME }).first()).toBeVisible();
  const pngAfter = await receiptImage('RECEIPT_PNG');
  expect(pngAfter.subarray(1, 4).toString()).toBe('PNG');
  expect(pngAfter.equals(pngBefore)).toBe(true);

  // The Agent Pay authorization page names and shows the business from its profile.
  const pay = await agentPayWithNewKey(base, kiosk.sandboxSecret!);
  await pay.agent.register({ name: 'Beans bot' });
  const contract = await pay.contract.create({
    name: 'Coffee beans',
    limits: {
      maxPerPayment: 40,
      periodLimits: [{ amount: 100, period: 'WEEK' }],
      validTo: '2099-01-01T00:00:00Z',
    },
  });
  await customer.goto(contract.authorizationUrl!);
  await expect(customer.getByText(`Beans bot, an agent of ${NAME}`)).toBeVisible();
  await expect(customer.locator('p.merchant')).toHaveText(NAME);
  await expect.poll(() => loadedWidth(customer.locator('img.logo'))).toBe(120);

  // The bank link page: the consent names the merchant and shows its logo.
  const link = await api('POST', '/api/bank/links', {
    redirectUrl: 'https://shop.example.test/bank/done',
  });
  await customer.goto(link.linkUrl);
  await customer.getByRole('button', { name: 'Harbour Bank' }).click();
  await customer.getByLabel('User name').fill('shopkeeper');
  await customer.getByLabel('Password').fill('sandbox');
  await customer.getByRole('button', { name: 'Sign in' }).click();
  await expect(customer.getByText(`on behalf of ${NAME}`)).toBeVisible();
  await expect(customer.locator('p.merchant')).toHaveText(NAME);
  await expect.poll(() => loadedWidth(customer.locator('img.logo'))).toBe(120);

  // The terminal hears of the change on its push stream (TERMINAL_PROFILE) and re-reads the
  // profile at once, not at its minutely re-read: the display names the new shop with its logo,
  // an <img> of the service's logo URL (never the SVG put into the page), and so does the staff
  // console.
  await expect(display.getByRole('heading', { name: NAME })).toBeVisible({ timeout: 10_000 });
  const logo = display.getByTestId('display-logo');
  await expect(logo).toHaveAttribute('src', merchant.logoUrl);
  await expect.poll(() => loadedWidth(logo)).toBe(120);
  await expect(display.locator('.idle svg')).toHaveCount(0);
  await expect(staff.getByTestId('brand-shop')).toHaveText(NAME);
});

/** A 10×10 `<use>` chain nine deep: 2 KB of SVG that would be a billion elements once drawn. */
function useBomb(): string {
  let defs = '<rect id="l0" width="4" height="4"/>';
  for (let d = 1; d <= 9; d++) defs += `<g id="l${d}">${`<use href="#l${d - 1}"/>`.repeat(10)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><defs>${defs}</defs><use href="#l9"/></svg>`;
}

test('a <use> bomb is refused at upload; the payment and receipt pages load at once with the logo', async ({
  browser,
}) => {
  const secret = 'sk_sandbox_logo_e2e';
  const service = await createService({
    dataDir: null,
    secrets: { sandbox: secret, production: 'sk_live_logo_e2e' },
  });
  cleanups.push(() => service.close());
  const base = await service.listen(0);
  const upload = (svg: string) =>
    fetch(`${base}/api/merchant`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        logo: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      }),
    });

  const good = await upload(LOGO_SVG);
  expect(good.status).toBe(200);
  const { logoUrl } = (await good.json()) as { logoUrl: string };

  // The bomb: a 400 naming the logo, in well under a second, and the logo stays as it was.
  const bomb = useBomb();
  expect(bomb.length).toBeLessThan(2_100);
  const started = Date.now();
  const refused = await upload(bomb);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ errors: [{ field: 'logo' }] });
  const merchant = await serviceApi(base, secret, 'GET', '/api/merchant');
  expect(merchant.logoUrl).toBe(logoUrl);

  // The customer's pages reach their load event promptly (the bomb, served as an SVG, kept
  // them from loading at all) and show the logo, a PNG of the SVG's own size.
  const { paymentRequestId } = await serviceApi(
    base,
    secret,
    'POST',
    '/api/payments/process-payment',
    {
      customerId: 'c',
      orderId: 'LOGO-BOMB',
      amount: 2,
    },
  );
  const customer = await open(browser, 'about:blank', 390, 844);
  for (const path of [`/pay/${paymentRequestId}`, `/receipt/${paymentRequestId}`]) {
    if (path.startsWith('/receipt'))
      await serviceApi(
        base,
        secret,
        'POST',
        `/api/sandbox/payment-requests/${paymentRequestId}/simulate`,
        {
          paymentMethod: 'CARD',
          outcome: 'COMPLETED',
        },
      );
    const loading = Date.now();
    await customer.goto(`${base}${path}`, { waitUntil: 'load', timeout: 10_000 });
    expect(Date.now() - loading).toBeLessThan(10_000);
    const logo = customer.locator('img.logo').first();
    await expect.poll(() => loadedWidth(logo)).toBe(120);
    const image = await customer.request.get(
      await logo.evaluate((img: HTMLImageElement) => img.src),
    );
    expect(image.headers()['content-type']).toBe('image/png');
  }
});
