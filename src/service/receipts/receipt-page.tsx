/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted receipt page a customer keeps on their phone (the display's QR code leads here) and
 * the same page printed on 80 mm thermal paper: its print stylesheet drops the colours and sizes
 * everything for a 72 mm printable width.
 */
import type { FC } from 'hono/jsx';
import { lineTotalPence, type BasketLine } from '../../shared/basket';
import { formatMoney } from '../../shared/i18n';
import type { RefundStatus } from '../../shared/refund-states';
import { shortUrl } from '../../shared/short-url';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import { qrSvg } from '../ui/qr';
import { language, t, type LanguageCode, type MessageKey } from '../../shared/i18n';
import { cardText, shopHeaderLines, type Receipt } from '../../shared/receipt';
import { LanguageLinks, type ChosenLanguage } from '../ui';

// No ligatures: a receipt is read for its ids and codes, which customers copy from the page or
// its PDF, and a ligature turns the "ff" of a reference into one character (U+FB00) there.
const SCREEN_CSS = `
*,*::before,*::after{box-sizing:border-box;font-variant-ligatures:none}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f2f4f7;overflow-wrap:anywhere}
main{max-width:28rem;margin:0 auto;padding:1rem}
.receipt{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0;text-align:center}
.store{margin:0;text-align:center;color:#4a5568}
.logo{display:block;max-height:64px;max-width:180px;margin:0 auto 8px}
.kind{margin:.25rem 0 1rem;text-align:center;color:#4a5568;font-size:.9rem;text-transform:uppercase;letter-spacing:.08em}
.amount{font-size:2.25rem;font-weight:700;text-align:center;margin:.25rem 0}
.status{display:block;width:max-content;margin:0 auto 1rem;padding:.15rem .75rem;border-radius:999px;font-weight:600;background:#e6f4ea;color:#14532d}
.status.open{background:#fff4e5;color:#7a4100}.status.refunded{background:#eef3ff;color:#1e3a8a}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:0 0 1rem}
dt{color:#4a5568}dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
.total{font-weight:700}
h2{font-size:1rem;margin:1rem 0 .5rem;border-top:1px dashed #b8c1cf;padding-top:.75rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th{text-align:start;color:#4a5568;font-weight:600}td,th{padding:.25rem 0}td.num,th.num{text-align:end}
.items{margin:0 0 1rem}.items td.num{white-space:nowrap;padding-inline-start:.75rem;font-variant-numeric:tabular-nums}
.items .each{display:block;color:#4a5568;font-size:.85rem}
/* A refund's words and amounts stay whole on a phone: its date wraps between words instead. */
.refunds td,.refunds th{overflow-wrap:normal}.refunds .num{white-space:nowrap;padding-inline-start:.75rem}
.foot{color:#4a5568;font-size:.85rem;text-align:center;margin-top:1rem}
.keep{display:none;text-align:center;margin:1rem 0 0}
.langs{display:flex;flex-wrap:wrap;justify-content:center;gap:0 .75rem;margin:0 0 .5rem;padding:0;list-style:none}
.langs a{display:inline-block;min-height:44px;padding:.6rem .25rem;color:#2451d6}
.langs a[aria-current]{color:#1d2330;font-weight:700;text-decoration:none}
.keep svg{width:32mm;height:32mm}
.keep p{margin:.25rem 0 0;font-size:.85rem;overflow-wrap:anywhere}
@media print{
  .keep{display:block}.foot.screen,.langs{display:none}
  .keep p{font-size:8pt;white-space:nowrap;overflow-wrap:normal}
  @page{size:80mm 297mm;margin:4mm}
  body{background:#fff;color:#000;font:10pt/1.35 "DejaVu Sans",Arial,sans-serif}
  main{max-width:none;padding:0}
  .receipt{box-shadow:none;border-radius:0;padding:0}
  h1{font-size:13pt}.amount{font-size:18pt}
  .status{background:none!important;color:#000!important;border:1px solid #000;padding:0 2mm}
  dt,.store,.kind,th,.foot,.items .each{color:#000}
  h2{border-top:1px dashed #000}
  table{font-size:8.5pt}td,th{overflow-wrap:normal;vertical-align:top;padding-right:1mm}
}
`;

const REFUND_LABELS: Record<RefundStatus, MessageKey> = {
  INITIATED: 'receipt.refundRequested',
  PENDING: 'receipt.refundProcessing',
  COMPLETED: 'receipt.refundDone',
  FAILED: 'receipt.refundFailed',
  CANCELLED: 'receipt.refundCancelled',
};

type Say = (key: MessageKey, values?: Record<string, string | number>) => string;

function statusLine(r: Receipt, say: Say): { text: string; tone: '' | 'open' | 'refunded' } {
  if (r.status !== 'COMPLETED')
    return { text: say('receipt.notPaid', { status: r.status }), tone: 'open' };
  if (r.refundedPence >= r.paidPence && r.paidPence > 0)
    return { text: say('receipt.refundedFull'), tone: 'refunded' };
  if (r.refundedPence > 0) return { text: say('receipt.partlyRefunded'), tone: 'refunded' };
  return { text: say('receipt.paid'), tone: '' };
}

/** How it was paid, in the page's language (shared/receipt.ts's `methodText` in English). */
function methodIn(r: Receipt, say: Say, money: (pence: number) => string): string {
  if (r.method === 'CASH')
    return r.cash
      ? say('receipt.cashTendered', {
          tendered: money(r.cash.tenderedPence),
          change: money(r.cash.changePence),
        })
      : say('receipt.cash');
  if (r.method === 'CARD') return r.card ? cardText(r.card) : say('receipt.card');
  if (r.method === 'PAY_BY_BANK')
    return r.bankName ? say('receipt.bankNamed', { bank: r.bankName }) : say('receipt.bank');
  return say('receipt.notPaidYet');
}

/** Receipts are read in the shop's zone whatever the server's, in the page's language. */
const dateIn = (lang: LanguageCode, ms: number) =>
  new Intl.DateTimeFormat(language(lang).numberLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_SHOP_TIME_ZONE,
  }).format(new Date(ms));

const ENGLISH: ChosenLanguage = { lang: 'en', href: (code) => `?lang=${code}` };

/**
 * What the customer paid for, above the amounts: every line (a page scrolls, unlike the display),
 * the quantity and price of one under the description, the line's total on the right.
 */
const Items: FC<{
  lines: readonly BasketLine[];
  money: (pence: number) => string;
  say: Say;
}> = ({ lines, money, say }) => (
  <section class="items" aria-labelledby="items" data-testid="receipt-items">
    <h2 id="items">{say('receipt.items')}</h2>
    <table>
      <thead>
        <tr>
          <th scope="col">{say('receipt.item')}</th>
          <th scope="col" class="num">
            {say('receipt.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr>
            <td>
              {line.description}
              <span class="each">
                {line.quantity} × {money(line.unitPence)}
              </span>
            </td>
            <td class="num">{money(lineTotalPence(line))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </section>
);

/**
 * On paper, the way back to this page: its QR code and its address without the scheme,
 * shortened in the middle (the code carries it whole).
 */
const KeepThis: FC<{ url: string; qr: string; say: Say }> = ({ url, qr, say }) => (
  <div class="keep" data-testid="receipt-keep">
    <div dangerouslySetInnerHTML={{ __html: qr }} />
    <p>{say('receipt.keep')}</p>
    <p data-testid="receipt-short-url">{shortUrl(url)}</p>
  </div>
);

const ReceiptBody: FC<{ r: Receipt; url: string; qr: string; lang: LanguageCode }> = ({
  r,
  url,
  qr,
  lang,
}) => {
  const say: Say = (key, values) => t(lang, key, values);
  const money = (pence: number) => formatMoney(lang, pence, r.currency);
  const status = statusLine(r, say);
  const paid = r.status === 'COMPLETED';
  return (
    <article class="receipt" aria-labelledby="merchant">
      {r.shop.logoUrl ? <img class="logo" src={r.shop.logoUrl} alt="" /> : null}
      <h1 id="merchant">{r.shop.name}</h1>
      <div data-testid="receipt-shop">
        {shopHeaderLines(r.shop).map((line) => (
          <p class="store">{line}</p>
        ))}
      </div>
      <p class="kind">{say('receipt.kind')}</p>
      <p class="amount" data-testid="receipt-amount">
        {money(paid ? r.paidPence : r.amountPence)}
      </p>
      <span class={`status ${status.tone}`}>{status.text}</span>
      {r.lines.length > 0 ? <Items lines={r.lines} money={money} say={say} /> : null}
      <dl>
        <dt>{say('receipt.amount')}</dt>
        <dd>{money(r.amountPence)}</dd>
        {r.tipPence > 0 ? (
          <>
            <dt>{say('receipt.tip')}</dt>
            <dd>{money(r.tipPence)}</dd>
          </>
        ) : null}
        {paid ? (
          <>
            <dt class="total">{say('receipt.totalPaid')}</dt>
            <dd class="total">{money(r.paidPence)}</dd>
          </>
        ) : null}
        {r.refundedPence > 0 ? (
          <>
            <dt>{say('receipt.refunded')}</dt>
            <dd>−{money(r.refundedPence)}</dd>
            <dt class="total">{say('receipt.netPaid')}</dt>
            <dd class="total">{money(r.paidPence - r.refundedPence)}</dd>
          </>
        ) : null}
        <dt>{say('receipt.method')}</dt>
        <dd data-testid="receipt-method">{methodIn(r, say, money)}</dd>
        <dt>{say('receipt.date')}</dt>
        <dd>{dateIn(lang, r.date)}</dd>
        <dt>{say('receipt.orderId')}</dt>
        <dd data-testid="receipt-order">{r.orderId}</dd>
        {r.notes ? (
          <>
            <dt>{say('receipt.notes')}</dt>
            <dd>{r.notes}</dd>
          </>
        ) : null}
        <dt>{say('receipt.reference')}</dt>
        <dd>{r.paymentRequestId}</dd>
      </dl>
      {r.refunds.length > 0 ? (
        <section class="refunds" aria-labelledby="refunds">
          <h2 id="refunds">{say('receipt.refunds')}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{say('receipt.date')}</th>
                <th scope="col">{say('receipt.status')}</th>
                <th scope="col" class="num">
                  {say('receipt.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.refunds.map((refund) => (
                <tr>
                  <td>{dateIn(lang, refund.createdAt)}</td>
                  <td>{say(REFUND_LABELS[refund.status])}</td>
                  <td class="num">{money(refund.amountPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <KeepThis url={url} qr={qr} say={say} />
      {r.shop.supportEmail || r.shop.supportPhone ? (
        <p class="foot" data-testid="receipt-support">
          {say('receipt.questions', { shop: r.shop.name })}
          {r.shop.supportEmail ? `: ${r.shop.supportEmail}` : ''}
          {r.shop.supportPhone ? `${r.shop.supportEmail ? ', ' : ': '}${r.shop.supportPhone}` : ''}
        </p>
      ) : null}
      <p class="foot screen">{say('receipt.keepPage')}</p>
    </article>
  );
};

const Layout: FC<{
  title: string;
  nonce: string;
  language: ChosenLanguage;
  children?: unknown;
}> = (props) => (
  <html
    lang={props.language.lang === 'en' ? 'en-GB' : props.language.lang}
    dir={language(props.language.lang).dir === 'rtl' ? 'rtl' : undefined}
  >
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>{props.title}</title>
      <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: SCREEN_CSS }} />
    </head>
    <body>
      <main>
        <LanguageLinks lang={props.language.lang} href={props.language.href} />
        {props.children}
      </main>
    </body>
  </html>
);

/** The receipt's page; its public address (receiptUrl) is printed as a QR code and a short link. */
export async function receiptPage(
  r: Receipt,
  nonce: string,
  chosen: ChosenLanguage = ENGLISH,
): Promise<string> {
  const url = r.receiptUrl;
  const qr = (await qrSvg(url)).replace(/^<\?xml[^>]*>\s*/, '');
  const title = t(chosen.lang, 'receipt.title', { shop: r.shop.name, orderId: r.orderId });
  const page = (
    <Layout title={title} nonce={nonce} language={chosen}>
      <ReceiptBody r={r} url={url} qr={qr} lang={chosen.lang} />
    </Layout>
  );
  return `<!doctype html>${String(await page)}`;
}

export async function receiptNotFoundPage(
  nonce: string,
  chosen: ChosenLanguage = ENGLISH,
): Promise<string> {
  const say = (key: MessageKey) => t(chosen.lang, key);
  const page = (
    <Layout title={say('receipt.notFound')} nonce={nonce} language={chosen}>
      <article class="receipt">
        <h1>{say('receipt.notFound')}</h1>
        <p class="foot">{say('receipt.notFoundLine')}</p>
      </article>
    </Layout>
  );
  return `<!doctype html>${String(await page)}`;
}
