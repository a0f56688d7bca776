/**
 * Linking a bank account through the hosted page in a real browser: the merchant's site starts
 * a link, the user picks a bank, signs in and consents, and the browser lands back on the
 * merchant's redirectUrl with the consent and account ids, which then read the feed.
 */
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';

const SECRET = 'sk_sandbox_e2e_bank';
let service: Service;
let base: string;
let merchantSite: Server;
let merchantUrl: string;

test.beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SECRET, production: 'sk_live_x' },
  });
  base = await service.listen(0);
  // The merchant's own page that the bank sends the user back to.
  merchantSite = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'text/html');
    const error = url.searchParams.get('error');
    res.end(
      error
        ? `<h1>Not linked</h1><p id="error">${error === 'access_denied' ? 'access_denied' : 'other'}</p>`
        : `<h1>Bank linked</h1><p id="consent">${/^[\w-]+$/.test(url.searchParams.get('accountAuthId') ?? '') ? url.searchParams.get('accountAuthId') : ''}</p>`,
    );
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}/bank/done`;
});

test.afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
});

const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);

test('link an account: pick a bank, sign in, allow, back at redirectUrl with the ids', async ({
  page,
}) => {
  const link = await api('POST', '/api/bank/links', { redirectUrl: merchantUrl });
  await page.goto(link.linkUrl);
  await expect(page.getByRole('heading', { name: 'Link your bank account' })).toBeVisible();
  await page.getByRole('button', { name: 'Harbour Bank' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Harbour Bank' })).toBeVisible();
  // The browser refuses an empty form (required fields) and stays on the page.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Harbour Bank' })).toBeVisible();
  await page.getByLabel('User name').fill('shopkeeper');
  await page.getByLabel('Password').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The app reading the accounts is named as the party they are shared with, for the merchant.
  await expect(
    page.getByRole('heading', { name: 'Share your accounts with Counter?' }),
  ).toBeVisible();
  await expect(page.getByText('on behalf of Counter Demo Shop')).toBeVisible();
  await expect(page.getByText('Harbour Business Account')).toBeVisible();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  await page.waitForURL((url) => url.pathname === '/bank/done');
  const back = new URL(page.url());
  const accountAuthId = back.searchParams.get('accountAuthId')!;
  const accountIds = back.searchParams.get('accountIds')!.split(',');
  await expect(page.locator('#consent')).toHaveText(accountAuthId);

  const accounts = await api('GET', `/api/bank/${accountAuthId}/accounts`);
  expect(accounts.map((a: { accountId: string }) => a.accountId)).toEqual(accountIds);
  expect(accounts[0].bankName).toBe('Harbour Bank');
  const feed = await api('GET', `/api/bank/accounts/${accountIds[0]}/transactions`);
  expect(feed.data).toHaveLength(25); // Harbour Bank's own page size
  expect(feed.links.next).toBeTruthy();

  // Back in the browser, the used link says so.
  await page.goto(link.linkUrl);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});

test("declining returns to the merchant's site with error=access_denied", async ({ page }) => {
  const before = (await api('GET', '/api/bank/consents')).length;
  const link = await api('POST', '/api/bank/links', { redirectUrl: merchantUrl });
  await page.goto(link.linkUrl);
  await page.getByRole('button', { name: 'Sandbox Bank' }).click();
  await page.getByLabel('User name').fill('shopkeeper');
  await page.getByLabel('Password').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: "Don't allow" }).click();
  await page.waitForURL((url) => url.pathname === '/bank/done');
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  await expect(page.locator('#error')).toHaveText('access_denied');
  expect((await api('GET', '/api/bank/consents')).length).toBe(before);
});
