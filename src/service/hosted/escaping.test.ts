/**
 * Merchant and customer text on the hosted pages is text, never markup: every screen rendered
 * with a hostile merchant name, order id, notes, bank name and return URL shows the literal
 * text escaped, and no element or attribute the text tried to inject exists.
 */
import { describe, expect, it } from 'vitest';
import type { SavedCardRow } from '../cards/model';
import type { TransactionRow } from '../payments/model';
import { renderPage, type HostedPage } from '../ui';
import { cardFormPage, challengePage } from './card-views';
import { codeEntryPage, confirmItsYouPage, savedCardsPage } from './checkout-views';
import {
  awaitingPage,
  closedPage,
  failurePage,
  noticePage,
  processingPage,
  successPage,
} from './outcome-views';
import { readPlan } from './plan';
import { bankAuthorisePage, bankSelectPage, optionsPage, type Summary } from './views';

const ATTACK = `"><img id="injected" src=x onerror="alert('x')"><script>alert(1)</script>`;
const ESCAPED = `&quot;&gt;&lt;img id=&quot;injected&quot; src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;`;

const summary: Summary = {
  id: '6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11',
  merchantName: `Shop ${ATTACK}`,
  merchantLogo: null,
  amountPence: 1250,
  currency: 'GBP',
  notes: `Notes ${ATTACK}`,
  orderId: `Order ${ATTACK}`,
  paidPence: 500,
  tipPaidPence: 0,
  outstandingPence: 750,
  sandbox: true,
  splitOn: true,
  tipsOn: true,
  tipChosenPence: null,
  methods: ['PAY_BY_BANK', 'CARD'],
  lines: [{ description: `Item ${ATTACK}`, quantity: 2, unitPence: 300 }],
};

const tx = (fields: Partial<TransactionRow>): TransactionRow =>
  ({
    id: '0b7c2f8e-6a1d-4c1e-9f57-2d3e4f5a6b7c',
    payment_request_id: summary.id,
    method: 'PAY_BY_BANK',
    status: 'AWAITING_AUTHORIZATION',
    amount_pence: 750,
    tip_pence: 0,
    bank_name: `Bank ${ATTACK}`,
    card_brand: null,
    card_last4: null,
    updated_at: Date.UTC(2026, 5, 15, 12),
    ...fields,
  }) as TransactionRow;

const plan = (() => {
  const result = readPlan({ tip: '10', people: '2' }, { ...summary, outstandingPence: 750 });
  if (!result.ok) throw new Error('the plan was refused');
  return result.plan;
})();

const card = tx({ method: 'CARD', card_brand: 'VISA', card_last4: '3220', bank_name: null });
const pages: Record<string, HostedPage> = {
  options: optionsPage(summary, {
    error: `Error ${ATTACK}`,
    values: { tip: 'custom', customTip: ATTACK, people: ATTACK },
  }),
  bankSelect: bankSelectPage(summary, plan, `Error ${ATTACK}`),
  bankAuthorise: bankAuthorisePage(summary, tx({})),
  cardForm: cardFormPage(summary, plan, {
    error: `Error ${ATTACK}`,
    name: ATTACK,
    expiry: ATTACK,
  }),
  challenge: challengePage(summary, card),
  processing: processingPage(summary),
  success: successPage(
    summary,
    [tx({ status: 'COMPLETED' }), card],
    {
      url: `https://shop.example/back?x=${encodeURIComponent(ATTACK)}&y="><b>`,
      auto: true,
    },
    `https://pay.example/receipt/${summary.id}`,
  ),
  failure: failurePage(summary, `Declined ${ATTACK}`, false),
  awaiting: awaitingPage(summary, tx({})),
  expired: closedPage(summary, 'expired'),
  notice: noticePage(summary, `Notice ${ATTACK}`),
  savedCardConfirm: confirmItsYouPage(summary, plan, `Error ${ATTACK}`),
  savedCardCode: codeEntryPage(summary, plan, {
    recipient: `j•••@${ATTACK}`,
    attemptsLeft: 3,
    error: `Error ${ATTACK}`,
  }),
  savedCards: savedCardsPage(summary, plan, [
    {
      id: `pm_${ATTACK}`,
      brand: `VISA ${ATTACK}`,
      last4: '4242',
      expiry_date: '12/2030',
    } as SavedCardRow,
  ]),
};

describe('hosted pages escape every merchant and customer value', () => {
  for (const [name, page] of Object.entries(pages)) {
    it(name, () => {
      const html = renderPage(page, 'test-nonce');
      expect(html.startsWith('<!doctype html><html lang="en-GB">')).toBe(true);
      expect(html).toContain(ESCAPED);
      // Nothing the text carried became an element or an attribute.
      expect(html).not.toContain('<img');
      expect(html).not.toContain('id="injected"');
      expect(html).not.toContain('<b>');
      const scripted = name === 'processing' || name === 'cardForm';
      expect(html.match(/<script/g)?.length ?? 0).toBe(scripted ? 1 : 0);
      expect(html).not.toContain('<script>alert');
      // The page's own stylesheet carries the response's nonce.
      expect(html).toContain('<style nonce="test-nonce">');
    });
  }

  it('puts the merchant name in the title as text', () => {
    const html = renderPage(pages.options!, 'n');
    expect(html).toContain(`<title>Pay Shop ${ESCAPED}</title>`);
  });

  it('writes no data into the processing script', () => {
    const html = renderPage(pages.processing!, 'n');
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toContain(summary.id);
    expect(html).toContain(`data-state-url="/pay/${summary.id}/state"`);
  });

  it('writes no data into the card form script', () => {
    const html = renderPage(pages.cardForm!, 'n');
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('data-card-form');
    expect(script).not.toContain(summary.id);
    expect(script).not.toContain('Shop');
  });

  it('shows the basket on the checkout screens, its text as text', () => {
    for (const name of ['options', 'bankSelect', 'cardForm', 'savedCardConfirm', 'savedCards'])
      expect(renderPage(pages[name]!, 'n'), name).toContain(`2 × Item ${ESCAPED}`);
  });

  it('keeps a return URL an attribute value, escaped, in the link and the refresh', () => {
    const html = renderPage(pages.success!, 'n');
    const query = encodeURIComponent(ATTACK).replaceAll("'", '&#39;');
    expect(html).toContain(
      `<meta http-equiv="refresh" content="2;url=https://shop.example/back?x=${query}&amp;y=&quot;&gt;&lt;b&gt;"`,
    );
    expect(html).toContain(`href="https://shop.example/back?x=${query}&amp;y=&quot;&gt;&lt;b&gt;"`);
  });
});
