/**
 * History, a payment's detail, today's takings and End of day agree, end to end: Counter started
 * with `npm start -- --browser --no-open` (staff PIN from COUNTER_KIOSK_PIN), a tipped card
 * payment, a pay-by-bank payment and a failed one pushed from the dashboard and settled in the
 * sandbox. History lists what each took (the tip with it) as End of day adds it up; a paid or
 * failed payment's detail says when that happened, not when it would have expired, and gives a
 * short reference instead of the raw request id; once £5 of the tipped payment is refunded, the
 * takings tiles (four now) stay one even grid; End of day's amounts line up on the right. Each
 * screen is checked at 390, 768 and 1280 px (test/e2e/layout.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { api, displayRoot, startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { askRefundWithPin } from './till-steps';

const PIN = '2468';
const { open } = perTest({ permissions: ['clipboard-read', 'clipboard-write'] });

let kiosk: Kiosk;
let removeDir: () => void;
const ids = { tipped: '', bank: '', failed: '' };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  removeDir = () => dir.remove();
  kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  const display = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await display.goto(kiosk.displayUrl);
  const terminals = await call('GET', '/api/terminal');
  const terminal = terminals.find((t: { name: string }) => t.name === 'Counter kiosk');
  /** Pushed to the kiosk, on its display, then settled by the customer as `outcome` says. */
  async function settle(amount: number, simulate: Record<string, unknown>) {
    const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
      id: terminal.id,
      amount,
    });
    // The one before stays on "Paid" for its 8 seconds first.
    await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id, {
      timeout: 20_000,
    });
    await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, simulate);
    return id as string;
  }
  ids.bank = await settle(4.2, { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  ids.tipped = await settle(12.65, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1.27,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  ids.failed = await settle(7, { paymentMethod: 'CARD', outcome: 'FAILED' });
  await display.close();

  // £5 of the tipped payment refunded from History, and completed.
  const staff = await browser.newPage();
  await staff.goto(kiosk.consoleUrl);
  await staff.getByTestId('tab-history').click();
  await row(staff, ids.tipped).click();
  const detail = staff.getByTestId('payment-detail');
  await askRefundWithPin(detail, PIN, '5');
  await expect(detail.getByTestId('refund')).toHaveCount(1);
  await call('POST', '/api/sandbox/clock/advance', { ms: 5_000 });
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED');
  await staff.close();
});

test.afterAll(async () => {
  await kiosk?.stop();
  removeDir?.();
});

function call(method: string, path: string, body?: unknown) {
  return api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
}

async function console_(browser: Parameters<typeof open>[0]): Promise<Page> {
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  return staff;
}

const row = (page: Page, id: string) =>
  page.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);

async function openEndOfDay(staff: Page) {
  await staff.getByTestId('tab-day').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await staff.getByRole('button', { name: 'Show the report' }).click();
  await expect(staff.getByTestId('eod-report')).toBeVisible();
}

test('a tipped payment is listed in History at what it took, the figure End of day adds up', async ({
  browser,
}) => {
  const staff = await console_(browser);
  // £4.20 and £13.92 taken, £5 of it refunded.
  await expect(staff.getByTestId('takings-total')).toHaveText('£13.12');
  await staff.getByTestId('tab-history').click();
  const tipped = row(staff, ids.tipped);
  await expect(tipped).toHaveAttribute('data-status', 'COMPLETED');
  // What it took, tip included; the tip named under it.
  await expect(tipped.locator('.row__amount')).toHaveText(/^£13\.92/);
  const listed = tipped.getByTestId('history-amount');
  await expect(listed.locator('.row__amount-value')).toHaveText('£13.92');
  await expect(listed.getByTestId('history-tip')).toHaveText('incl. £1.27 tip');
  await expect(row(staff, ids.bank).getByTestId('history-tip')).toHaveCount(0);
  // A payment not paid shows what it asks for, no tip.
  await expect(row(staff, ids.failed).locator('.row__amount-value')).toHaveText('£7.00');
  const tippedListed = await listed.locator('.row__amount-value').textContent();
  const bankListed = await row(staff, ids.bank).locator('.row__amount-value').textContent();
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'History', width));
  // The search takes the amount asked, as its label says: 12.65 finds the payment listed at £13.92.
  await staff.getByLabel('Amount asked (£)').fill('12.65');
  await staff.getByTestId('history-search-submit').click();
  await expect(staff.getByTestId('history-row')).toHaveCount(1);
  await expect(tipped).toBeVisible();

  await openEndOfDay(staff);
  const byMethod = staff.getByRole('table', { name: 'Takings by method' });
  await expect(byMethod.getByRole('row', { name: /^Card/ }).getByRole('cell').nth(1)).toHaveText(
    tippedListed!,
  );
  await expect(staff.getByTestId('eod-bank-row').getByRole('cell').first()).toHaveText(bankListed!);
  await expect(staff.getByTestId('eod-total')).toHaveText('£18.12');
});

test('a paid or failed payment’s detail says when, not when it expires; a short reference', async ({
  browser,
}) => {
  const staff = await console_(browser);
  await staff.getByTestId('tab-history').click();
  await row(staff, ids.tipped).click();
  const detail = staff.getByTestId('payment-detail');
  await expect(detail.getByRole('heading', { name: /^Payment POS-/ })).toBeVisible();
  await expect(detail).not.toContainText(/expires/i);
  await expect(detail.getByTestId('detail-amount')).toHaveText('£13.92');
  await expect(detail.getByTestId('detail-taken')).toContainText('£12.65 + £1.27 tip');
  await expect(detail.getByText('Paid at', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('detail-status-time')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  // The request id is no headline: a short reference, and the full id is one press away.
  await expect(detail).not.toContainText(ids.tipped);
  await expect(detail.getByTestId('detail-reference')).toHaveText(
    ids.tipped.replace(/-/g, '').slice(0, 8).toUpperCase(),
  );
  await detail.getByTestId('copy-payment-id').click();
  await expect(detail.getByRole('status').filter({ hasText: 'Full id copied.' })).toBeVisible();
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(ids.tipped);
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Payment detail', width));
  await detail.getByRole('button', { name: 'Close' }).click();

  await row(staff, ids.failed).click();
  await expect(detail.getByText('Failed at', { exact: true })).toBeVisible();
  await expect(detail).not.toContainText(/expires/i);
  await expect(detail.getByTestId('detail-taken')).toHaveCount(0);
});

/** Every tile's box, and how many stand on each row. */
function tileBoxes(page: Page) {
  return page.locator('.takings__grid').evaluate((grid) => {
    const boxes = Array.from(grid.children, (tile) => tile.getBoundingClientRect());
    const perRow = new Map<number, number>();
    for (const b of boxes) perRow.set(Math.round(b.top), (perRow.get(Math.round(b.top)) ?? 0) + 1);
    return {
      widths: boxes.map((b) => Math.round(b.width)),
      heights: boxes.map((b) => Math.round(b.height)),
      perRow: [...perRow.values()],
      gridRight: Math.round(grid.getBoundingClientRect().right),
      rights: boxes.map((b) => Math.round(b.right)),
    };
  });
}

test('today’s takings stay one even grid once a refund adds a tile', async ({ browser }) => {
  const staff = await console_(browser);
  await expect(staff.getByTestId('takings-refunded')).toHaveText('£5.00');
  const grid = staff.locator('.takings__grid');
  await expect(grid.locator('.stat')).toHaveCount(4);
  await atEachWidth(staff, async (width) => {
    await grid.scrollIntoViewIfNeeded();
    const shot = await grid.screenshot();
    await test.info().attach(`takings at ${width}px.png`, { body: shot, contentType: 'image/png' });
    const m = await tileBoxes(staff);
    const where = `takings at ${width}px: ${JSON.stringify(m)}`;
    // Four tiles of one width and one height, in full rows (2 × 2 or 4 across), edge to edge.
    expect(Math.max(...m.widths) - Math.min(...m.widths), where).toBeLessThanOrEqual(1);
    expect(Math.max(...m.heights) - Math.min(...m.heights), where).toBeLessThanOrEqual(1);
    expect([[2, 2], [4]], where).toContainEqual(m.perRow);
    expect(Math.max(...m.rights), where).toBeGreaterThanOrEqual(m.gridRight - 1);
  });
});

test('End of day’s amounts line up on the right, in tabular figures', async ({ browser }) => {
  const staff = await console_(browser);
  await openEndOfDay(staff);
  await expect(staff.getByTestId('eod-refund-row')).toHaveCount(1);
  await atEachWidth(staff, async (width) => {
    // Each amount's text ends at its cell's right edge (inside its padding), headings too.
    const cells = await staff.getByTestId('eod-report').evaluate((report) =>
      Array.from(report.querySelectorAll('table')).flatMap((table) => {
        const heads = Array.from(table.querySelectorAll('thead th'), (th) => th.textContent);
        const amountColumns = heads
          .map((text, i) => (/Takings|Tips|Refunded|Amount|Payments/.test(text ?? '') ? i : -1))
          .filter((i) => i >= 0);
        return Array.from(table.querySelectorAll('tr')).flatMap((tr) =>
          amountColumns.map((i) => {
            const cell = tr.children[i] as HTMLElement;
            const range = document.createRange();
            range.selectNodeContents(cell);
            const style = getComputedStyle(cell);
            const inner = cell.getBoundingClientRect().right - parseFloat(style.paddingRight);
            return {
              text: cell.textContent,
              gap: Math.round(inner - range.getBoundingClientRect().right),
              tabular: style.fontVariantNumeric.includes('tabular-nums'),
            };
          }),
        );
      }),
    );
    expect(cells.length).toBeGreaterThanOrEqual(12);
    for (const cell of cells) {
      expect(cell.gap, `${cell.text} at ${width}px is not right-aligned`).toBeLessThanOrEqual(1);
      expect(cell.tabular, `${cell.text}: tabular figures`).toBe(true);
    }
    await checkCommonLayout(staff, 'End of day', width);
  });
});
