/**
 * X and Z reports as the receipt printer prints them, in the layout receipts use (the same
 * writer, so every text is made printable on the way in and nothing can reach the printer as a
 * command). The paper's code page has no minus sign (U+2212): a shortfall prints with "-".
 */
import { DENOMINATIONS_PENCE } from '../../../shared/contract/shifts';
import { formatPence } from '../../../shared/money';
import { COLUMNS, type PrinterFormat, type PrintPlace } from '../printer/receipt-layout';
import { ReceiptWriter } from '../printer/printable';
import type { ShiftFigures, ZReport } from './types';

const METHOD_TEXT: Record<string, string> = {
  CARD: 'Card',
  PAY_BY_BANK: 'Pay by bank',
  CASH: 'Cash',
};

/** A difference as the report says it: "+£1.00 over", "-£5.00 short", "£0.00". */
export function differenceText(pence: number): string {
  if (pence === 0) return formatPence(0);
  return pence > 0 ? `+${formatPence(pence)} over` : `-${formatPence(-pence)} short`;
}

function timeText(iso: string, place: PrintPlace): string {
  return new Intl.DateTimeFormat(place.locale, {
    timeZone: place.timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function writer(format: PrinterFormat) {
  const columns = COLUMNS[format.paperWidth];
  const encoder = new ReceiptWriter({ language: format.language, columns, feedBeforeCut: 4 });
  const line = (label: string, value: string) => {
    const right = Math.min(value.length, columns - 8);
    encoder.table(
      [
        { width: columns - right - 1, marginRight: 1, align: 'left' },
        { width: right, align: 'right' },
      ],
      [[label, value]],
    );
  };
  return { encoder, line };
}

function figuresSection(x: ShiftFigures, w: ReturnType<typeof writer>, place: PrintPlace) {
  const { encoder, line } = w;
  line('Opened', timeText(x.openedAt, place));
  line('Opened by', x.openedBy);
  line('Float', formatPence(x.floatPence));
  encoder.rule().bold(true).line('Takings').bold(false);
  for (const t of x.takings)
    line(`${METHOD_TEXT[t.method] ?? t.method} (${t.count})`, formatPence(t.totalPence));
  line('Tips', formatPence(x.tipsPence));
  line('Total taken', formatPence(x.takenPence));
  line(`Refunds (${x.refunds.count})`, `-${formatPence(x.refunds.totalPence)}`);
  line('  of which cash', `-${formatPence(x.refunds.cashPence)}`);
  if (x.movements.length) {
    encoder.rule().bold(true).line('Pay-ins and pay-outs').bold(false);
    for (const m of x.movements)
      line(
        `${m.kind === 'PAY_IN' ? 'In' : 'Out'}: ${m.reason}`,
        `${m.kind === 'PAY_IN' ? '+' : '-'}${formatPence(m.amountPence)}`,
      );
  }
  if (x.staff.length) {
    encoder.rule().bold(true).line('By staff').bold(false);
    for (const s of x.staff) line(`${s.name} (${s.payments})`, formatPence(s.takenPence));
  }
  encoder.rule();
  line('Cash sales', formatPence(x.cashSalesPence));
  line('Pay-ins', formatPence(x.payInsPence));
  line('Pay-outs', `-${formatPence(x.payOutsPence)}`);
  encoder.bold(true);
  line('Cash expected', formatPence(x.expectedCashPence));
  encoder.bold(false);
}

/** The X report: the shift so far; nothing is closed or kept by printing it. */
export function encodeXReport(
  x: ShiftFigures,
  format: PrinterFormat,
  place: PrintPlace & { shopName: string | null; at: number },
): Uint8Array {
  const w = writer(format);
  w.encoder.align('center');
  if (place.shopName) w.encoder.bold(true).line(place.shopName).bold(false);
  w.encoder.line('X report (shift so far)').line(timeText(new Date(place.at).toISOString(), place));
  w.encoder.align('left').rule();
  figuresSection(x, w, place);
  return w.encoder.cutAndEncode();
}

/** The Z report: final, numbered, with the count and its hash for the record. */
export function encodeZReport(
  z: ZReport,
  format: PrinterFormat,
  place: PrintPlace & { shopName: string | null },
): Uint8Array {
  const w = writer(format);
  const { encoder, line } = w;
  encoder.align('center');
  if (place.shopName) encoder.bold(true).line(place.shopName).bold(false);
  encoder.bold(true).line(`Z report ${z.number}`).bold(false);
  encoder.line('Shift closed').align('left').rule();
  figuresSection(z, w, place);
  encoder.rule().bold(true).line('Counted').bold(false);
  for (const d of DENOMINATIONS_PENCE) {
    const count = z.counted.find((c) => c.denominationPence === d)?.count ?? 0;
    if (count > 0) line(`${formatPence(d)} x ${count}`, formatPence(d * count));
  }
  encoder.bold(true);
  line('Cash counted', formatPence(z.countedCashPence));
  line('Difference', differenceText(z.differencePence));
  encoder.bold(false).rule();
  line('Closed', timeText(z.closedAt, place));
  line('Closed by', z.closedBy);
  encoder.line('Hash:').line(z.hash.slice(0, 32)).line(z.hash.slice(32));
  return encoder.cutAndEncode();
}
