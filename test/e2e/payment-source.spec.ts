/**
 * The console names who pushed each payment, end to end: Counter started as a newcomer does
 * (`npm start -- --browser --no-open`), and four payments pushed to its kiosk: from the
 * dashboard (its own push form, in Chromium), by the MCP tool (the real MCP SDK client over the
 * service's /mcp), by an API client, and by an agent naming itself (Counter-Client: agent). The
 * queue, History and a payment's facts say "From the dashboard", "From MCP (assistant)", "From
 * the API" and "From an agent", never the generic "Merchant dashboard". Checked at 390, 768 and
 * 1280 px (test/e2e/layout.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { httpMcp } from '../helpers/mcp';
import { startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const PIN = '2468';
const { open } = perTest();

let kiosk: Kiosk;
let removeDir: () => void;
const ids = { dashboard: '', mcp: '', api: '', agent: '' };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  const dir = tempDir();
  removeDir = () => dir.remove();
  kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  const secret = kiosk.sandboxSecret!;
  const terminals = (await (
    await fetch(`${kiosk.serviceUrl}/api/terminal`, {
      headers: { authorization: `Bearer ${secret}` },
    })
  ).json()) as { id: string; name: string }[];
  const terminal = terminals.find((t) => t.name === 'Counter kiosk')!;

  // The dashboard's own push form.
  const dashboard = await browser.newPage();
  await dashboard.goto(kiosk.dashboardUrl);
  await dashboard.getByLabel('Access secret').fill(secret);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  await dashboard.getByLabel('Terminal', { exact: true }).selectOption({ label: 'Counter kiosk' });
  await dashboard.getByLabel('Amount (£)').fill('11.00');
  await dashboard.getByRole('button', { name: 'Send to terminal' }).click();
  const href = await dashboard
    .getByTestId('push-result')
    .getByRole('link', { name: 'Open the payment' })
    .getAttribute('href');
  ids.dashboard = /([0-9a-f-]{36})$/.exec(href ?? '')![1]!;
  await dashboard.close();

  // An AI assistant's MCP client.
  const mcp = await httpMcp(kiosk.serviceUrl, secret);
  const pushed = await mcp.call('terminal_push_payment', {
    id: terminal.id,
    amount: 12,
    idempotencyKey: randomUUID(),
  });
  await mcp.close();
  ids.mcp = JSON.parse(pushed.text.slice(pushed.text.indexOf('\n') + 1)).paymentRequestId;

  // Any API client, and an agent that names itself.
  for (const [who, amount, headers] of [
    ['api', 13, {}],
    ['agent', 14, { 'counter-client': 'agent' }],
  ] as const) {
    const res = await fetch(`${kiosk.serviceUrl}/api/terminal/process-remote-payment`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify({ id: terminal.id, amount }),
    });
    expect(res.status).toBe(200);
    ids[who] = ((await res.json()) as { paymentRequestId: string }).paymentRequestId;
  }
});

test.afterAll(async () => {
  await kiosk?.stop();
  removeDir?.();
});

const LABELS = {
  dashboard: 'From the dashboard',
  mcp: 'From MCP (assistant)',
  api: 'From the API',
  agent: 'From an agent',
} as const;

const historyRow = (page: Page, id: string) =>
  page.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);

test('the queue and History say who pushed each payment', async ({ browser }) => {
  const staff = await open(browser, kiosk.consoleUrl);
  // The first is on the display; the three after it wait in the queue.
  for (const who of ['mcp', 'api', 'agent'] as const)
    await expect(
      staff.locator(`[data-testid="queue-item"][data-payment-request-id="${ids[who]}"]`),
    ).toContainText(LABELS[who], { timeout: 20_000 });
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'console queue', width));
  await staff.screenshot({ path: '/tmp/payment-source-queue.png', fullPage: true });

  await staff.getByTestId('tab-history').click();
  for (const who of Object.keys(LABELS) as (keyof typeof LABELS)[])
    await expect(historyRow(staff, ids[who])).toContainText(LABELS[who]);
  await expect(staff.getByText('Merchant dashboard')).toHaveCount(0);
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'console history', width));
  await staff.screenshot({ path: '/tmp/payment-source-history.png', fullPage: true });

  await historyRow(staff, ids.mcp).click();
  const facts = staff.getByTestId('payment-detail');
  await expect(facts.getByText('Source', { exact: true })).toBeVisible();
  await expect(facts.getByText(LABELS.mcp, { exact: true })).toBeVisible();
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'payment detail', width));
  await staff.screenshot({ path: '/tmp/payment-source-detail.png', fullPage: true });
});
