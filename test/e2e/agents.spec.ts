/**
 * The dashboard's Agents page in a real browser against a service started in this process. The
 * agent side is played by the Agent Pay TypeScript client (src/agent), signing every request:
 * it registers, creates contracts, pays under one and stages an update. The page must show them
 * (limits in words, usage bars, the staged update, the payments), follow changes by polling,
 * filter by type and status, work from the keyboard, and pass axe-core.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AgentPay } from '../../src/agent/index';
import { createService, type Service } from '../../src/service/app';
import { SEND_SETTLE_MS } from '../../src/service/agent/spending';
import { limits, newKey, payee } from '../helpers/agent';

const SANDBOX = 'sk_sandbox_agents_dash';
const PRODUCTION = 'sk_live_agents_dash';
/** The page polls every 5 s; give load some grace. */
const POLLED = { timeout: 20_000 };

let service: Service;
let base: string;
let page: Page;
let client: AgentPay;
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
  });
  base = await service.listen(0);
  // bypassCSP only so axe-core can inject its script.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  client = new AgentPay({ baseUrl: base, apiKey: SANDBOX, privateKeyPem: newKey().privateKeyPem });
});

test.afterAll(async () => {
  await page?.context().close();
  await service?.close();
});

async function sandbox(path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

async function expectAccessible(what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

const contractItem = (name: string) =>
  page.getByTestId('contract').filter({ has: page.getByRole('heading', { name, exact: true }) });

let supplies = '';

test('shows the agents and contracts an agent made with the client', async () => {
  await client.agent.register({ name: 'Procurement bot', description: 'Buys office supplies' });
  const made = await client.contract.create({
    name: 'Office supplies',
    description: 'Paper, toner and coffee',
    limits: limits(),
  } as never);
  supplies = made.contractId;
  await sandbox(`/api/sandbox/contracts/${supplies}/authorize`, { decision: 'APPROVE' });
  await client.contract.create({
    name: 'Window cleaning',
    limits: limits({ maxPerPayment: 10, periodLimits: [{ amount: 30, period: 'WEEK' }] }),
  } as never);
  await client.contract.send(supplies, { amount: 12.5, payee, reference: 'INV-E2E-1' });

  await page.goto(`${base}/dashboard/agents`);
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();

  const agent = page.getByTestId('agent').filter({ hasText: 'Procurement bot' });
  await expect(agent).toContainText('Buys office supplies');
  await expect(agent).toContainText('Active');

  const item = contractItem('Office supplies');
  await expect(item.getByTestId('contract-status')).toHaveText('Active');
  await expect(item).toContainText('Sends payments · agent Procurement bot');
  await expect(item).toContainText('Paper, toner and coffee');
  await expect(item.getByTestId('limits')).toContainText('At most £50.00 in any one payment.');
  await expect(item.getByTestId('limits')).toContainText(
    'At most £100.00 in total each calendar day (from midnight UTC).',
  );
  const day = item.locator('[data-testid="usage"][data-period="DAY"]');
  // Reserved until the sandbox bank settles it (2 s of the service's clock), used after.
  await expect(day).toContainText(/£(0\.00 used, £12\.50|12\.50 used, £0\.00) reserved/);
  await expect(day).toContainText('£87.50 left of £100.00');
  await expect(day.getByRole('progressbar', { name: 'Day cap used or reserved' })).toHaveAttribute(
    'value',
    '13',
  );
  await expect(item.locator('[data-testid="usage"][data-period="MONTH"]')).toContainText(
    'left of £400.00',
  );
  await expect(contractItem('Window cleaning').getByTestId('contract-status')).toHaveText(
    'Waiting for approval',
  );
  // No approver is asked of the agent: the business's approvers approve, on the page.
  await expect(contractItem('Window cleaning')).toContainText(
    'one of your approvers approves it (Settings)',
  );
  expect(pageErrors).toEqual([]);
  await expectAccessible('Agents');
});

test('shows the payments under a contract, and follows them as they settle (polling)', async () => {
  const item = contractItem('Office supplies');
  await item.getByRole('button', { name: 'Show payments of Office supplies' }).click();
  const payment = item.getByTestId('contract-payment');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Acme Supplies');
  await expect(payment).toContainText('INV-E2E-1');
  await expect(payment).toContainText('£12.50');
  await sandbox('/api/sandbox/clock/advance', { ms: SEND_SETTLE_MS + 500 });
  await expect(payment).toContainText('Paid', POLLED);
  await expect(payment).toHaveAttribute('data-status', 'COMPLETED');
  await expect(item.locator('[data-testid="usage"][data-period="DAY"]')).toContainText(
    '£12.50 used, £0.00 reserved, £87.50 left of £100.00',
    POLLED,
  );
  await expectAccessible('Agents with payments');
});

test('shows a staged update beside the current limits', async () => {
  await client.contract.update(supplies, { limits: limits({ maxPerPayment: 80 }) } as never);
  const item = contractItem('Office supplies');
  const staged = item.getByTestId('pending-update');
  await expect(staged).toContainText('New limits waiting for approval', POLLED);
  await expect(staged).toContainText('At most £80.00 in any one payment.');
  await expect(item.getByRole('heading', { name: 'Current limits' })).toBeVisible();
  await expect(item.getByTestId('limits')).toContainText('At most £50.00 in any one payment.');
  await expectAccessible('Agents with a staged update');
});

test('filters by type and status, from the keyboard', async () => {
  const type = page.getByLabel('Type', { exact: true });
  const status = page.getByLabel('Status', { exact: true });
  // Tab from the type filter to the status filter; the arrow key chooses the next status.
  await type.focus();
  await page.keyboard.press('Tab');
  await expect(status).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('PENDING_AUTHORIZATION');
  await expect(page.getByTestId('contract')).toHaveCount(1);
  await expect(contractItem('Window cleaning')).toBeVisible();
  await status.selectOption('');
  await page.getByLabel('Type', { exact: true }).selectOption('COLLECT');
  await expect(page.getByTestId('contract')).toHaveCount(0);
  await expect(page.getByText('No contracts match these filters.')).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption('SEND');
  await expect(page.getByTestId('contract')).toHaveCount(2);

  // Show payments opens and closes with the keyboard, and says whether it is open.
  const toggle = contractItem('Office supplies').getByRole('button', {
    name: /payments of Office supplies/,
  });
  await toggle.focus();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(contractItem('Office supplies').getByTestId('contract-payment')).toHaveCount(0);
  await page.keyboard.press(' ');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(contractItem('Office supplies').getByTestId('contract-payment')).toHaveCount(1);

  // The menu reaches the page from the keyboard too.
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
    name: 'Agents',
  });
  await expect(link).toHaveAttribute('aria-current', 'page');
  expect(pageErrors).toEqual([]);
});

test("Settings names who approves the agents' payments; adding someone is confirmed by an approver", async () => {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const section = page.getByTestId('agent-approvers');
  await expect(section.getByRole('heading', { name: 'Agent Pay approvers' })).toBeVisible();
  await expect(section.getByTestId('approvers-none')).toBeVisible();

  // The first approver: no one approves yet, so no one is asked.
  await section.getByRole('textbox', { name: 'New approver' }).fill('finance@example.com');
  await section.getByRole('button', { name: 'Add approver' }).click();
  await expect(section.getByTestId('approver-list')).toContainText('finance@example.com');
  await expect(section.getByTestId('approvers-saved')).toContainText('approves from now on');

  // A contract's page now offers them, masked, and sends them the code.
  const waiting = await client.contract.create({ name: 'Printer ink', limits: limits() } as never);
  const other = await page.context().newPage();
  await other.goto(waiting.authorizationUrl!);
  await expect(other.getByText('we send a one-time code to f•••@example.com')).toBeVisible();
  await other.close();

  // A second approver: the first confirms it with the code sent to them.
  await section.getByRole('textbox', { name: 'New approver' }).fill('+447700900123');
  await section.getByRole('button', { name: 'Add approver' }).click();
  await expect(section.getByText('one of the people who approve now to confirm it')).toBeVisible();
  await expect(section.getByLabel('Send the code to')).toHaveValue(/.+/);
  await section.getByRole('button', { name: 'Send the code' }).click();
  const outbox = await (
    await fetch(`${base}/api/sandbox/messages?size=5`, {
      headers: { authorization: `Bearer ${SANDBOX}` },
    })
  ).json();
  const code = /\b(\d{6})\b/.exec(
    (outbox.data as { to: string; body: string }[]).find((m) => m.to === 'finance@example.com')!
      .body,
  )![1]!;
  await section.getByLabel('The code we sent to f•••@example.com').fill(code);
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByTestId('approver-list')).toContainText('+447700900123');
  await expect(section.getByTestId('approver-list')).toContainText('finance@example.com');
  await expectAccessible('Settings with approvers');

  // Removing needs no code.
  await section.getByRole('button', { name: 'Remove +447700900123' }).click();
  await expect(section.getByTestId('approver-list')).not.toContainText('+447700900123');
  expect(pageErrors).toEqual([]);
});
