/**
 * The console's own "Print receipt" (the computer's print dialog, from History's detail) prints
 * the receipt the receipt page shows, end to end: Counter started with `npm start -- --browser
 * --no-open`, a card payment pushed from the dashboard and paid on the display, then the shop
 * renamed and given a new VAT number. The console's printed receipt still names the shop as it
 * was when the customer paid, the store line and the store's address and VAT number under it, and
 * "VISA •••• 4242": word for word what the receipt page says. The detail it is printed from is
 * checked at 390, 768 and 1280 px (test/e2e/layout.ts), and the receipt under the print
 * stylesheet is attached as a screenshot.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, displayRoot, perTest, startKiosk, tempDir, type Kiosk } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const { open } = perTest();
let kiosk: Kiosk;
let removeDir: () => void;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dir = tempDir();
  removeDir = () => dir.remove();
  kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: '2468' });
});

test.afterAll(async () => {
  await kiosk?.stop();
  removeDir?.();
});

function call(method: string, path: string, body?: unknown) {
  return api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
}

/** A £8.50 payment pushed to the kiosk, on its display, paid by card with a £0.50 tip. */
async function paidOnDisplay(display: Page): Promise<string> {
  const terminals = await call('GET', '/api/terminal');
  const terminal = terminals.find((t: { name: string }) => t.name === 'Counter kiosk');
  const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal.id,
    amount: 8.5,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id, {
    timeout: 20_000,
  });
  await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 0.5,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  return id as string;
}

/** What the customer's receipt page says: the shop's name, the lines under it, the method. */
async function receiptPage(page: Page, id: string) {
  await page.goto(`${kiosk.serviceUrl}/receipt/${id}`);
  return {
    name: (await page.locator('h1#merchant').textContent())?.trim(),
    header: (await page.getByTestId('receipt-shop').locator('p').allTextContents()).map((t) =>
      t.trim(),
    ),
    method: (await page.getByTestId('receipt-method').textContent())?.trim(),
  };
}

test('the console prints the shop as it was when paid, its store line and card, as the receipt page does', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const before = await call('PATCH', '/api/merchant', { vatNumber: 'GB111111111' });
  const asPaid = before.name as string;
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  const id = await paidOnDisplay(display);
  await call('PATCH', '/api/merchant', { name: "Ada's Bakery", vatNumber: 'GB999999999' });

  const page = await receiptPage(await open(browser, 'about:blank', 390, 844), id);
  expect(page).toEqual({
    name: asPaid,
    header: ['Main Street', '1 Main Street, London', 'VAT no. GB111111111'],
    method: 'VISA •••• 4242',
  });

  const staff = await open(browser, kiosk.consoleUrl);
  await staff.getByTestId('tab-history').click();
  await staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`).click();
  const detail = staff.getByTestId('payment-detail');
  // The button waits for the receipt, so the dialog never prints an empty page.
  await expect(detail.getByTestId('print-receipt-button')).toBeEnabled();

  // Hidden on screen: read as the print dialog would print it.
  const receipt = staff.getByTestId('print-receipt');
  await expect(receipt).toBeHidden();
  await expect(receipt.locator('h1')).toHaveText(page.name!);
  await expect(receipt.getByTestId('print-receipt-shop-line')).toHaveText(page.header);
  await expect(receipt.getByTestId('print-receipt-method')).toHaveText(page.method!);
  await expect(receipt).toContainText('£9.00');
  // In its words too: the store line and the card, not the current name or "Card".
  const printed = await receipt.textContent();
  for (const said of [page.name!, ...page.header, page.method!]) expect(printed).toContain(said);
  expect(printed).not.toContain('Ada');

  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Payment detail to print', width));

  // Under the print stylesheet only the receipt shows, with the same header.
  await staff.evaluate(() => {
    window.print = () => undefined;
  });
  await detail.getByTestId('print-receipt-button').click();
  await staff.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('print-receipt-shop-line').first()).toBeVisible();
  await test.info().attach('printed receipt.png', {
    body: await receipt.screenshot(),
    contentType: 'image/png',
  });
  await staff.emulateMedia({ media: 'screen' });
});
