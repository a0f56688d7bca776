/**
 * The ceiling: the same framework and adapter as the service (Hono on @hono/node-server),
 * answering a constant JSON body with no auth, validation or database. Nothing built on
 * this stack can be faster on this machine, so the service's figures are read against it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { serveParent } from './protocol';

const app = new Hono();
const body = { status: 'PAYMENT_NOT_INITIATED', amount: 12.5, currency: 'GBP' };
// The status-read path, so the ceiling receives exactly the requests the service does.
app.get('/api/payments/v1/payment-status/:paymentRequestId', (c) => c.json(body));
// And the refund path (bench/refunds.ts): the same POST the service gets, answered constantly.
app.post('/api/refund/:paymentRequestId', (c) => c.json(body, 201));
// And the saved-card charge (bench/customers.ts), likewise.
app.post('/api/payments/card/process-payment', (c) => c.json(body, 201));
// And the create (bench/service-http.ts, scale-out.ts, peers.ts), likewise.
app.post('/api/payments/process-payment', (c) => c.json(body));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  serveParent(
    `http://127.0.0.1:${info.port}`,
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  );
});
