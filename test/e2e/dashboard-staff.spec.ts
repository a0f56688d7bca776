/**
 * A store's staff in the merchant dashboard (docs/dashboard.md, Staff), in a real browser against
 * a service started in this process: the merchant adds a cashier with their PIN on the store's
 * row in Settings (a PIN of the wrong shape is refused under its field); a payment the kiosk
 * takes while that cashier is signed in says "Taken by <name>" in the payments list and on its
 * page. The staff section's layout is checked at 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { createService, type Service } from '../../src/service/app';
import { checkCommonLayout } from './layout';
import { api as serviceApi } from './kiosk-harness';

const SANDBOX = 'sk_sandbox_staffpage';
const PRODUCTION = 'sk_live_staffpage';
const LIVE = { timeout: 10_000 };

let service: Service;
let base: string;
let page: Page;
let till = '';
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

const api = (method: string, path: string, body?: unknown, secret: string | null = SANDBOX) =>
  serviceApi(base, secret, method, path, body);

test.beforeAll(async ({ browser }) => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
  });
  base = await service.listen(0);
  const code = await api('POST', '/api/terminal/pairing-codes', {});
  till = (await api('POST', '/api/terminal/pair', { code: code.code, name: 'Front till' }, null))
    .secret;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  await page?.context().close();
  await service?.close();
});

test('add a cashier in the store page; a payment taken by them says so', async () => {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const [shop] = await api('GET', '/api/stores');
  await page.getByRole('button', { name: `Staff of ${shop.name}` }).click();
  const section = page.getByTestId('store-staff');
  await expect(section).toBeVisible();
  await section.getByLabel('Name').fill('Cara Cashier');
  await section.getByLabel('PIN (4 to 8 digits)').fill('12');
  await section.getByRole('button', { name: 'Add staff' }).click();
  await expect(section).toContainText('must be 4 to 8 digits');
  expect((await api('GET', `/api/stores/${shop.id}/staff`)).staff).toEqual([]);
  await section.getByLabel('PIN (4 to 8 digits)').fill('4321');
  await section.getByRole('button', { name: 'Add staff' }).click();
  await expect(section.getByTestId('staff-member')).toContainText('Cara Cashier', LIVE);
  await expect(section.getByTestId('staff-member')).toContainText('cashier');
  await checkCommonLayout(page, 'Store staff', 1280);
  await page.screenshot({ path: '/tmp/h4-staff.png', fullPage: true });
  const [cara] = (await api('GET', `/api/stores/${shop.id}/staff`)).staff;

  // The kiosk takes a payment while Cara is signed in there.
  const { paymentRequestId } = await api(
    'POST',
    '/api/payments/process-payment',
    {
      customerId: 'counter',
      orderId: 'CTR-CARA',
      amount: 6.4,
      staff: { id: cara.id, name: 'Cara Cashier', role: 'cashier' },
    },
    till,
  );
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Payments' })
    .click();
  const row = page.locator(`[data-payment-id="${paymentRequestId}"]`);
  await expect(row.getByTestId('payment-staff')).toHaveText('Taken by Cara Cashier', LIVE);
  await page.goto(`${base}/dashboard/payments/${paymentRequestId}`);
  await expect(page.getByTestId('fact-staff')).toHaveText('Taken by Cara Cashier (cashier)', LIVE);
  await page.screenshot({ path: '/tmp/h4-staff-payment.png', fullPage: true });
  expect(pageErrors).toEqual([]);
});
