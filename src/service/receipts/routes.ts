/**
 * GET /receipt/{paymentRequestId}: the hosted receipt page. Public like the payment link: the
 * address is the secret (a random UUID), so the page is never cached, never sent as a referrer
 * and never framed.
 */
import { randomBytes } from 'node:crypto';
import { Uuid } from '../../shared/contract/common';
import type { Area } from '../http/context';
import type { ReceiptsContext } from './context';
import { pageSecurityHeaders } from '../ui/html';
import { createReceiptReader, receiptUrl } from './receipt-data';
import { receiptNotFoundPage, receiptPage } from './receipt-page';

export const receiptRoutes: Area<ReceiptsContext> = (app, ctx) => {
  const receiptOf = createReceiptReader(ctx);

  app.get('/receipt/:paymentRequestId', async (c) => {
    const nonce = randomBytes(16).toString('base64');
    const headers = pageSecurityHeaders({
      nonce,
      formAction: "'none'",
      referrerPolicy: 'no-referrer',
    });
    const id = c.req.param('paymentRequestId');
    let row = Uuid.safeParse(id).success ? await ctx.payments.get(id) : undefined;
    if (!row) return c.html(await receiptNotFoundPage(nonce), 404, headers);
    // Like a status read, a receipt never shows an open request past its expiry.
    if (await ctx.lifecycle.expireIfDue(row)) row = (await ctx.payments.get(row.id))!;
    const url = receiptUrl(ctx.publicUrl(), row.id);
    return c.html(await receiptPage(await receiptOf(row), url, nonce), 200, headers);
  });
};
