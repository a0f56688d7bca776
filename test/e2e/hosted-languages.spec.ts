/**
 * The hosted payment page's later steps in the customer's language, in real Chromium on a phone:
 * the bank's page and the card's (with its refusal and the 3-D Secure challenge) in Polish and in
 * Arabic, chosen from the page's language control (each language named in its own language).
 * Every text is checked against the language's catalogue (src/shared/i18n), Arabic reads right to
 * left, and each screen passes the shared layout check (test/e2e/layout.ts) at each width. The
 * card-saving link's page (/save-card/{token}) likewise, in Arabic.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Service } from '../../src/service/app';
import { startOwnService } from './service-steps';
import { LANGUAGES, t, type LanguageCode } from '../../src/shared/i18n';
import { untranslated } from './catalogue-text';
import { api as serviceApi } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const SECRET = 'sk_sandbox_e2e_languages';
const SHOP = 'Siop y Gornel';
const BASKET = [
  { description: 'Bara brith', quantity: 2, unitAmount: 3.25 },
  { description: 'Flat white', quantity: 1, unitAmount: 6 },
];
const NAMES = [
  SHOP,
  ...BASKET.map((line) => line.description),
  'Sandbox Bank',
  'Demo Building Society',
  'Test Credit Union',
  'VISA Secure',
  // The success mark, beside a heading that says it in words (aria-hidden).
  '✓',
];

let service: Service;
let base: string;

test.beforeAll(async () => {
  ({ service, base } = await startOwnService(
    { sandbox: SECRET, production: 'sk_live_e2e_languages' },
    SHOP,
  ));
});

test.afterAll(async () => {
  await service?.close();
});

async function paymentUrl(): Promise<string> {
  const created = (await serviceApi(base, SECRET, 'POST', '/api/payments/process-payment', {
    customerId: 'customer-languages',
    orderId: `LANG-${randomUUID().slice(0, 8)}`,
    amount: 12.5,
    lineItems: BASKET,
  })) as { paymentUrl: string };
  return created.paymentUrl;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return await context.newPage();
}

/** The page is in `lang`: its lang and direction, the control marking it, no other words. */
async function expectIn(page: Page, lang: LanguageCode, what: string, names: string[] = []) {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  if (lang === 'ar') await expect(html).toHaveAttribute('dir', 'rtl');
  else expect(await html.getAttribute('dir')).not.toBe('rtl');
  const control = page.getByTestId('page-languages');
  await expect(control.getByRole('link')).toHaveCount(LANGUAGES.length);
  for (const option of LANGUAGES)
    await expect(control.getByRole('link', { name: option.name, exact: true })).toHaveAttribute(
      'lang',
      option.code,
    );
  const own = LANGUAGES.find((l) => l.code === lang)!.name;
  await expect(control.locator('[aria-current="true"]')).toHaveText(own);
  const values = await page.locator('dd').allInnerTexts();
  expect(
    await untranslated(page, lang, [...NAMES, ...names, ...values]),
    `${what} in ${lang}`,
  ).toEqual([]);
}

/** Opens a new payment on a phone and picks `lang` by touch from the page's language control. */
async function openIn(browser: Browser, lang: LanguageCode): Promise<Page> {
  const page = await phone(browser);
  await page.goto(await paymentUrl());
  const name = LANGUAGES.find((l) => l.code === lang)!.name;
  await page.getByTestId('page-languages').getByRole('link', { name, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return page;
}

for (const lang of ['pl', 'ar'] as const) {
  test(`pay by bank in ${lang}: the bank choice and the bank's page in ${lang}, the choice kept, at each width`, async ({
    browser,
  }) => {
    const page = await openIn(browser, lang);
    await page.getByRole('button', { name: t(lang, 'hosted.payByBank') }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'hosted.payByBank') })).toBeVisible();
    await expectIn(page, lang, 'bank choice');
    await atEachWidth(page, (width) => checkCommonLayout(page, `bank choice in ${lang}`, width));
    await page.screenshot({ path: `/tmp/h5-bank-${lang}.png` });

    await page.getByRole('button', { name: t(lang, 'pay.continueToBank') }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'pay.approveQuestion') })).toBeVisible();
    await expectIn(page, lang, "bank's page");
    await atEachWidth(page, (width) => checkCommonLayout(page, `bank's page in ${lang}`, width));
    await page.screenshot({ path: `/tmp/h5-bank-approve-${lang}.png` });

    await page.getByRole('button', { name: t(lang, 'pay.approve'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'pay.successTitle') })).toBeVisible();
    await expectIn(page, lang, 'payment successful');
  });

  test(`pay by card in ${lang}: the card form, its refusal and the 3-D Secure challenge in ${lang}, at each width`, async ({
    browser,
  }) => {
    const page = await openIn(browser, lang);
    await page.getByRole('button', { name: t(lang, 'hosted.payByCard') }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'hosted.payByCard') })).toBeVisible();
    await expectIn(page, lang, 'card form');
    await atEachWidth(page, (width) => checkCommonLayout(page, `card form in ${lang}`, width));

    // A refused card: the error names the field in the customer's language.
    const field = (key: Parameters<typeof t>[1]) => page.getByLabel(t(lang, key), { exact: true });
    await field('pay.cardName').fill('A N Other');
    await field('pay.cardNumber').fill('4000 0000 0000 3220');
    await field('pay.cardExpiry').fill('01/20');
    await field('pay.cvc').fill('123');
    await page.getByRole('button', { name: /^(Zapłać|ادفع)/ }).click();
    const expected = t(lang, 'pay.fieldError', {
      field: t(lang, 'pay.expiryDate'),
      message: t(lang, 'pay.errExpired'),
    });
    await expect(page.getByTestId('form-error')).toHaveText(expected);
    await expect(field('pay.cardExpiry')).toHaveAttribute('aria-invalid', 'true');
    await expectIn(page, lang, 'card refused');
    await page.screenshot({ path: `/tmp/h5-card-${lang}.png` });

    // The 3-D Secure test card: the issuer's challenge, in the same language.
    await field('pay.cardExpiry').fill('12/38');
    await page.getByRole('button', { name: /^(Zapłać|ادفع)/ }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'pay.confirmItsYou') })).toBeVisible();
    await expectIn(page, lang, '3-D Secure');
    await atEachWidth(page, (width) => checkCommonLayout(page, `3-D Secure in ${lang}`, width));
    await page.screenshot({ path: `/tmp/h5-3ds-${lang}.png` });
  });
}

/** A card-saving link (operation authorizeCard) for a new customer of the shop. */
async function saveCardUrl(): Promise<string> {
  const customer = (await serviceApi(base, SECRET, 'POST', '/api/customers', {
    fullName: 'Card Saver',
    email: `saver-${randomUUID().slice(0, 8)}@example.com`,
  })) as { id: string };
  const link = (await serviceApi(
    base,
    SECRET,
    'POST',
    `/api/customers/${customer.id}/cards/authorize`,
    {},
  )) as { hostedPageUrl: string };
  return link.hostedPageUrl;
}

test('the card-saving page in Arabic: the form, its refusal, 3-D Secure and the saved card, right to left at each width', async ({
  browser,
}) => {
  const lang = 'ar';
  const page = await phone(browser);
  await page.goto(await saveCardUrl());
  await page.getByTestId('page-languages').getByRole('link', { name: 'العربية' }).click();
  await expect(
    page.getByRole('heading', { name: t(lang, 'saveCard.heading', { shop: SHOP }) }),
  ).toBeVisible();
  await expectIn(page, lang, 'card-saving form');
  await atEachWidth(page, (width) => checkCommonLayout(page, `card-saving form in ${lang}`, width));
  await page.screenshot({ path: '/tmp/h6-save-card-ar.png' });

  // A refused card: the error names the field in Arabic, and the page stays in Arabic.
  const field = (key: Parameters<typeof t>[1]) => page.getByLabel(t(lang, key), { exact: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await field('pay.cardName').fill('Card Saver');
  await field('pay.cardNumber').fill('4242 4242 4242 4242');
  await field('pay.cardExpiry').fill('01/20');
  await field('pay.cvc').fill('123');
  const save = page.getByRole('button', { name: t(lang, 'saveCard.submit') });
  await save.click();
  await expect(page.getByTestId('form-error')).toHaveText(
    t(lang, 'pay.fieldError', {
      field: t(lang, 'pay.expiryDate'),
      message: t(lang, 'pay.errExpired'),
    }),
  );
  await expect(field('pay.cardExpiry')).toHaveAttribute('aria-invalid', 'true');
  await expectIn(page, lang, 'card-saving refusal');
  await atEachWidth(page, (width) =>
    checkCommonLayout(page, `card-saving refusal in ${lang}`, width),
  );

  // 3-D Secure for saving it, then the saved card: both in Arabic.
  await page.setViewportSize({ width: 390, height: 844 });
  await field('pay.cardNumber').fill('4242 4242 4242 4242');
  await field('pay.cardExpiry').fill('12/38');
  await field('pay.cvc').fill('123');
  await save.click();
  await expect(
    page.getByRole('heading', { name: t(lang, 'saveCard.challengeHeading') }),
  ).toBeVisible();
  await expectIn(page, lang, 'card-saving 3-D Secure', ['VISA']);
  await atEachWidth(page, (width) =>
    checkCommonLayout(page, `card-saving 3-D Secure in ${lang}`, width),
  );
  await page.getByRole('button', { name: t(lang, 'pay.completeAuth') }).click();
  await expect(page.getByRole('heading', { name: t(lang, 'saveCard.savedHeading') })).toBeVisible();
  await expectIn(page, lang, 'card saved', ['VISA', '✓']);
  await atEachWidth(page, (width) => checkCommonLayout(page, `card saved in ${lang}`, width));
  await page.screenshot({ path: '/tmp/h6-save-card-saved-ar.png' });
});

test('the account-linking page in Arabic: the bank choice, signing in with its refusal, the consent, right to left at each width', async ({
  browser,
}) => {
  const lang = 'ar';
  const link = (await serviceApi(base, SECRET, 'POST', '/api/bank/links', {
    redirectUrl: `${base}/linked`,
  })) as { linkUrl: string };
  const page = await phone(browser);
  await page.goto(link.linkUrl);
  await page.getByTestId('page-languages').getByRole('link', { name: 'العربية' }).click();
  await expect(page.getByRole('heading', { name: t(lang, 'bankLink.title') })).toBeVisible();
  const banks = ['Sandbox Bank', 'Harbour Bank', 'Oakmoor Building Society'];
  await expectIn(page, lang, 'bank choice for linking', banks);
  await atEachWidth(page, (width) =>
    checkCommonLayout(page, `bank choice for linking in ${lang}`, width),
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Harbour Bank' }).click();
  const signIn = t(lang, 'bankLink.signInTitle', { bank: 'Harbour Bank' });
  await expect(page.getByRole('heading', { name: signIn })).toBeVisible();
  // Spaces alone are no user name: the refusal is in Arabic too.
  await page.getByLabel(t(lang, 'bankLink.userName')).fill('   ');
  await page.getByLabel(t(lang, 'bankLink.password')).fill('sandbox');
  await page.getByRole('button', { name: t(lang, 'bankLink.signIn'), exact: true }).click();
  await expect(page.getByTestId('form-error')).toHaveText(t(lang, 'bankLink.errSignIn'));
  await expectIn(page, lang, 'signing in to link', ['Harbour Bank']);
  await atEachWidth(page, (width) =>
    checkCommonLayout(page, `signing in to link in ${lang}`, width),
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(t(lang, 'bankLink.userName')).fill('shopkeeper');
  await page.getByLabel(t(lang, 'bankLink.password')).fill('sandbox');
  await page.getByRole('button', { name: t(lang, 'bankLink.signIn'), exact: true }).click();
  await expect(
    page.getByRole('heading', { name: t(lang, 'bankLink.shareHeading', { app: 'Counter' }) }),
  ).toBeVisible();
  await expectIn(page, lang, 'consent to link', [
    'Harbour Bank',
    'Counter',
    ...(await page.locator('section li').allInnerTexts()),
  ]);
  await atEachWidth(page, (width) => checkCommonLayout(page, `consent to link in ${lang}`, width));
  await page.screenshot({ path: '/tmp/h6-bank-link-consent-ar.png' });
});
