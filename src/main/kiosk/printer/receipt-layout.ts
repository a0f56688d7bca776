/**
 * A receipt as the thermal printer prints it, encoded with @point-of-sale/receipt-printer-encoder
 * into the printer's own language (ESC/POS or StarPRNT), drawn from the one receipt model the
 * hosted receipt page and the receipt image draw (shared/receipt.ts): the shop as it was when the
 * customer paid, its store and address, the basket's lines when the payment has them, the tip and
 * total, the method ("VISA •••• 4242"), refunds, the time, the payment's reference and the hosted
 * receipt's QR code, then a cut. Plain characters only, in columns that fit the paper: every text
 * goes through ReceiptWriter (printable.ts), so none of it can reach the printer as a command.
 */
import { basketMismatch, lineTotalPence } from '../../../shared/basket';
import type { ReceiptPrinter } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { methodText, shopHeaderLines, type Receipt } from '../../../shared/receipt';
import { shortUrl } from '../../../shared/short-url';
import { takenPence } from '../../../shared/taken';
import { printable, ReceiptWriter } from './printable';

/** Where the receipt is printed: times in the shop's zone and locale. */
export interface PrintPlace {
  timeZone: string;
  locale: string;
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

export function encodeReceipt(
  receipt: Receipt,
  format: PrinterFormat,
  place: PrintPlace,
): Uint8Array {
  const columns = COLUMNS[format.paperWidth];
  const money = (pence: number) => formatPence(pence, receipt.currency);
  const encoder = encoderFor(format);
  const line = (label: string, value: string) => {
    const { columns: cols, row } = pair(columns, label, value);
    encoder.table(cols, [row]);
  };

  encoder.align('center');
  if (receipt.shop.name) encoder.bold(true).line(receipt.shop.name).bold(false);
  // The store, then its address: a long line wraps within the paper, as a basket's description does.
  for (const shopLine of shopHeaderLines(receipt.shop))
    encoder.table([{ width: columns, align: 'center', overflow: 'wrap' }], [[shopLine]]);
  encoder.line('Receipt').align('left').rule();

  if (receipt.lines.length > 0) {
    for (const item of receipt.lines) {
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
    const mismatch = basketMismatch(receipt.lines, receipt.amountPence, receipt.currency);
    if (mismatch) encoder.rule().line(mismatch);
    encoder.rule();
  }
  // What the payment took, tip included: the figure History and the receipt page show.
  const total = takenPence(receipt);
  if (receipt.tipPence > 0) line('Tip', money(receipt.tipPence));
  encoder.bold(true);
  line('Total', money(total));
  encoder.bold(false);
  if (receipt.refundedPence > 0) {
    line('Refunded', `-${money(receipt.refundedPence)}`);
    line('Net paid', money(total - receipt.refundedPence));
  }
  line('Method', methodText(receipt));
  line('Time', timeText(receipt.date, place.timeZone, place.locale));
  line('Reference', receipt.orderId);

  if (receipt.receiptUrl) {
    encoder.newline().align('center');
    const scannable = encoder.qrcode(receipt.receiptUrl, {
      model: 2,
      size: format.paperWidth === 58 ? 5 : 6,
      errorlevel: 'm',
    });
    // Three dots, not an ellipsis: plain ASCII prints the same on every printer's code page.
    if (scannable) encoder.line('Scan to keep this receipt');
    encoder.line(shortUrl(receipt.receiptUrl, columns - 2).replace('…', '...'));
    encoder.align('left');
  }
  return encoder.cutAndEncode();
}

/** What staff print from Settings to check the address, the paper width and the language. */
export function encodeTestPage(
  format: PrinterFormat,
  { shopName, at, timeZone, locale }: PrintPlace & { shopName: string | null; at: number },
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
