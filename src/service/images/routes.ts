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
import { profileLines } from '../merchants';
import { receiptUrl } from '../receipts';
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
const LAYOUT_VERSION = 3;
/** Enough for every kiosk of a busy shop to hit the cache; each entry is a few kilobytes. */
const CACHE_ENTRIES = 200;

export const imageRoutes: Area<ImagesContext> = (app, ctx) => {
  const cache = createLru<Image>(CACHE_ENTRIES);

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
    const profile = await ctx.profiles.get(row.merchant_id, row.environment);
    const merchant = profile?.name ?? '';

    if (params.template.startsWith('RECEIPT')) {
      // Like a status read, a receipt never shows an open request past its expiry.
      if (await ctx.lifecycle.expireIfDue(row)) row = await requestRow(row.id);
      const data: ReceiptData = {
        merchantName: merchant,
        merchantLines: profile ? profileLines(profile) : [],
        amountPence: row.amount_pence,
        tipPence: row.tip_pence,
        paidPence: row.paid_pence,
        currency: row.currency,
        status: row.status,
        date: row.updated_at,
        orderId: row.order_id,
        paymentRequestId: row.id,
        method: row.payment_method,
        lines: await ctx.payments.lineItems(row),
        refundedPence: row.refunded_pence,
        refunds: (await ctx.refunds.reader.ofRequest(row.id)).map((r) => ({
          amountPence: r.amount_pence,
          status: r.status,
          date: r.created_at,
        })),
        receiptUrl: receiptUrl(ctx.publicUrl(), row.id),
      };
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
      merchantName: merchant,
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
