/**
 * GET /receipt/{paymentRequestId}: the hosted receipt page, and the logo its shop showed when the
 * customer paid. Public like the payment link: the address is the secret (a random UUID), so the
 * page is never cached, never sent as a referrer and never framed. GET
 * /api/payment-requests/{id}/receipt: the same receipt as data, for a kiosk's printer.
 */
import { randomBytes } from 'node:crypto';
import { Uuid } from '../../shared/contract/common';
import { receiptRecord } from '../../shared/contract/receipts';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { ReceiptPageContext } from './context';
import { answer, etagOf } from '../http/caching';
import { mount } from '../http/mount';
import { notFound } from '../kernel/errors';
import { requestFor, type RequestRow } from '../payments';
import { pageLanguage, setShopLanguage } from '../ui';
import { pageSecurityHeaders } from '../ui/html';
import { createReceiptReader } from './receipt-data';
import { receiptNotFoundPage, receiptPage } from './receipt-page';

export const receiptRoutes: Area<ReceiptPageContext> = (app, ctx) => {
  const receiptOf = createReceiptReader(ctx);
  /** Like a status read, a receipt never shows an open request past its expiry. */
  const current = async (row: RequestRow) =>
    (await ctx.lifecycle.expireIfDue(row)) ? (await ctx.payments.get(row.id))! : row;

  app.get('/receipt/:paymentRequestId', async (c) => {
    const nonce = randomBytes(16).toString('base64');
    const headers = pageSecurityHeaders({
      nonce,
      formAction: "'none'",
      referrerPolicy: 'no-referrer',
    });
    const id = c.req.param('paymentRequestId');
    const row = Uuid.safeParse(id).success ? await ctx.payments.get(id) : undefined;
    // Before the customer chooses: the shop's language, then their browser's, then English.
    if (row) setShopLanguage(c, await ctx.shopLanguage(row));
    const chosen = pageLanguage(c);
    if (!row) return c.html(await receiptNotFoundPage(nonce, chosen), 404, headers);
    const receipt = await receiptOf(await current(row));
    return c.html(await receiptPage(receipt, nonce, chosen), 200, headers);
  });

  // The logo kept with a paid payment: a later upload replaces the merchant's, never this one.
  app.get('/receipt/:paymentRequestId/logo', async (c) => {
    const id = c.req.param('paymentRequestId');
    const logo = Uuid.safeParse(id).success ? await ctx.payments.logoAtPayment(id) : undefined;
    if (!logo) throw notFound('This receipt has no logo');
    // Only ever a PNG (merchants/logo.ts), with nosniff: never a document.
    return answer(c, 'image/png', 'public, max-age=31536000, immutable', {
      body: logo.bytes,
      etag: etagOf(logo.contentType, logo.bytes.toString('base64')),
    });
  });

  mount(app, ctx.auth, routes.getReceipt, async ({ params, caller }) => {
    const row = await current(await requestFor(ctx.payments, caller, params.paymentRequestId));
    const receipt = await receiptOf(row);
    const { logoUrl } = receipt.shop;
    // The wire carries whole addresses; the service's own pages use paths.
    return receiptRecord({
      ...receipt,
      shop: { ...receipt.shop, logoUrl: logoUrl && `${ctx.publicUrl()}${logoUrl}` },
    });
  });
};
