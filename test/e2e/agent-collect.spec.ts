/**
 * COLLECT contracts in a real browser against a service started in this process: a customer
 * types the code sent to them on the hosted authorization page (before it, the page shows nothing
 * of theirs), then approves choosing one of their saved cards, the
 * agent (the TypeScript client) collects charges of it that complete or, on a declining card,
 * fail and free the reservation; and, with JavaScript off, a customer adds a new card with 3D
 * Secure on the same page and approves with it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import { AgentPay } from '../../src/agent/index';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';
import { codeIn } from '../helpers/agent';

const SECRET = 'sk_sandbox_e2e_collect';
let service: Service;
let base: string;
let pay: AgentPay;

const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);

test.beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SECRET, production: 'sk_live_c' },
  });
  base = await service.listen(0);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  pay = new AgentPay({
    baseUrl: base,
    apiKey: SECRET,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  });
  await pay.agent.register({ name: 'Gym billing bot' });
});
test.afterAll(async () => {
  await service?.close();
});

async function customerWithCards(name: string, numbers: string[]) {
  const customer = await api('POST', '/api/customers', {
    fullName: name,
    email: `${name.toLowerCase().replace(/\W/g, '.')}@example.com`,
  });
  const cards = [];
  for (const number of numbers)
    cards.push(await api('POST', `/api/sandbox/customers/${customer.id}/cards`, { number }));
  return { id: customer.id as string, cards };
}

const contractFor = (customerId: string, name: string) =>
  pay.contract.create({
    name,
    type: 'COLLECT',
    serviceCustomerId: customerId,
    limits: {
      maxPerPayment: 40,
      periodLimits: [{ amount: 60, period: 'MONTH' }],
      validTo: '2099-01-01T00:00:00Z',
    },
  });

/** The card network answers a second after a charge (on the sandbox clock). */
const settle = () => api('POST', '/api/sandbox/clock/advance', { ms: 1000 });

/**
 * The customer asks for the approval code, types it (read from the sandbox outbox) and goes on:
 * then, and only then, the page shows their cards.
 */
async function typeCode(page: Page, url: string) {
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('We sent you a code');
  await page
    .getByLabel('The code we sent you')
    .fill(codeIn(await api('GET', '/api/sandbox/messages'), url));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your code is confirmed')).toBeVisible();
}

async function approveWith(page: Page, url: string, cardLabel: RegExp) {
  await page.goto(url);
  await typeCode(page, url);
  await page.getByRole('radio', { name: cardLabel }).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
}

test('a customer picks a saved card; the agent collects; a declining card frees its reservation', async ({
  page,
}) => {
  const jo = await customerWithCards('Jo Collect', ['4242424242424242', '4000000000009995']);
  const [visa, poor] = jo.cards;
  const contract = await contractFor(jo.id, 'Gym membership');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(contract.authorizationUrl!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gym membership');
  await expect(
    page.getByText('Counter Demo Shop asks to charge your card, through its agent Gym billing bot'),
  ).toBeVisible();
  await expect(page.getByTestId('limits')).toContainText('At most £40.00 in any one payment.');
  await expect(page.getByTestId('limits')).toContainText(
    'At most £60.00 in total each calendar month.',
  );
  // Whoever holds the link sees nothing of the customer: no cards, no card form, the address
  // the code goes to masked.
  await expect(page.getByText('we send a one-time code to j•••@example.com')).toBeVisible();
  await expect(page.getByText(/ending 4242|ending 9995|Jo Collect|jo\.collect/)).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add card' })).toHaveCount(0);
  const before = await new AxeBuilder({ page }).analyze();
  expect(
    before.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);

  // With the code typed: the newest card comes first and is chosen unless the customer picks
  // another.
  await typeCode(page, contract.authorizationUrl!);
  await expect(page.getByRole('radio', { name: /ending 9995/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add card' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await page.getByRole('radio', { name: /VISA card ending 4242/ }).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  await expect(page.getByText('your VISA card ending 4242')).toBeVisible();
  const active = await pay.contract.awaitActive(contract.contractId, { timeoutMs: 10_000 });
  expect(active).toMatchObject({ termsVersion: 1, linkedMethod: { paymentMethodId: visa.id } });

  const charge = await pay.contract.collect(contract.contractId, {
    amount: 30,
    orderId: 'GYM-JAN',
  });
  expect(charge.status).toBe('PENDING');
  expect((await pay.contract.get(contract.contractId)).usage![0]).toMatchObject({
    reserved: 30,
    remaining: 30,
  });
  await settle();
  expect((await pay.contract.payment(charge.paymentId)).status).toBe('COMPLETED');
  const status = await api('GET', `/api/payments/v1/payment-status/${charge.paymentRequestId}`);
  expect(status.status).toBe('COMPLETED');
  expect(status.transactions[0].cardPaymentDetails.maskedCardNumber).toBe('**** **** **** 4242');
  expect((await pay.contract.get(contract.contractId)).usage![0]).toMatchObject({
    usedThisPeriod: 30,
    reserved: 0,
    remaining: 30,
  });

  // A second contract on the card with insufficient funds: the charge fails, nothing is used.
  const extras = await contractFor(jo.id, 'Gym extras');
  await approveWith(page, extras.authorizationUrl!, /ending 9995/);
  expect((await pay.contract.get(extras.contractId)).linkedMethod?.paymentMethodId).toBe(poor.id);
  const failing = await pay.contract.collect(extras.contractId, { amount: 40, orderId: 'GYM-X' });
  expect((await pay.contract.get(extras.contractId)).usage![0]).toMatchObject({ reserved: 40 });
  await settle();
  expect(await pay.contract.payment(failing.paymentId)).toMatchObject({
    status: 'FAILED',
    errorDescription: 'Insufficient funds',
  });
  expect((await pay.contract.get(extras.contractId)).usage![0]).toMatchObject({
    usedThisPeriod: 0,
    reserved: 0,
    remaining: 60,
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a customer adds a new card with 3D Secure on the page and approves with it', async ({
    page,
  }) => {
    const sam = await customerWithCards('Sam Newcard', []);
    const contract = await contractFor(sam.id, 'Climbing wall');
    await page.goto(contract.authorizationUrl!);
    await expect(page.getByRole('button', { name: 'Add card' })).toHaveCount(0);
    await typeCode(page, contract.authorizationUrl!);
    await expect(page.getByText('You have no saved card yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await page.getByLabel('Name on card').fill('Sam Newcard');
    await page.getByLabel('Card number').fill('4000 0000 0000 3220');
    await page.getByLabel('Expiry (MM/YY)').fill('10/37');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Add card' }).click();

    await expect(page.getByRole('heading', { name: /3D Secure/ })).toBeVisible();
    await expect(page.getByText('ending 3220')).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(page.getByRole('status')).toContainText('VISA card ending 3220');
    await expect(page.getByRole('radio', { name: /ending 3220/ })).toBeChecked();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();

    const active = await pay.contract.get(contract.contractId);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      linkedMethod: { lastFourDigits: '3220', brand: 'VISA', expiryDate: '10/2037' },
    });
    const charge = await pay.contract.collect(contract.contractId, {
      amount: 12.5,
      orderId: 'WALL-1',
    });
    await settle();
    expect((await pay.contract.payment(charge.paymentId)).status).toBe('COMPLETED');
    expect((await pay.contract.get(contract.contractId)).usage![0]).toMatchObject({
      usedThisPeriod: 12.5,
      remaining: 47.5,
    });
  });
});
