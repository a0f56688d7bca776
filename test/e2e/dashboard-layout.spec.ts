/**
 * The dashboard's layout at a phone's, a tablet's and a desktop's width (390, 768 and 1280 px),
 * on every page filled with realistic data: the page never scrolls sideways (a wide table scrolls
 * in its own box), no button in a table row wraps onto a second line, every table fits at 1280
 * px, the form controls of a page share one height, the cards stand apart, table captions sit on
 * the left, and the header names the shop. Each view is checked with axe-core and its screenshot
 * is attached to the test's results.
 */
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, type Service } from '../../src/service/app';
import { connectSse, type SseConnection } from '../helpers/sse';
import { checkCommonLayout, WIDTHS } from './layout';
import { api as serviceApi } from './kiosk-harness';

const SANDBOX = 'sk_sandbox_layout';
const PRODUCTION = 'sk_live_layout';
const LIVE = { timeout: 10_000 };

let service: Service;
let base: string;
let page: Page;
let stream: SseConnection | undefined;
let receiver: Server;
let customerId = '';
/** The card payment with a basket, refunded in part: the fullest payment page. */
let paymentId = '';
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

/** The service's API as the merchant (its sandbox secret unless told another, or none). */
const api = (method: string, path: string, body?: unknown, secret: string | null = SANDBOX) =>
  serviceApi(base, secret, method, path, body);

test.beforeAll(async ({ browser }) => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
  });
  base = await service.listen(0);
  receiver = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/counter`;

  // A kiosk with a realistic name, paired and online.
  const code = await api('POST', '/api/terminal/pairing-codes', {});
  const paired = await api(
    'POST',
    '/api/terminal/pair',
    { code: code.code, name: 'Front counter till' },
    null,
  );
  stream = await connectSse(`${base}/api/terminal/events`, paired.secret);
  await stream.next((e) => e.event === 'ready');
  await api('POST', '/api/webhooks', {
    url: hooks,
    description: 'Order system',
    eventTypes: ['PAYMENTS_STATUS'],
  });

  // Payments in every shape a row takes: open (Cancel and Details), paid by bank, paid by card.
  await api('POST', '/api/terminal/process-remote-payment', {
    id: paired.terminal.id,
    amount: 1234.5,
    notes: 'Table 12, two covers',
  });
  for (const paymentMethod of ['PAY_BY_BANK', 'CARD'] as const) {
    const pushed = await api('POST', '/api/terminal/process-remote-payment', {
      id: paired.terminal.id,
      amount: 48.75,
      ...(paymentMethod === 'CARD'
        ? {
            lineItems: [
              { description: 'Sunday roast with all the trimmings', quantity: 2, unitAmount: 18.5 },
              { description: 'Sticky toffee pudding', quantity: 1, unitAmount: 11.75 },
            ],
          }
        : {}),
    });
    await api('POST', `/api/sandbox/payment-requests/${pushed.paymentRequestId}/simulate`, {
      paymentMethod,
      outcome: 'COMPLETED',
      tipAmount: 2.25,
    });
    if (paymentMethod === 'CARD') paymentId = pushed.paymentRequestId;
  }
  await api('POST', `/api/refund/${paymentId}`, { amount: 5, refundNotes: 'Pudding was cold' });

  // A customer with a saved card, an authorised charge (Capture and Cancel), a message sent to
  // them and a terminal's lookup of them.
  const customer = await api('POST', '/api/customers', {
    fullName: 'Margaret Hamilton-Smythe',
    email: 'margaret.hamilton-smythe@example.com',
    phoneCountryCode: '44',
    phoneNumber: '7700900123',
    metadata: { tier: 'gold', region: 'north-west' },
  });
  customerId = customer.id;
  const card = await api('POST', `/api/sandbox/customers/${customerId}/cards`, {
    number: '4242 4242 4242 4242',
  });
  await api('POST', '/api/payments/card/process-payment', {
    customerId,
    paymentMethodId: card.id,
    captureType: 'MANUAL_CAPTURE',
    amount: 25,
    orderId: 'DEPOSIT-2026-0001',
  });
  await api('POST', `/api/customers/${customerId}/cards/authorize`, { sendLinkToCustomer: true });
  const lookup = await fetch(
    `${base}/api/terminal/customers/lookup?email=${encodeURIComponent(customer.email)}`,
    { headers: { authorization: `Bearer ${paired.secret}` } },
  );
  expect(lookup.status).toBe(200);

  // bypassCSP only so axe-core can inject its script; the app runs under its real CSP.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  stream?.close();
  await page?.context().close();
  await service?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** What the dashboard's own layout checks measure in the page, beyond the common ones. */
interface Measures {
  /** Tables wider than their box (they scroll sideways). */
  scrollingTables: string[];
  /** The distinct heights of the visible text inputs and selects. */
  controlHeights: number[];
  /** The smallest vertical gap between two cards one above the other. */
  smallestCardGap: number | null;
  /** Visible captions that are not on the left. */
  unalignedCaptions: string[];
}

function measure(): Measures {
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const scrollingTables = Array.from(document.querySelectorAll('.table-wrap'))
    .filter(visible)
    .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
    // Named with its width and its columns' widths, to say which column is too wide.
    .map(
      (wrap) =>
        `${wrap.getAttribute('aria-label')}: ${wrap.scrollWidth}px in ${wrap.clientWidth}px (${Array.from(
          wrap.querySelectorAll('th'),
        )
          .map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`)
          .join(', ')})`,
    );
  const controls = Array.from(
    document.querySelectorAll<HTMLElement>(
      'main input:not([type=checkbox]):not([type=radio]), main select',
    ),
  ).filter(visible);
  const controlHeights = Array.from(
    new Set(controls.map((c) => Math.round(c.getBoundingClientRect().height))),
  );
  const cards = Array.from(document.querySelectorAll('main .card')).filter(visible);
  let smallestCardGap: number | null = null;
  for (const a of cards)
    for (const b of cards) {
      const above = a.getBoundingClientRect();
      const below = b.getBoundingClientRect();
      const overlapX = above.left < below.right && below.left < above.right;
      if (a === b || !overlapX || below.top < above.bottom - 1) continue;
      const gap = below.top - above.bottom;
      smallestCardGap = smallestCardGap === null ? gap : Math.min(smallestCardGap, gap);
    }
  const unalignedCaptions = Array.from(document.querySelectorAll('caption'))
    .filter((c) => !c.classList.contains('visually-hidden') && visible(c))
    .filter((c) => getComputedStyle(c).textAlign !== 'left')
    .map((c) => c.textContent ?? '');
  return { scrollingTables, controlHeights, smallestCardGap, unalignedCaptions };
}

async function checkLayout(what: string, width: number) {
  await checkCommonLayout(page, what, width);
  const name = `${what} at ${width}px`;
  const m = await page.evaluate(measure);
  if (width >= 1280) expect(m.scrollingTables, `${name}: tables too wide`).toEqual([]);
  expect(m.controlHeights.length, `${name}: controls of several heights ${m.controlHeights}`).toBe(
    m.controlHeights.length ? 1 : 0,
  );
  if (m.smallestCardGap !== null)
    expect(m.smallestCardGap, `${name}: cards touch`).toBeGreaterThanOrEqual(12);
  expect(m.unalignedCaptions, `${name}: captions not on the left`).toEqual([]);
}

/** Each page at its address, with what shows that its data is in. */
const PAGES: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'Payments',
    path: () => '/dashboard/payments',
    ready: async (p) => {
      // Three pushed to the kiosk and the customer's charge.
      await expect(p.getByTestId('payment')).toHaveCount(4, LIVE);
      await expect(p.getByTestId('payment').nth(1)).toContainText('Front counter till');
    },
  },
  {
    name: 'A payment',
    path: () => `/dashboard/payments/${paymentId}`,
    ready: async (p) => {
      await expect(p.getByTestId('basket-line')).toHaveCount(2, LIVE);
      await expect(p.getByTestId('status-change').last()).toHaveAttribute('data-to', 'COMPLETED');
      await expect(p.getByTestId('refund')).toHaveCount(1);
      await expect(p.getByTestId('payment-webhook').first()).toBeVisible(LIVE);
    },
  },
  {
    name: 'Terminals',
    path: () => '/dashboard/terminals',
    ready: (p) => expect(p.getByTestId('terminal')).toContainText('Online', LIVE),
  },
  {
    name: 'Webhooks',
    path: () => '/dashboard/webhooks',
    ready: async (p) => {
      await p.getByRole('button', { name: /^Show deliveries/ }).click();
      await expect(p.getByTestId('delivery').first()).toBeVisible(LIVE);
    },
  },
  {
    name: 'Bank',
    path: () => '/dashboard/bank',
    ready: (p) => expect(p.getByTestId('recon-summary')).toBeVisible(LIVE),
  },
  {
    name: 'Customers',
    path: () => '/dashboard/customers',
    ready: async (p) => {
      await expect(p.getByTestId('customer-row')).toHaveCount(1, LIVE);
      await expect(p.getByTestId('lookup')).toHaveCount(1, LIVE);
      await expect(p.getByTestId('message')).toHaveCount(1, LIVE);
    },
  },
  {
    name: 'A customer',
    path: () => `/dashboard/customers/${customerId}`,
    ready: async (p) => {
      await expect(p.getByTestId('charge')).toHaveCount(1, LIVE);
      await expect(p.getByRole('button', { name: 'Capture DEPOSIT-2026-0001' })).toBeVisible();
      await expect(p.getByTestId('saved-card')).toHaveCount(1);
    },
  },
  {
    name: 'Agents',
    path: () => '/dashboard/agents',
    ready: (p) => expect(p.getByText('No agents yet.')).toBeVisible(LIVE),
  },
  {
    name: 'Settings',
    path: () => '/dashboard/settings',
    ready: (p) =>
      expect(p.getByTestId('access-secret').first()).toContainText('this session', LIVE),
  },
];

test('signs in; the header names the shop, with the store beside it', async () => {
  await page.goto(`${base}/dashboard`);
  await checkLayout('Sign in', 1280);
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('shop-name')).toHaveText('Counter Demo Shop · Main Street');
});

for (const width of WIDTHS)
  test(`every page at ${width}px: no sideways page, no wrapped row buttons, one control height`, async () => {
    await page.setViewportSize({ width, height: 900 });
    for (const view of PAGES) {
      await page.goto(`${base}${view.path()}`);
      await view.ready(page);
      await checkLayout(view.name, width);
    }
    expect(pageErrors).toEqual([]);
  });

test('at 1280px the search fields, and the new customer fields, line up', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/dashboard/customers`);
  const top = async (label: string) =>
    (await page.getByLabel(label, { exact: true }).boundingBox())!.y;
  expect(await top('Search')).toBe(await top('Metadata filter'));
  const search = (await page.getByRole('button', { name: 'Search' }).boundingBox())!;
  expect(search.y).toBe(await top('Search'));
  await page.getByRole('button', { name: 'New customer' }).click();
  const create = page.getByTestId('create-dialog');
  const fieldTop = async (label: string) => (await create.getByLabel(label).boundingBox())!.y;
  // Full name has a hint and Email a longer one: their inputs still share a line.
  expect(await fieldTop('Full name')).toBe(await fieldTop('Email (optional)'));
});
