/**
 * Remote payments (docs/terminals.md): POST /api/terminal/process-remote-payment. The service
 * sets the customer id, order id, expiry, tips, retry, split, store, terminal binding and
 * environment; the request and its REMOTE_PAYMENT_REQUEST push event are written in one
 * transaction, so the terminal hears of it as soon as the answer leaves.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { routes } from '../../shared/contract/routes';
import { REMOTE_ORDER_PREFIX } from '../../shared/order-ids';
import { CLIENT_HEADER, REMOTE_CREATORS, RemoteCreator } from '../../shared/contract/terminals';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import type { TerminalsContext } from './context';
import { ApiError } from '../kernel/errors';
import { mount } from '../http/mount';
import { paymentLinks } from '../payments';
import type { Method } from '../payments';

export const remotePaymentRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { clock, terminals, outbox } = ctx;

  mount(app, ctx.auth, routes.processRemotePayment, async ({ body, caller, c }) => {
    const createdBy = creatorOf(c.req.header(CLIENT_HEADER), c.req.header('sec-fetch-site'));
    const terminal = await terminals.owned(
      body.id,
      caller.merchantId,
      caller.environment,
      'Terminal not found for this merchant',
    );
    // The caller's environment's settings: the sandbox's copy for a sandbox secret.
    const settings = (await ctx.profiles.get(caller.merchantId, caller.environment))?.settings;
    if (settings?.remotePayments !== true)
      throw new ApiError(400, 'Remote payments are not enabled for this merchant');
    // The merchant's default lifetime, decided now: the event below tells the terminal when.
    const expiresIn = settings.defaultExpirySeconds * 1000;
    if (terminal.remote_enabled !== 1)
      throw new ApiError(400, `Remote payments are switched off for terminal ${terminal.name}`);
    if (terminal.push_registered !== 1)
      throw new ApiError(
        400,
        `Terminal ${terminal.name} is not set up for push notifications (tokenMissing); open Counter on it once`,
      );

    // PAY_BY_BANK or CARD restricts the terminal to that method; anything else offers both.
    const restricted: Method | null =
      body.paymentMethod === 'PAY_BY_BANK' || body.paymentMethod === 'CARD'
        ? body.paymentMethod
        : null;
    const notes = body.notes?.trim() || undefined;

    return await outbox.tx(async () => {
      const now = clock.now(caller.environment, caller.merchantId);
      let customerId = `terminal:${terminal.id}`;
      const consumer = body.consumerDetails;
      if (consumer && Object.values(consumer).some((v) => v !== undefined)) {
        customerId = randomUUID();
        await ctx.creator.addConsumer({
          id: customerId,
          merchantId: caller.merchantId,
          environment: caller.environment,
          firstName: consumer.firstName ?? null,
          lastName: consumer.lastName ?? null,
          email: consumer.email ?? null,
          code: consumer.phoneCountryCode ?? null,
          number: consumer.phoneNumber ?? null,
          now,
        });
      }
      const orderId = `${REMOTE_ORDER_PREFIX}${randomBytes(4).toString('hex').toUpperCase()}`;
      const id = await ctx.creator.create(
        {
          kind: 'terminal',
          merchantId: caller.merchantId,
          environment: caller.environment,
          terminalId: terminal.id,
          storeId: terminal.store_id,
        },
        {
          terminalId: terminal.id,
          body: {
            customerId,
            orderId,
            amount: body.amount,
            paymentMethod: restricted ? [restricted] : undefined,
            savePaymentMethod: false,
            autoRedirect: false,
            expiresIn,
            notes,
            metadata: body.metadata,
            enableTips: true,
            tipAmount: body.tipAmount,
            allowRetry: true,
            splitBill: false,
            template: 'EXTERNAL_DISPLAY',
            consumerDetails: consumer,
            lineItems: body.lineItems,
          },
        },
      );
      const links = paymentLinks(ctx.publicUrl(), id, 'EXTERNAL_DISPLAY');
      await outbox.emit({
        merchantId: caller.merchantId,
        environment: caller.environment,
        type: 'REMOTE_PAYMENT_REQUEST',
        paymentRequestId: id,
        terminalId: terminal.id,
        data: {
          ...links,
          terminalId: terminal.id,
          orderId,
          status: 'PAYMENT_NOT_INITIATED',
          amount: body.amount,
          currency: 'GBP',
          notes: notes ?? null,
          paymentMethod: restricted,
          expiresAt: iso(now + expiresIn),
          metadata: body.metadata ?? {},
          // The kiosk keeps them with the payment, as it does a basket shown beforehand.
          ...(body.lineItems?.length ? { lineItems: body.lineItems } : {}),
          createdBy,
        },
      });
      return { paymentRequestId: id };
    });
  });
};

/**
 * Who the terminal is told created the request: the client's own Counter-Client header; else the
 * dashboard this service serves (a browser marks the calls of a page from the service's own
 * origin `Sec-Fetch-Site: same-origin`, which no page's script can set, and the dashboard is the
 * only page here that pushes payments; it sends no Referer); else an API client. A label the
 * caller states, never a credential: it needs nothing beyond the secret the call carries. An
 * unknown name is refused (400, naming the header) rather than shown as something else.
 */
function creatorOf(header: string | undefined, fetchSite: string | undefined): RemoteCreator {
  if (header !== undefined) {
    const named = RemoteCreator.safeParse(header.trim().toLowerCase());
    if (named.success) return named.data;
    const message = `must be one of ${REMOTE_CREATORS.join(', ')}`;
    throw new ApiError(400, `${CLIENT_HEADER}: ${message}`, [{ field: CLIENT_HEADER, message }]);
  }
  return fetchSite === 'same-origin' ? 'dashboard' : 'api';
}
