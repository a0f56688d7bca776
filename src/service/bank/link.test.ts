/** Linking through the hosted page over real HTTP (the browser run is test/e2e/bank.spec.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankAccountList, BankLink } from '../../shared/contract/bank';
import { startService, type Harness } from '../../../test/helpers/service';
import { LINK_TTL_MS } from './link-page';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const REDIRECT = 'https://shop.example.test/bank/done?from=dashboard';

async function start(redirectUrl = REDIRECT) {
  const res = await h.call('POST', '/api/bank/links', { redirectUrl });
  expect(res.status).toBe(201);
  const link = BankLink.parse(res.body);
  expect(link.linkUrl).toBe(`${h.url}/bank/link/${link.linkId}`);
  return link;
}

const get = (url: string) => fetch(url, { redirect: 'manual' });
const post = (url: string, form: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

async function walkToConsent(linkUrl: string, bank = 'harbour') {
  const choose = await get(linkUrl);
  expect(choose.status).toBe(200);
  const html = await choose.text();
  for (const name of ['Sandbox Bank', 'Harbour Bank', 'Oakmoor Building Society'])
    expect(html).toContain(name);
  expect((await post(`${linkUrl}/bank`, { bank })).status).toBe(303);
  const signIn = await (await get(linkUrl)).text();
  expect(signIn).toContain('Sign in to');
  expect((await post(`${linkUrl}/sign-in`, { username: 'jo', password: 'pw' })).status).toBe(303);
  const consent = await get(linkUrl);
  expect(await consent.text()).toContain('Share your accounts with Counter?');
  // The consent form redirects to the merchant's site: the page's CSP must allow it.
  expect(consent.headers.get('content-security-policy')).toContain(
    "form-action 'self' https://shop.example.test",
  );
}

describe('hosted linking page', () => {
  it('pick a bank, sign in, consent: back to redirectUrl with the consent and account ids', async () => {
    const link = await start();
    await walkToConsent(link.linkUrl, 'oakmoor');
    const done = await post(`${link.linkUrl}/consent`, { decision: 'allow' });
    expect(done.status).toBe(303);
    const to = new URL(done.headers.get('location')!);
    expect(to.origin + to.pathname).toBe('https://shop.example.test/bank/done');
    expect(to.searchParams.get('from')).toBe('dashboard');
    const accountAuthId = to.searchParams.get('accountAuthId')!;
    const accountIds = to.searchParams.get('accountIds')!.split(',');
    expect(accountIds).toHaveLength(2);
    const accounts = BankAccountList.parse(
      (await h.call('GET', `/api/bank/${accountAuthId}/accounts`)).body,
    );
    expect(accounts.map((a) => a.accountId)).toEqual(accountIds);
    expect(accounts[0]!.bankName).toBe('Oakmoor Building Society');
    const txs = await h.call('GET', `/api/bank/accounts/${accountIds[0]}/transactions`);
    expect(txs.body.data).toHaveLength(100);
    // The link is single-use.
    expect((await get(link.linkUrl)).status).toBe(410);
    expect((await post(`${link.linkUrl}/consent`, { decision: 'allow' })).status).toBe(410);
  });

  it('declining returns with error=access_denied and links nothing', async () => {
    const before = (await h.call('GET', '/api/bank/consents')).body.length;
    const link = await start();
    await walkToConsent(link.linkUrl);
    const done = await post(`${link.linkUrl}/consent`, { decision: 'deny' });
    const to = new URL(done.headers.get('location')!);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('accountAuthId')).toBeNull();
    expect((await h.call('GET', '/api/bank/consents')).body.length).toBe(before);
  });

  it('cancelling at the bank list returns with an error too', async () => {
    const link = await start();
    const done = await post(`${link.linkUrl}/cancel`);
    expect(new URL(done.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('signing in needs a user name and password; steps cannot be skipped', async () => {
    const link = await start();
    // Consent before signing in does nothing.
    expect(
      (await post(`${link.linkUrl}/consent`, { decision: 'allow' })).headers.get('location'),
    ).toBe(`/bank/link/${link.linkId}`);
    await post(`${link.linkUrl}/bank`, { bank: 'sandbox-bank' });
    const blank = await post(`${link.linkUrl}/sign-in`, { username: ' ', password: '' });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain('Enter your user name and password.');
    expect(await (await get(link.linkUrl)).text()).toContain('Sign in to Sandbox Bank');
  });

  it('expires after its lifetime; an unknown link is 404', async () => {
    const link = await start();
    await h.call('POST', '/api/sandbox/clock/advance', { ms: LINK_TTL_MS });
    const res = await get(link.linkUrl);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('expired');
    expect((await get(`${h.url}/bank/link/lnk_unknown`)).status).toBe(404);
  });

  it('a host in redirectUrl cannot add a directive to the page’s CSP', async () => {
    const link = await start('https://shop.example.test;sandbox/done');
    const csp = (await get(link.linkUrl)).headers.get('content-security-policy')!;
    expect(csp).toContain("form-action 'self';");
    expect(csp).not.toContain('sandbox');
  });

  it('validates redirectUrl', async () => {
    for (const redirectUrl of ['not a url', 'javascript:alert(1)', 'ftp://x.test/'])
      expect((await h.call('POST', '/api/bank/links', { redirectUrl })).body.errors[0].field).toBe(
        'redirectUrl',
      );
  });
});

describe('POST /api/sandbox/bank/consents', () => {
  it('links the default bank, or the one named; production secrets are refused', async () => {
    const res = await h.call('POST', '/api/sandbox/bank/consents', {});
    expect(res.status).toBe(201);
    expect(res.body.bankName).toBe('Sandbox Bank');
    expect(res.body.accountIds).toHaveLength(2);
    const harbour = await h.call('POST', '/api/sandbox/bank/consents', { bank: 'harbour' });
    expect(harbour.body.bankName).toBe('Harbour Bank');
    expect((await h.call('POST', '/api/sandbox/bank/consents', { bank: 'monzo' })).status).toBe(
      400,
    );
    expect(
      (await h.call('POST', '/api/sandbox/bank/consents', {}, 'sk_live_test_secret')).status,
    ).toBe(400);
  });

  it('the sandbox reset removes consents, their accounts and their transactions', async () => {
    const res = await h.call('POST', '/api/sandbox/bank/consents', {});
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expect((await h.call('GET', `/api/bank/${res.body.accountAuthId}/accounts`)).status).toBe(404);
    expect((await h.call('GET', '/api/bank/consents')).body).toEqual([]);
    const left = (await h.service.store
      .prepare('SELECT count(*) AS n FROM bank_transactions WHERE account_id = ?')
      .get(res.body.accountIds[0])) as { n: number };
    expect(left.n).toBe(0);
  });
});
