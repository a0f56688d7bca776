/**
 * The two template images as SVG documents: the customer-facing display (landscape, QR code
 * large) and the receipt (portrait). Pure functions of their data, so the PNG variants are the
 * same documents rasterised and tests can read the text straight from the SVG.
 */
import { basketTotalPence, lineTotalPence, type BasketLine } from '../../shared/basket';
import { formatPence } from '../../shared/money';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import type { PaymentStatus } from '../../shared/payment-states';
import type { z } from 'zod';
import type { PaymentMethod } from '../../shared/contract/common';
import { QUIET_ZONE, qrMatrix, qrPathData } from './qr';
import { FONT_FAMILY } from './render';
import { escapeXml } from './xml';

type Method = z.infer<typeof PaymentMethod>;

export const DISPLAY_SIZE = { width: 1280, height: 800 } as const;
export const RECEIPT_SIZE = { width: 640, height: 960 } as const;
export const INSTRUCTION = 'Scan with your phone camera to pay';

export interface DisplayData {
  merchantName: string;
  amountPence: number;
  currency: string;
  notes: string | null;
  paymentUrl: string;
}

export interface ReceiptData {
  merchantName: string;
  /** Under the name: the store, its address (or the merchant's), company and VAT numbers. */
  merchantLines?: string[];
  amountPence: number;
  tipPence: number;
  paidPence: number;
  currency: string;
  status: PaymentStatus;
  /** Epoch milliseconds of the last change (or creation). */
  date: number;
  orderId: string;
  paymentRequestId: string;
  method: Method | null;
  /** How it was paid as every receipt says it ("VISA •••• 4242"); without it, the method's name. */
  methodText?: string;
  /** The basket the payment was created with, in order (docs/terminals.md). */
  lines?: readonly BasketLine[];
  /** The payment's refunds, oldest first (docs/refunds.md). */
  refunds?: { amountPence: number; status: string; date: number }[];
  refundedPence?: number;
  /** The hosted receipt page: drawn as a QR code the customer scans to keep the receipt. */
  receiptUrl?: string;
}

/**
 * Basket lines drawn on a receipt image, so a 100-line basket still makes an image a printer or
 * a phone can take; the rest are summed up in one line (the hosted receipt page lists them all).
 */
export const MAX_RECEIPT_ITEM_LINES = 12;
/** Refund lines drawn on a receipt image; more are summed up in one line. */
const MAX_REFUND_LINES = 6;
const REFUND_LABELS: Record<string, string> = {
  INITIATED: 'requested',
  PENDING: 'processing',
  COMPLETED: 'refunded',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';

/**
 * Average advance of a DejaVu Sans character in ems, rounded up so an estimate errs towards
 * fitting. Good enough to size a line without shaping it.
 */
const EM = { regular: 0.62, bold: 0.7 };

interface Fitted {
  text: string;
  size: number;
}

/**
 * Shrinks a line until it fits maxWidth, down to minSize; below that the line is cut with an
 * ellipsis, since a merchant name or order id running off the image helps no one.
 */
export function fitLine(
  text: string,
  maxWidth: number,
  maxSize: number,
  minSize: number,
  bold = false,
): Fitted {
  const em = bold ? EM.bold : EM.regular;
  const chars = Array.from(text);
  const size = Math.min(maxSize, Math.floor(maxWidth / (Math.max(chars.length, 1) * em)));
  if (size >= minSize) return { text, size };
  const keep = Math.max(1, Math.floor(maxWidth / (minSize * em)) - 1);
  return { text: `${chars.slice(0, keep).join('').trimEnd()}…`, size: minSize };
}

interface TextOptions {
  x: number;
  y: number;
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
}

function text(content: string, o: TextOptions): string {
  const weight = o.bold ? ' font-weight="bold"' : '';
  const anchor = o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : '';
  return `<text x="${o.x}" y="${o.y}" font-size="${o.size}" fill="${o.fill ?? INK}"${weight}${anchor}>${escapeXml(content)}</text>`;
}

function document(width: number, height: number, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/**
 * The QR code drawn into a square box, modules on whole pixels (so the PNG has no blurred
 * edges) and the quiet zone kept clear inside the box.
 */
function qrGroup(url: string, x: number, y: number, box: number): string {
  const matrix = qrMatrix(url);
  const modulePx = Math.floor(box / (matrix.size + 2 * QUIET_ZONE));
  const side = matrix.size * modulePx;
  const offset = Math.floor((box - side) / 2);
  return [
    `<rect x="${x}" y="${y}" width="${box}" height="${box}" fill="#ffffff"/>`,
    `<g transform="translate(${x + offset} ${y + offset}) scale(${modulePx})">`,
    `<path fill="#000000" shape-rendering="crispEdges" d="${qrPathData(matrix)}"/>`,
    '</g>',
  ].join('\n');
}

export function displaySvg(data: DisplayData): string {
  const { width, height } = DISPLAY_SIZE;
  const left = 80;
  const columnWidth = 500;
  const qrBox = 620;
  const qrX = width - qrBox - 40;
  const qrY = 40;
  const merchant = fitLine(data.merchantName, columnWidth, 48, 24, true);
  const amount = fitLine(formatPence(data.amountPence, data.currency), columnWidth, 112, 40, true);
  const body = [
    text(merchant.text, { x: left, y: 150, size: merchant.size, bold: true }),
    text('Amount to pay', { x: left, y: 300, size: 30, fill: MUTED }),
    text(amount.text, { x: left, y: 300 + 20 + amount.size, size: amount.size, bold: true }),
  ];
  if (data.notes) {
    const notes = fitLine(data.notes, columnWidth, 34, 18);
    body.push(text(notes.text, { x: left, y: 520, size: notes.size, fill: MUTED }));
  }
  body.push(
    qrGroup(data.paymentUrl, qrX, qrY, qrBox),
    text(INSTRUCTION, { x: qrX + qrBox / 2, y: 730, size: 32, anchor: 'middle' }),
  );
  return document(width, height, body);
}

const METHOD_LABELS: Record<Method, string> = {
  PAY_BY_BANK: 'Pay by bank',
  CARD: 'Card',
  CASH: 'Cash',
};

const STATUS_COLOURS: Partial<Record<PaymentStatus, string>> = {
  COMPLETED: '#15803d',
  AUTHORIZED: '#1d4ed8',
  FAILED: '#b91c1c',
  CANCELLED: '#b91c1c',
  EXPIRED: '#b91c1c',
};

/** Receipts are read in the shop's zone whatever the server's: en-GB, the shop's day. */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DEFAULT_SHOP_TIME_ZONE,
});

export const formatReceiptDate = (ms: number) => dateFormat.format(new Date(ms));

export function receiptSvg(data: ReceiptData): string {
  const { width } = RECEIPT_SIZE;
  const margin = 48;
  const inner = width - 2 * margin;
  const merchant = fitLine(data.merchantName, inner, 36, 18, true);
  const amount = fitLine(formatPence(data.amountPence, data.currency), inner, 72, 28, true);
  const about = (data.merchantLines ?? []).slice(0, 5).map((line) => fitLine(line, inner, 18, 12));
  // Everything below the merchant's lines moves down by their height.
  const top = about.length * 26;
  const body = [
    text(merchant.text, { x: width / 2, y: 96, size: merchant.size, bold: true, anchor: 'middle' }),
    ...about.map((line, i) =>
      text(line.text, { x: width / 2, y: 128 + 26 * i, size: line.size, anchor: 'middle' }),
    ),
    text('Payment receipt', {
      x: width / 2,
      y: 136 + top,
      size: 22,
      fill: MUTED,
      anchor: 'middle',
    }),
    `<rect x="${margin}" y="${164 + top}" width="${inner}" height="2" fill="${RULE}"/>`,
    text(amount.text, {
      x: width / 2,
      y: 256 + top,
      size: amount.size,
      bold: true,
      anchor: 'middle',
    }),
  ];

  const badgeWidth = Math.ceil(data.status.length * 24 * EM.bold) + 40;
  const colour = STATUS_COLOURS[data.status] ?? '#b45309';
  body.push(
    `<rect x="${(width - badgeWidth) / 2}" y="${284 + top}" width="${badgeWidth}" height="44" rx="22" fill="${colour}"/>`,
    text(data.status, {
      x: width / 2,
      y: 314 + top,
      size: 24,
      bold: true,
      fill: '#ffffff',
      anchor: 'middle',
    }),
  );

  let y = 384 + top;
  const lines = data.lines ?? [];
  if (lines.length > 0) {
    const money = (pence: number) => formatPence(pence, data.currency);
    // A basket one line over the cap shows that line rather than "+1 more line".
    const shown = lines.length > MAX_RECEIPT_ITEM_LINES ? MAX_RECEIPT_ITEM_LINES - 1 : lines.length;
    body.push(text('Items', { x: margin, y, size: 18, fill: MUTED }));
    y += 38;
    for (const line of lines.slice(0, shown)) {
      const total = fitLine(money(lineTotalPence(line)), inner / 2 - 8, 22, 12, true);
      // The description gives way to the amount, which is never cut.
      const totalWidth = Math.ceil(Array.from(total.text).length * total.size * EM.bold);
      const what = fitLine(line.description, inner - totalWidth - 24, 22, 14);
      body.push(
        text(what.text, { x: margin, y, size: what.size }),
        text(total.text, { x: width - margin, y, size: total.size, bold: true, anchor: 'end' }),
        text(`${line.quantity} × ${money(line.unitPence)}`, {
          x: margin,
          y: y + 24,
          size: 16,
          fill: MUTED,
        }),
      );
      y += 58;
    }
    const rest = lines.slice(shown);
    if (rest.length > 0) {
      body.push(
        text(`+${rest.length} more lines`, { x: margin, y, size: 20, fill: MUTED }),
        text(money(basketTotalPence(rest)), {
          x: width - margin,
          y,
          size: 20,
          fill: MUTED,
          anchor: 'end',
        }),
      );
      y += 34;
    }
    body.push(`<rect x="${margin}" y="${y - 8}" width="${inner}" height="2" fill="${RULE}"/>`);
    y += 48;
  }

  const rows: [string, string][] = [];
  if (data.tipPence > 0) {
    rows.push(['Tip', formatPence(data.tipPence, data.currency)]);
    rows.push(['Total paid', formatPence(data.paidPence, data.currency)]);
  }
  rows.push(
    ['Date', formatReceiptDate(data.date)],
    ['Method', data.methodText ?? (data.method ? METHOD_LABELS[data.method] : 'Not chosen')],
    ['Order ID', data.orderId],
    ['Payment request ID', data.paymentRequestId],
  );
  const refunded = data.refundedPence ?? 0;
  if (refunded > 0) rows.push(['Refunded', `−${formatPence(refunded, data.currency)}`]);
  for (const [label, value] of rows) {
    const fitted = fitLine(value, inner, 26, 14);
    body.push(
      text(label, { x: margin, y, size: 18, fill: MUTED }),
      text(fitted.text, { x: margin, y: y + 34, size: fitted.size }),
    );
    y += 80;
  }

  const refunds = data.refunds ?? [];
  if (refunds.length > 0) {
    body.push(text('Refunds', { x: margin, y, size: 18, fill: MUTED }));
    y += 38;
    for (const refund of refunds.slice(0, MAX_REFUND_LINES)) {
      const when = formatReceiptDate(refund.date);
      const what = `${formatPence(refund.amountPence, data.currency)} ${REFUND_LABELS[refund.status] ?? refund.status}`;
      body.push(
        text(when, { x: margin, y, size: 20 }),
        text(what, { x: width - margin, y, size: 20, anchor: 'end', bold: true }),
      );
      y += 34;
    }
    if (refunds.length > MAX_REFUND_LINES)
      body.push(
        text(`and ${refunds.length - MAX_REFUND_LINES} more`, {
          x: margin,
          y,
          size: 18,
          fill: MUTED,
        }),
      );
    y += refunds.length > MAX_REFUND_LINES ? 46 : 12;
  }

  if (data.receiptUrl) {
    const box = 240;
    body.push(
      qrGroup(data.receiptUrl, (width - box) / 2, y, box),
      text('Scan to keep this receipt', {
        x: width / 2,
        y: y + box + 28,
        size: 20,
        fill: MUTED,
        anchor: 'middle',
      }),
    );
    y += box + 48;
  }
  const height = Math.max(RECEIPT_SIZE.height, y + 80);
  body.push(`<rect x="${margin}" y="${height - 64}" width="${inner}" height="2" fill="${RULE}"/>`);
  return document(width, height, body);
}
