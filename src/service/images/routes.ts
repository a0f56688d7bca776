/**
 * QR codes and template images of payment requests. Public, like the payment link they
 * encode: a kiosk display or a receipt printer fetches them without a secret. They never
 * expire; an expired or cancelled request still renders, and its receipt says so.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { ImagesContext } from './context';
import { notFound } from '../kernel/errors';
import { answer, etagOf, matches, type Image } from '../http/caching';
import { mount } from '../http/mount';
import { paymentLinks } from '../payments';
import type { RequestRow } from '../payments';
import { createReceiptReader, type Receipt } from '../receipts';
import { methodText, shopHeaderLines } from '../../shared/receipt';
import { createLru } from './lru';
import { qrPng, qrSvg } from '../ui/qr';
import { svgToPng } from '../ui/render';
import { displaySvg, receiptSvg, type DisplayData, type ReceiptData } from '../ui/templates';

const SVG = 'image/svg+xml';
const PNG = 'image/png';
/** A QR code and a display image are fixed for an id, so clients may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A receipt shows live status: clients keep it but ask again, cheaply, with If-None-Match. */
const REVALIDATE = 'no-cache';
/** Bump when a layout changes, so cached copies with an old ETag are replaced. */
const LAYOUT_VERSION = 4;
/** Enough for every kiosk of a busy shop to hit the cache; each entry is a few kilobytes. */
const CACHE_ENTRIES = 200;

/** The receipt image draws the one receipt model the receipt page and the printer draw. */
const imageOf = (r: Receipt): ReceiptData => ({
  merchantName: r.shop.name,
  merchantLines: shopHeaderLines(r.shop),
  amountPence: r.amountPence,
  tipPence: r.tipPence,
  paidPence: r.paidPence,
  currency: r.currency,
  status: r.status,
  date: r.date,
  orderId: r.orderId,
  paymentRequestId: r.paymentRequestId,
  method: r.method,
  methodText: methodText(r),
  lines: r.lines,
  refundedPence: r.refundedPence,
  refunds: r.refunds.map((refund) => ({
    amountPence: refund.amountPence,
    status: refund.status,
    date: refund.createdAt,
  })),
  receiptUrl: r.receiptUrl,
});

export const imageRoutes: Area<ImagesContext> = (app, ctx) => {
  const cache = createLru<Image>(CACHE_ENTRIES);
  const receiptOf = createReceiptReader(ctx);

  const requestRow = async (id: string): Promise<RequestRow> => {
    const row = await ctx.payments.get(id);
    if (!row) throw notFound('No payment request with this id');
    return row;
  };
  const paymentUrlOf = (row: RequestRow) =>
    paymentLinks(ctx.publicUrl(), row.id, 'EXTERNAL_DISPLAY').paymentUrl;

  async function cached(key: string, make: () => Image | Promise<Image>): Promise<Image> {
    const hit = cache.get(key);
    if (hit) return hit;
    const image = await make();
    cache.set(key, image);
    return image;
  }

  // The key holds the encoded URL itself, so a change of publicUrl never serves a stale code.
  mount(app, ctx.auth, routes.getQrSvg, async ({ params, c }) => {
    const url = paymentUrlOf(await requestRow(params.paymentRequestId));
    const image = await cached(`qr.svg ${url}`, async () => {
      const body = await qrSvg(url);
      return { body, etag: etagOf(body) };
    });
    return answer(c, SVG, IMMUTABLE, image);
  });

  mount(app, ctx.auth, routes.getQrPng, async ({ params, c }) => {
    const url = paymentUrlOf(await requestRow(params.paymentRequestId));
    const image = await cached(`qr.png ${url}`, async () => {
      const body = await qrPng(url);
      return { body, etag: etagOf(body.toString('base64')) };
    });
    return answer(c, PNG, IMMUTABLE, image);
  });

  mount(app, ctx.auth, routes.getTemplate, async ({ params, c }) => {
    let row = await requestRow(params.paymentRequestId);
    const png = params.template.endsWith('_PNG');
    const type = png ? PNG : SVG;
    if (params.template.startsWith('RECEIPT')) {
      // Like a status read, a receipt never shows an open request past its expiry.
      if (await ctx.lifecycle.expireIfDue(row)) row = await requestRow(row.id);
      const data = imageOf(await receiptOf(row));
      // The tag covers every value drawn (updated_at among them), so it changes with status.
      const etag = etagOf('receipt', LAYOUT_VERSION, png, data);
      if (matches(c.req.header('if-none-match'), etag))
        return answer(c, type, REVALIDATE, { body: '', etag });
      const image = await cached(`${params.template} ${etag}`, () => {
        const svg = receiptSvg(data);
        return { body: png ? svgToPng(svg) : svg, etag };
      });
      return answer(c, type, REVALIDATE, image);
    }

    const data: DisplayData = {
      merchantName: (await ctx.profiles.get(row.merchant_id, row.environment))?.name ?? '',
      amountPence: row.amount_pence,
      currency: row.currency,
      notes: row.notes,
      paymentUrl: paymentUrlOf(row),
    };
    const etag = etagOf('display', LAYOUT_VERSION, png, data, row.created_at);
    if (matches(c.req.header('if-none-match'), etag))
      return answer(c, type, IMMUTABLE, { body: '', etag });
    const image = await cached(`${params.template} ${etag}`, () => {
      const svg = displaySvg(data);
      return { body: png ? svgToPng(svg) : svg, etag };
    });
    return answer(c, type, IMMUTABLE, image);
  });
};
