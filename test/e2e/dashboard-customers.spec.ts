/**
 * The dashboard's Customers area in a real browser against a service started in this process:
 * create a customer, edit them (only changed fields sent), metadata, save a test card with the
 * sandbox control, charge it with MANUAL_CAPTURE and capture it (status followed live), cancel
 * another authorisation, page through more charges than fit on a page, send a card-saving link
 * and see it in "Messages sent", search and filter the list, move with back and reload, every
 * error next to its field, the keyboard, and axe-core on each view and dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';

const SANDBOX = 'sk_sandbox_dashcust';
const PRODUCTION = 'sk_live_dashcust';
const LIVE = { timeout: 10_000 };

let service: Service;
let base: string;
let page: Page;
let customerId = '';
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
  });
  base = await service.listen(0);
  // bypassCSP only so axe-core can inject its script; the app runs under its real CSP.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  await page?.context().close();
  await service?.close();
});

/** The service's API as the merchant (its sandbox secret unless told another, or none). */
const api = (method: string, path: string, body?: unknown, secret: string | null = SANDBOX) =>
  serviceApi(base, secret, method, path, body);

async function expectAccessible(what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function screenshot(name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

const dialog = (testId: string) => page.getByTestId(testId);

test('signs in and opens Customers from the menu, at its own address', async () => {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard/customers');
  await expect(page.getByText('No customers yet.')).toBeVisible();
  await expectAccessible('customers list, empty');
});

test('create refuses bad fields next to each field, then creates the customer', async () => {
  await page.getByRole('button', { name: 'New customer' }).click();
  const create = dialog('create-dialog');
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Full name')).toBeFocused();
  await expectAccessible('create dialog');
  // Neither email nor phone, and a bad postcode: refused before sending, by field.
  await create.getByLabel('Full name').fill('Ada Lovelace');
  await create.getByLabel('Postcode (optional)').fill('!!');
  await create.getByRole('button', { name: 'Create customer' }).click();
  await expect(create.getByTestId('error-new-email')).toContainText(
    /email or phoneNumber is required/i,
  );
  await expect(create.getByTestId('error-new-postcode')).toContainText(/4-8 characters/i);
  await expect(create.getByLabel('Postcode (optional)')).toHaveAttribute('aria-invalid', 'true');

  await create.getByLabel('Postcode (optional)').fill('SW1A 1AA');
  await create.getByLabel('Email (optional)').fill('ada@example.com');
  await create.getByRole('button', { name: 'Add a key' }).click();
  await create.getByLabel('Key 1', { exact: true }).fill('tier');
  await create.getByLabel('Value of tier', { exact: true }).fill('gold');
  await create.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  customerId = new URL(page.url()).pathname.split('/').pop()!;
  expect(page.url()).toBe(`${base}/dashboard/customers/${customerId}`);
  const stored = await api('GET', `/api/customers/${customerId}`);
  expect(stored).toMatchObject({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    postcode: 'SW1A 1AA',
    metadata: { tier: 'gold' },
  });
  await expectAccessible('customer page');

  // A duplicate email is the service's 409, shown next to the email field.
  await page.goto(`${base}/dashboard/customers`);
  await page.getByRole('button', { name: 'New customer' }).click();
  await create.getByLabel('Full name').fill('Ada Again');
  await create.getByLabel('Email (optional)').fill('ADA@example.com');
  await create.getByRole('button', { name: 'Create customer' }).click();
  await expect(create.getByTestId('error-new-email')).toContainText(
    /already used by another customer/i,
  );
  await expect(create.getByRole('alert')).toContainText(
    'A customer with this email already exists',
  );
  // Escape closes the dialog (the browser's modal dialog) and nothing was made.
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  expect((await api('GET', '/api/customers')).totalCount).toBe(1);
});

test('edit sends only the changed fields; metadata keys are added, changed and removed', async () => {
  await page.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const bodies: string[] = [];
  const watch = (request: Request) => {
    if (request.method() === 'PUT') bodies.push(request.postData() ?? '');
  };
  page.on('request', watch);
  await page.getByLabel('City (optional)').fill('London');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(JSON.parse(bodies[0]!)).toEqual({ city: 'London' });
  // A bad phone number: the service's rule, next to the field; nothing changes.
  await page.getByLabel('Phone number (optional)').fill('12ab');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByTestId('error-edit-phoneNumber')).toContainText(/1-15 digits/i);
  expect((await api('GET', `/api/customers/${customerId}`)).phoneNumber).toBeUndefined();
  await page.getByLabel('Phone number (optional)').fill('');

  const meta = page.locator('section', {
    has: page.getByRole('heading', { name: 'Customer metadata' }),
  });
  await meta.getByLabel('Value of tier', { exact: true }).fill('platinum');
  await meta.getByRole('button', { name: 'Add a key' }).click();
  await meta.getByLabel('Key 2', { exact: true }).fill('7');
  await meta.getByLabel('Value of 7', { exact: true }).fill('seven');
  await meta.getByRole('button', { name: 'Save metadata' }).click();
  await expect(meta.getByText('Metadata saved.')).toBeVisible();
  expect(JSON.parse(bodies.at(-1)!)).toEqual({ metadata: { tier: 'platinum', 7: 'seven' } });
  await meta.getByRole('button', { name: 'Remove 7' }).click();
  await meta.getByRole('button', { name: 'Save metadata' }).click();
  await expect(meta.getByText('Metadata saved.')).toBeVisible();
  expect(JSON.parse(bodies.at(-1)!)).toEqual({ metadata: { 7: '' } });
  page.off('request', watch);
  expect((await api('GET', `/api/customers/${customerId}`)).metadata).toEqual({ tier: 'platinum' });
});

test('saves a test card, charges it with MANUAL_CAPTURE and captures part of it', async () => {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await page.getByLabel('Test card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save test card' }).click();
  const card = page.getByTestId('saved-card');
  await expect(card).toContainText('ending 4242');
  await expect(card).not.toContainText('4242 4242');

  // Card metadata in its dialog.
  await card.getByRole('button', { name: /Edit metadata of/ }).click();
  const metaDialog = dialog('card-meta-dialog');
  await expectAccessible('card metadata dialog');
  await metaDialog.getByRole('button', { name: 'Add a key' }).click();
  await metaDialog.getByLabel('Key 1', { exact: true }).fill('label');
  await metaDialog.getByLabel('Value of label', { exact: true }).fill('work card');
  await metaDialog.getByRole('button', { name: 'Save card metadata' }).click();
  await expect(metaDialog).toBeHidden();
  await expect(card).toContainText('label=work card');

  await card.getByRole('button', { name: /^Charge / }).click();
  const charge = dialog('charge-dialog');
  await expectAccessible('charge dialog');
  // Errors by field: an amount under £1 (the service's rule) and no order id.
  await charge.getByLabel('Amount (£)').fill('0.50');
  await charge.getByRole('button', { name: 'Charge card' }).click();
  await expect(charge.getByTestId('error-charge-amount')).toContainText(/at least 1/i);
  await expect(charge.getByTestId('error-charge-order')).toBeVisible();
  await charge.getByRole('radio', { name: /manual capture/ }).check();
  await charge.getByLabel('Amount (£)').fill('25.00');
  await charge.getByLabel('Order id').fill('DEPOSIT-1');
  await charge.getByLabel('Notes (optional)').fill('Room 12');
  await charge.getByRole('button', { name: 'Charge card' }).click();
  await expect(charge).toBeHidden();
  const row = page.getByTestId('charge').filter({ hasText: 'DEPOSIT-1' });
  await expect(row).toContainText('MANUAL_CAPTURE');
  // The card network answers 400 ms of service clock later; the status arrives live.
  await api('POST', '/api/sandbox/clock/advance', { ms: 1000 });
  await expect(row.getByTestId('payment-status')).toHaveText('Authorised', LIVE);

  await row.getByRole('button', { name: 'Capture DEPOSIT-1' }).click();
  const capture = dialog('capture-dialog');
  await capture.getByLabel(/Amount to capture/).fill('30');
  await capture.getByRole('button', { name: 'Capture' }).click();
  await expect(capture.getByText('Capture £30 of £25.00?')).toBeVisible();
  await expectAccessible('capture confirmation');
  await capture.getByRole('button', { name: 'Yes, capture' }).click();
  await expect(capture.getByTestId('error-capture-amount')).toBeVisible();
  await capture.getByLabel(/Amount to capture/).fill('20');
  await capture.getByRole('button', { name: 'Capture' }).click();
  await capture.getByRole('button', { name: 'Yes, capture' }).click();
  await expect(capture).toBeHidden();
  await expect(row.getByTestId('payment-status')).toHaveText('Paid', LIVE);
  await expect(row).toContainText('£20.00');
  await screenshot('dashboard-customers');
});

test('cancels an authorisation: Other needs a description, then a confirmation', async () => {
  const card = page.getByTestId('saved-card');
  await card.getByRole('button', { name: /^Charge / }).click();
  const charge = dialog('charge-dialog');
  await charge.getByRole('radio', { name: /before the hold expires/ }).check();
  await charge.getByLabel('Amount (£)').fill('10');
  await charge.getByLabel('Order id').fill('HOLD-2');
  await charge.getByRole('button', { name: 'Charge card' }).click();
  const row = page.getByTestId('charge').filter({ hasText: 'HOLD-2' });
  await api('POST', '/api/sandbox/clock/advance', { ms: 1000 });
  await expect(row.getByTestId('payment-status')).toHaveText('Authorised', LIVE);
  await row.getByRole('button', { name: 'Cancel HOLD-2' }).click();
  const cancel = dialog('cancel-dialog');
  await cancel.getByLabel('Reason (optional)').selectOption('Other');
  await cancel.getByRole('button', { name: 'Cancel authorisation' }).click();
  await expect(cancel.getByTestId('error-cancel-description')).toContainText(/required/i);
  await cancel.getByLabel('Description').fill('Guest left early');
  await cancel.getByRole('button', { name: 'Cancel authorisation' }).click();
  await expectAccessible('cancel confirmation');
  // The safe answer is one Tab away; go back, then confirm for real.
  await cancel.getByRole('button', { name: 'Go back' }).click();
  await cancel.getByRole('button', { name: 'Cancel authorisation' }).click();
  await cancel.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(cancel).toBeHidden();
  await expect(row.getByTestId('payment-status')).toHaveText('Cancelled', LIVE);
});

test('pages through the charges, 20 to a page, with the total; the page is in the address', async () => {
  // DEPOSIT-1 and HOLD-2 are there; 20 more make 22, more than one page.
  const cards = await api('GET', `/api/customers/${customerId}/cards`);
  for (let i = 1; i <= 20; i++)
    await api('POST', '/api/payments/card/process-payment', {
      customerId,
      paymentMethodId: cards.data[0].id,
      captureType: 'AUTO_CAPTURE',
      amount: 1,
      orderId: `BULK-${i}`,
    });
  const charges = page.getByTestId('charges').getByTestId('charge');
  const range = page.getByTestId('charges-range');
  const pager = page.getByRole('navigation', { name: 'Charge pages' });
  // New charges show by themselves (the payments topic), newest first.
  await expect(range).toHaveText('1–20 of 22', LIVE);
  await expect(charges).toHaveCount(20);
  await expect(charges.first()).toHaveAttribute('data-order', 'BULK-20');
  await expect(pager.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await expectAccessible('customer page, charges paged');

  await pager.getByRole('button', { name: 'Older' }).click();
  await expect(range).toHaveText('21–22 of 22');
  await expect(charges).toHaveCount(2);
  await expect(charges.nth(0)).toHaveAttribute('data-order', 'HOLD-2');
  await expect(charges.nth(1)).toHaveAttribute('data-order', 'DEPOSIT-1');
  await expect(pager.getByRole('button', { name: 'Older' })).toBeDisabled();
  expect(page.url()).toBe(`${base}/dashboard/customers/${customerId}?page=2`);
  // A reload keeps the page.
  await page.reload();
  await expect(range).toHaveText('21–22 of 22');
  await expect(charges).toHaveCount(2);

  await pager.getByRole('button', { name: 'Newer' }).click();
  await expect(range).toHaveText('1–20 of 22');
  await expect(charges.first()).toHaveAttribute('data-order', 'BULK-20');
  expect(page.url()).toBe(`${base}/dashboard/customers/${customerId}`);
});

test('sends a card-saving link, shown with its URL and in Messages sent; a bad redirect is a field error', async () => {
  await page.getByRole('button', { name: 'Send a card-saving link' }).click();
  const link = dialog('link-dialog');
  await expectAccessible('link dialog');
  await link.getByRole('button', { name: 'Send link' }).click();
  await expect(link.getByTestId('hosted-page-url')).toContainText('/save-card/');
  const url = (await link.getByTestId('hosted-page-url').textContent())!;
  await link.getByRole('button', { name: 'Close' }).last().click();
  const messages = page.getByTestId('messages');
  await expect(messages.getByTestId('message').first()).toContainText('ada@example.com', LIVE);
  await expect(messages.getByTestId('message').first()).toContainText(url);

  // An error from the call is shown next to its field (a redirect that is not a URL).
  await page.getByRole('button', { name: 'Send a card-saving link' }).click();
  await link.getByLabel('After saving, go to (optional)').fill('not a url');
  await link.getByRole('button', { name: 'Send link' }).click();
  await expect(link.getByTestId('error-link-success')).toContainText(/must be a URL/i);
  await page.keyboard.press('Escape');
  await expect(link).toBeHidden();
});

test('searches and filters the list; the view is in the address; back and reload keep the page', async () => {
  await api('POST', '/api/customers', {
    fullName: 'Grace Hopper',
    phoneNumber: '7700900123',
    metadata: { tier: 'silver' },
  });
  await page.getByRole('link', { name: '← All customers' }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(2, LIVE);
  await page.getByLabel('Search').fill('0900 12');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Grace Hopper');
  expect(page.url()).toContain('search=0900+12');
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Metadata filter').fill('tier=platinum');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Ada Lovelace');
  await page.reload();
  await expect(page.getByLabel('Metadata filter')).toHaveValue('tier=platinum');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  // The same key twice is refused next to the filter, as the service would.
  await page.getByLabel('Metadata filter').fill('tier=gold, tier=silver');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('error-customer-meta')).toContainText(/more than once/i);
  await expectAccessible('customers list, filter error');

  await page.getByLabel('Metadata filter').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
});

test('lists the terminals’ customer lookups: which terminal looked up whom, and when', async () => {
  const code = await api('POST', '/api/terminal/pairing-codes', {});
  const res = await fetch(`${base}/api/terminal/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.code, name: 'Front till' }),
  });
  const paired = (await res.json()) as { secret: string };
  const lookup = await fetch(`${base}/api/terminal/customers/lookup?email=ada%40example.com`, {
    headers: { authorization: `Bearer ${paired.secret}` },
  });
  expect(lookup.status).toBe(200);
  await page.goto(`${base}/dashboard/customers`);
  const row = page.getByTestId('lookups').getByTestId('lookup').first();
  await expect(row).toContainText('Front till', LIVE);
  await expect(row).toContainText('Email ada@example.com');
  await expect(page.getByTestId('messages').getByTestId('message').first()).toBeVisible();
  await screenshot('dashboard-customer-list');
  await row.getByRole('link', { name: 'Open customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expectAccessible('customer page with charges and messages');
});

test('works from the keyboard: open a customer, open and close a dialog', async () => {
  await page.goto(`${base}/dashboard/customers`);
  await expect(page.getByTestId('customer-row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Ada Lovelace' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send a card-saving link' });
  await send.focus();
  await page.keyboard.press('Enter');
  const link = dialog('link-dialog');
  await expect(link).toBeVisible();
  // Focus is inside the modal dialog; Escape closes it and focus returns to the opener.
  expect(await link.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(link).toBeHidden();
  await expect(send).toBeFocused();
  expect(pageErrors).toEqual([]);
});
