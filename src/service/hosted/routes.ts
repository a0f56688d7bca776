/**
 * The hosted payment page at paymentUrl = {publicUrl}/pay/{paymentRequestId}: the customer
 * chooses a tip, a split and a way to pay, approves at the sandbox bank or types a card, and
 * sees the outcome. Pages, not API: every form is a plain POST answered with 303 to a GET, so
 * it works without JavaScript; JavaScript only polls while a card payment is processing.
 * Every status change goes through ctx.lifecycle; the page only decides what to show.
 */
import type { Area } from '../http/context';
import type { HostedContext } from './context';
import { Uuid } from '../../shared/contract/common';
import { guardHostedPages, seeOther, sendPage, setShopLanguage } from '../ui';
import { bankRoutes } from './bank-routes';
import { cardRoutes } from './card-routes';
import { cardFormPage } from './card-views';
import { cardOnFile } from './checkout';
import { createHostedKit, payUrl } from './kit';
import { ViewQuery, statusView } from './status-view';
import { bankSelectPage, optionsPage } from './views';

export const hostedPageRoutes: Area<HostedContext> = (app, ctx) => {
  const kit = createHostedKit(ctx);
  // Card on file (checkout.ts): saved cards offered once the customer has confirmed it is
  // them, cards saved after 3DS.
  const onFile = cardOnFile(ctx);

  // Every response under /pay: no caching, no framing, nothing loaded from elsewhere; and a
  // form posted from another site is refused, so no other page can approve a payment.
  guardHostedPages(app, ctx, '/pay/*');

  // A customer who has not chosen a language sees the shop's (its kiosk settings), if it set one.
  app.use('/pay/*', async (c, next) => {
    const id = new URL(c.req.url).pathname.split('/')[2] ?? '';
    const row = Uuid.safeParse(id).success ? await ctx.payments.get(id) : undefined;
    if (row) setShopLanguage(c, await ctx.shopLanguage(row));
    await next();
  });

  app.get('/pay/:id', async (c) => {
    const row = await kit.load(c.req.param('id'));
    if (!row) return kit.notFound(c);
    return await statusView(ctx, kit, c, row, ViewQuery.parse(c.req.query()));
  });

  /** For the processing page's polling script. */
  app.get('/pay/:id/state', async (c) => {
    const row = await kit.load(c.req.param('id'));
    if (!row) return c.json({ status: 'NOT_FOUND' }, 404);
    const processing = (await ctx.payments.transactions(row.id)).some(
      (tx) => tx.status === 'PENDING',
    );
    return c.json({ paymentRequestId: row.id, status: processing ? 'PENDING' : row.status });
  });

  // ---- choosing a method: GET with the tip and split choices ----

  for (const method of ['bank', 'card'] as const) {
    app.get(`/pay/:id/${method}`, async (c) => {
      const row = await kit.load(c.req.param('id'));
      if (!row) return kit.notFound(c);
      if (!kit.payable(row)) return seeOther(c, payUrl(row));
      const summary = await kit.summaryOf(row);
      const query = c.req.query();
      if (!summary.methods.includes(method === 'bank' ? 'PAY_BY_BANK' : 'CARD'))
        return sendPage(
          c,
          400,
          optionsPage(summary, { error: 'This way to pay is not offered here', values: query }),
        );
      const result = await kit.planOf(row, query);
      if (!result.ok)
        return sendPage(c, 400, optionsPage(summary, { error: result.message, values: query }));
      const offer =
        method === 'card' && (await onFile.offerSavedCards(c, row, summary, result.plan, query));
      if (offer) return offer;
      return sendPage(
        c,
        200,
        method === 'bank'
          ? bankSelectPage(summary, result.plan)
          : cardFormPage(summary, result.plan),
      );
    });
  }

  // Paying with a saved card: behind the guard above, before the catch-all below.
  onFile.routes(app, kit);
  bankRoutes(app, ctx, kit);
  cardRoutes(app, ctx, kit, onFile);

  // Anything else under /pay is a page that does not exist, answered as a page.
  app.all('/pay', kit.notFound);
  app.all('/pay/*', kit.notFound);
};
