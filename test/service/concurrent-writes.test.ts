/**
 * Many payments paid at the same moment: on PostgreSQL their serializable transactions read and
 * write the same index pages (ids are time-ordered) and abort each other; each must still be
 * answered 200, never "Internal error".
 */
import { afterAll, expect, it } from 'vitest';
import { startService, type Harness } from '../helpers/service';

let h: Harness | undefined;
afterAll(() => h?.close());

it('pays 64 payments at once, each answered 200', { timeout: 120_000 }, async () => {
  h = await startService();
  const ids: string[] = [];
  for (let i = 0; i < 64; i++) {
    const made = await h.call('POST', '/api/payments/process-payment', {
      amount: 2,
      customerId: 'c',
      orderId: `AT-ONCE-${i}`,
    });
    ids.push(made.body.paymentRequestId as string);
  }
  const answers = await Promise.all(
    ids.map((id) =>
      h!.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      }),
    ),
  );
  expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
  const listed = await h.call('GET', '/api/payment-requests?size=100&status=COMPLETED');
  expect(listed.body.totalCount).toBe(64);
});
