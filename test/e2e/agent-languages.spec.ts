/**
 * Agent Pay's authorization page in the approver's language, in real Chromium on a phone: Arabic
 * chosen by touch from the page's language control, the page right to left with every text in
 * the catalogue (src/shared/i18n), the code sent and typed, the contract approved, and the
 * outcome page still in Arabic; each screen passes the shared layout check at each width.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Service } from '../../src/service/app';
import { LANGUAGES, t } from '../../src/shared/i18n';
import { codeIn } from '../helpers/agent';
import { untranslated } from './catalogue-text';
import { atEachWidth, checkCommonLayout } from './layout';
import { agentPayWithNewKey, merchantApi, startOwnService } from './service-steps';

const SECRET = 'sk_sandbox_agent_languages';
const SHOP = 'Siop y Gornel';
const AGENT = 'Stationery bot';
const CONTRACT = 'Stationery';
let service: Service;
let base: string;

test.beforeAll(async () => {
  ({ service, base } = await startOwnService(
    { sandbox: SECRET, production: 'sk_live_agent_languages' },
    SHOP,
  ));
});
test.afterAll(() => service.close());

const api = merchantApi(() => base, SECRET);

/** The page is in Arabic, right to left, its control marking it, with no word of any other. */
async function expectArabic(page: Page, what: string, names: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const control = page.getByTestId('page-languages');
  await expect(control.getByRole('link')).toHaveCount(LANGUAGES.length);
  await expect(control.locator('[aria-current="true"]')).toHaveText('العربية');
  expect(await untranslated(page, 'ar', [SHOP, AGENT, CONTRACT, '✓', ...names]), what).toEqual([]);
}

test('the authorization page in Arabic: chosen by touch, right to left, approved, at each width', async ({
  browser,
}) => {
  const pay = await agentPayWithNewKey(base, SECRET);
  await pay.agent.register({ name: AGENT });
  const set = await api('PUT', '/api/merchant/approvers', {
    approvers: [{ email: 'finance@example.com' }, { email: 'owner@example.com' }],
  });
  expect(set.status).toBe(200);
  const contract = await pay.contract.create({
    name: CONTRACT,
    limits: {
      maxPerPayment: 40,
      periodLimits: [{ amount: 300, period: 'MONTH', alignment: 'ANCHORED' }],
      validTo: '2099-01-01T00:00:00Z',
    },
  });
  const url = contract.authorizationUrl!;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await page.getByTestId('page-languages').getByRole('link', { name: 'العربية' }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: t('ar', 'agent.headingApprove', { name: CONTRACT }),
    }),
  ).toBeVisible();
  const masked = ['f•••@example.com', 'o•••@example.com'];
  await expectArabic(page, 'the contract', masked);
  // Its limits in Arabic, amounts with Arabic-Indic digits.
  await expect(page.getByTestId('limits')).toContainText('٤٠٫٠٠');
  await atEachWidth(page, (width) => checkCommonLayout(page, 'authorization page in ar', width));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/h10-authorize-ar.png', fullPage: true });

  const to = page.getByRole('group', { name: t('ar', 'agent.sendTo') });
  await to.getByLabel('f•••@example.com').check();
  await page.getByRole('button', { name: t('ar', 'agent.sendMe') }).click();
  await expect(page.getByRole('status')).toHaveText(t('ar', 'agent.codeSentNotice'));
  await expectArabic(page, 'the code sent', masked);
  const code = codeIn((await api('GET', '/api/sandbox/messages')).body, url);
  await page.getByLabel(t('ar', 'agent.codeLabel')).fill(code);
  await page.getByRole('button', { name: t('ar', 'agent.approve'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('ar', 'agent.approved') })).toBeVisible();
  await expectArabic(page, 'approved');
  await atEachWidth(page, (width) => checkCommonLayout(page, 'approved in ar', width));
  await page.screenshot({ path: '/tmp/h10-approved-ar.png', fullPage: true });
  await context.close();
});
