/**
 * A receipt as the thermal printer prints it, encoded with @point-of-sale/receipt-printer-encoder
 * into the printer's own language (ESC/POS or StarPRNT): the shop's name, the basket's lines when
 * the payment has them, the total, the method, the time, the payment's reference and the hosted
 * receipt's QR code, then a cut. Plain characters only, in columns that fit the paper: every text
 * goes through ReceiptWriter (printable.ts), so none of it can reach the printer as a command.
 */
import { basketMismatch, lineTotalPence, type BasketLine } from '../../../shared/basket';
import type { ReceiptPrinter } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { shortUrl } from '../../../shared/short-url';
import { printable, ReceiptWriter } from './printable';

export interface ReceiptContent {
  shopName: string | null;
  /** Under the name: the shop's address, company and VAT numbers, as its profile says. */
  shopLines?: readonly string[];
  /** The basket, when the payment carries one; without it the receipt shows the total alone. */
  lines?: readonly BasketLine[];
  /** What the payment was for, before any tip: what the basket's lines should add up to. */
  amountPence: number;
  /** What the customer paid, tip included. */
  totalPence: number;
  tipPence: number;
  currency: string;
  /** The method as staff and customer read it ("Card", "Pay by bank"). */
  method: string;
  /** When it was paid (ms), shown in the shop's time zone. */
  paidAt: number;
  timeZone: string;
  locale: string;
  /** The payment's order id: what the shop and the dashboard find it by. */
  reference: string;
  /** The hosted receipt page; its QR code lets the customer keep the receipt. */
  receiptUrl: string | null;
}

export type PrinterFormat = Pick<ReceiptPrinter, 'paperWidth' | 'language'>;

/** Characters a line on the roll: the printers' standard font on 58 mm and 80 mm paper. */
export const COLUMNS: Record<ReceiptPrinter['paperWidth'], number> = { 58: 32, 80: 48 };

function encoderFor(format: PrinterFormat) {
  return new ReceiptWriter({
    language: format.language,
    columns: COLUMNS[format.paperWidth],
    // Room for the tear bar above the cutter, so the last line is not cut through.
    feedBeforeCut: 4,
  });
}

/** A label on the left and its value on the right, across the paper's whole width. */
function pair(columns: number, label: string, value: string) {
  // Measured as printed: a character the paper cannot show may print as several or none.
  const right = Math.min(printable(value).length, columns - 8);
  return {
    columns: [
      { width: columns - right - 1, marginRight: 1, align: 'left' as const },
      { width: right, align: 'right' as const },
    ],
    row: [label, value],
  };
}

export function encodeReceipt(content: ReceiptContent, format: PrinterFormat): Uint8Array {
  const columns = COLUMNS[format.paperWidth];
  const money = (pence: number) => formatPence(pence, content.currency);
  const encoder = encoderFor(format);
  const line = (label: string, value: string) => {
    const { columns: cols, row } = pair(columns, label, value);
    encoder.table(cols, [row]);
  };

  encoder.align('center');
  if (content.shopName) encoder.bold(true).line(content.shopName).bold(false);
  // A long address line wraps within the paper, as a basket's description does.
  for (const shopLine of content.shopLines ?? [])
    encoder.table([{ width: columns, align: 'center', overflow: 'wrap' }], [[shopLine]]);
  encoder.line('Receipt').align('left').rule();

  if (content.lines && content.lines.length > 0) {
    for (const item of content.lines) {
      const amount = money(lineTotalPence(item));
      const description =
        item.quantity === 1 ? item.description : `${item.quantity} x ${item.description}`;
      const { columns: cols } = pair(columns, description, amount);
      // A long description wraps under itself; the amount stays on the first line.
      encoder.table(
        cols.map((c, i) => (i === 0 ? { ...c, overflow: 'wrap' as const } : c)),
        [[description, amount]],
      );
      if (item.quantity !== 1) encoder.line(`  @ ${money(item.unitPence)}`);
    }
    // A till system's lines for one amount and a payment for another: the receipt says so, as
    // the display and History do; the total below is what was charged.
    const mismatch = basketMismatch(content.lines, content.amountPence, content.currency);
    if (mismatch) encoder.rule().line(mismatch);
    encoder.rule();
  }
  if (content.tipPence > 0) line('Tip', money(content.tipPence));
  encoder.bold(true);
  line('Total', money(content.totalPence));
  encoder.bold(false);
  line('Method', content.method);
  line('Time', timeText(content.paidAt, content.timeZone, content.locale));
  line('Reference', content.reference);

  if (content.receiptUrl) {
    encoder.newline().align('center');
    const scannable = encoder.qrcode(content.receiptUrl, {
      model: 2,
      size: format.paperWidth === 58 ? 5 : 6,
      errorlevel: 'm',
    });
    // Three dots, not an ellipsis: plain ASCII prints the same on every printer's code page.
    if (scannable) encoder.line('Scan to keep this receipt');
    encoder.line(shortUrl(content.receiptUrl, columns - 2).replace('…', '...'));
    encoder.align('left');
  }
  return encoder.cutAndEncode();
}

/** What staff print from Settings to check the address, the paper width and the language. */
export function encodeTestPage(
  format: PrinterFormat,
  {
    shopName,
    at,
    timeZone,
    locale,
  }: Pick<ReceiptContent, 'shopName' | 'timeZone' | 'locale'> & { at: number },
): Uint8Array {
  const columns = COLUMNS[format.paperWidth];
  const encoder = encoderFor(format).align('center');
  if (shopName) encoder.bold(true).line(shopName).bold(false);
  encoder
    .line('Receipt printer test page')
    .align('left')
    .rule()
    .line(`Paper: ${format.paperWidth} mm, ${columns} characters a line`)
    .line(`Language: ${format.language === 'esc-pos' ? 'ESC/POS' : 'StarPRNT'}`)
    .line(`Printed: ${timeText(at, timeZone, locale)}`)
    .line('The rule below should span the paper:')
    .rule()
    .line('If this page is cut below, the printer is ready.');
  return encoder.cutAndEncode();
}

function timeText(at: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
