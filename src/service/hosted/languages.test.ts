/**
 * Every screen of the hosted payment page in Arabic, Welsh and Polish: each text a customer sees
 * or hears (text, `alt`, `aria-label`, `title`, the page title) is a message of that language's
 * catalogue (src/shared/i18n), a number or amount, or a name shown as it is (the shop's, a
 * bank's, a card's). English left behind fails. Arabic pages are right to left.
 */
import { describe, expect, it } from 'vitest';
import { language, type LanguageCode } from '../../shared/i18n';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import type { SavedCardRow } from '../cards/model';
import type { TransactionRow } from '../payments/model';
import { cardError, renderPage, type HostedPage } from '../ui';
import { catalogueMatcher, pageTexts } from '../../../test/helpers/catalogue-match';
import { cardFormPage, challengePage } from './card-views';
import { codeEntryPage, confirmItsYouPage, savedCardsPage } from './checkout-views';
import {
  awaitingPage,
  closedPage,
  failurePage,
  noticePage,
  notFoundPage,
  processingPage,
  successPage,
} from './outcome-views';
import { readPlan } from './plan';
import { cardFormSchema } from '../cards/card-numbers';
import {
  SANDBOX_BANKS,
  bankAuthorisePage,
  bankSelectPage,
  optionsPage,
  type Summary,
} from './views';

const summary: Summary = {
  id: '6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11',
  merchantName: 'Siop Fach',
  merchantLogo: null,
  amountPence: 1250,
  currency: 'GBP',
  notes: 'Table 4',
  orderId: 'A-1001',
  paidPence: 500,
  tipPaidPence: 100,
  tipChosenPence: null,
  outstandingPence: 750,
  sandbox: true,
  splitOn: true,
  tipsOn: true,
  methods: ['PAY_BY_BANK', 'CARD'],
  lines: [{ description: 'Bara brith', quantity: 2, unitPence: 300 }],
};
const PAID_AT = Date.UTC(2026, 5, 15, 12);

const tx = (fields: Partial<TransactionRow>): TransactionRow =>
  ({
    id: '0b7c2f8e-6a1d-4c1e-9f57-2d3e4f5a6b7c',
    payment_request_id: summary.id,
    method: 'PAY_BY_BANK',
    status: 'AWAITING_AUTHORIZATION',
    amount_pence: 750,
    tip_pence: 0,
    bank_name: 'Sandbox Bank',
    card_brand: null,
    card_last4: null,
    updated_at: PAID_AT,
    ...fields,
  }) as TransactionRow;

const plan = (() => {
  const result = readPlan({ tip: '10', people: '2' }, summary);
  if (!result.ok) throw new Error('the plan was refused');
  return result.plan;
})();
const refusedPlan = readPlan({ tip: 'custom', customTip: '99' }, summary);
const cardRefusal = (() => {
  const result = cardFormSchema(PAID_AT).safeParse({
    name: 'A N Other',
    number: '4242 4242 4242 4242',
    expiry: '01/20',
    cvc: '123',
  });
  if (result.success) throw new Error('the card was accepted');
  return cardError(result.error.issues);
})();

const card = tx({ method: 'CARD', card_brand: 'VISA', card_last4: '3220', bank_name: null });
const paid = tx({ status: 'COMPLETED' });
const pages: Record<string, HostedPage> = {
  options: optionsPage(summary, {
    error: refusedPlan.ok ? undefined : refusedPlan.message,
    sharePaidPence: 500,
  }),
  bankSelect: bankSelectPage(summary, plan, 'Choose your bank'),
  bankAuthorise: bankAuthorisePage(summary, tx({})),
  cardForm: cardFormPage(summary, plan, { ...cardRefusal, name: 'A N Other', expiry: '01/20' }),
  challenge: challengePage(summary, card),
  processing: processingPage(summary),
  success: successPage(
    summary,
    [paid, { ...card, status: 'COMPLETED' }],
    { url: 'https://shop.example/back', auto: true },
    `https://pay.example/receipt/${summary.id}`,
  ),
  successOne: successPage(summary, [paid]),
  failure: failurePage(summary, 'Insufficient funds', true),
  finalFailure: failurePage(summary, null, false),
  awaitingBank: awaitingPage(summary, tx({})),
  awaitingCard: awaitingPage(summary, card),
  expired: closedPage(summary, 'expired'),
  cancelled: closedPage(summary, 'cancelled'),
  authorised: closedPage(summary, 'authorized'),
  notFound: notFoundPage(),
  notice: noticePage(summary, 'A card payment is being processed; wait for its outcome'),
  noticeUnknown: noticePage(summary, 'The payment request is already COMPLETED'),
  savedCardConfirm: confirmItsYouPage(summary, plan, 'This code has expired. Send a new code.'),
  savedCardCode: codeEntryPage(summary, plan, {
    recipient: 'your phone number ending 123',
    attemptsLeft: 3,
    error: 'That code is not right. Check the message and try again.',
  }),
  savedCards: savedCardsPage(summary, plan, [
    { id: 'pm_1', brand: 'VISA', last4: '4242', expiry_date: '12/2030' } as SavedCardRow,
  ]),
};

/** The names pages show as they are, in every language. */
function namesIn(lang: LanguageCode): string[] {
  const date = new Intl.DateTimeFormat(language(lang).numberLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: DEFAULT_SHOP_TIME_ZONE,
  }).format(new Date(PAID_AT));
  return [
    ...SANDBOX_BANKS,
    summary.merchantName,
    summary.notes!,
    summary.orderId,
    summary.id,
    'Bara brith',
    'VISA',
    'VISA Secure',
    'VISA •••• 3220',
    'A N Other',
    '01/20',
    date,
    // The status card's mark, beside a heading that says it in words (aria-hidden).
    '✓',
  ];
}

describe.each(['ar', 'cy', 'pl'] as const)('the hosted payment page in %s', (lang) => {
  const known = catalogueMatcher(lang, namesIn(lang));
  const chosen = { lang, href: (code: string) => `?lang=${code}` };

  it.each(Object.keys(pages))('%s has no word outside the catalogue', (name) => {
    const html = renderPage(pages[name]!, 'n', chosen);
    const dir = lang === 'ar' ? ' dir="rtl"' : '';
    expect(html).toContain(`<html lang="${lang}"${dir}>`);
    expect(pageTexts(html).filter((text) => !known(text))).toEqual([]);
    // The language control, each language in its own name.
    expect(html).toContain('data-testid="page-languages"');
    expect(html).toContain('lang="pl" hreflang="pl"');
  });
});

describe('a refusal shown in the page’s language', () => {
  it('says a card error, a network’s reason and a lifecycle refusal in Polish', () => {
    const pl = { lang: 'pl' as const, href: (code: string) => `?lang=${code}` };
    expect(renderPage(pages.cardForm!, 'n', pl)).toContain(
      'Data ważności: Ta karta straciła ważność',
    );
    expect(renderPage(pages.failure!, 'n', pl)).toContain('Niewystarczające środki');
    expect(renderPage(pages.notice!, 'n', pl)).toContain(
      'Płatność kartą jest przetwarzana; poczekaj na jej wynik',
    );
    // One the catalogue does not know is said in general terms, never left in English.
    const unknown = renderPage(pages.noticeUnknown!, 'n', pl);
    expect(unknown).not.toContain('already COMPLETED');
    expect(unknown).toContain('Ta płatność w międzyczasie się zmieniła');
    // English pages keep the English words they had.
    expect(renderPage(pages.noticeUnknown!, 'n')).toContain(
      'The payment request is already COMPLETED',
    );
  });
});
