/**
 * The data of a sandbox test event (operation testWebhook): shaped like the production event of the same type
 * (src/service/payments/lifecycle.ts) so a receiver can be built against it, with `test: true`.
 * The body schema (WebhookTestBody) has already enforced the status/type/customFields rules.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { EventData, WebhookTestBody } from '../../shared/contract/webhooks';

export const DEFAULT_TEST_AMOUNT = 10;

export const TEST_TERMINAL_ID = 'test-terminal';

export function testEventData(body: WebhookTestBody): EventData {
  const pos = body.eventType === 'POS_PAYMENT_STATUS';
  const posType = pos ? (body.type ?? 'PAYMENTS_STATUS') : undefined;
  const kind = posType ?? body.eventType;
  const orderId = body.orderId ?? `test_order_${randomBytes(6).toString('hex')}`;
  const status = kind === 'EXPIRED_STATUS' ? 'EXPIRED' : (body.status ?? 'COMPLETED');
  const amount = body.amount ?? DEFAULT_TEST_AMOUNT;
  return {
    paymentRequestId: randomUUID(),
    terminalId: pos ? TEST_TERMINAL_ID : null,
    ...(kind === 'REFUND_STATUS' ? { refundId: randomUUID() } : {}),
    orderId,
    status,
    amount,
    paidAmount: amount,
    tipAmount: 0,
    currency: 'GBP',
    paymentMethod: body.paymentMethod ?? 'PAY_BY_BANK',
    ...(status === 'FAILED' ? { errorDescription: 'Test event: the payment was declined' } : {}),
    metadata: {},
    ...(posType
      ? {
          type: posType,
          customFields: body.customFields ?? [
            { fieldName: 'terminalId', value: TEST_TERMINAL_ID },
            { fieldName: 'orderId', value: orderId },
          ],
        }
      : {}),
    test: true,
  };
}
