/**
 * Test fixture: writes to a history in argv[2], prints "committed", then waits to be killed
 * (history.test.ts sends SIGKILL and checks the committed rows survived).
 */
import { openHistory } from '../../src/main/kiosk/history/history';

const dir = process.argv[2]!;
const history = openHistory(dir);
for (let i = 0; i < 20; i++) {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  history.upsertPayment({
    paymentRequestId: id,
    origin: 'remote',
    amountPence: 100 + i,
    orderId: `KILL-${i}`,
    createdAt: 1_700_000_000_000 + i,
  });
  history.recordChange({
    paymentRequestId: id,
    from: 'PAYMENT_NOT_INITIATED',
    to: 'COMPLETED',
    source: 'push',
    occurredAt: 1_700_000_001_000 + i,
    recordedAt: 1_700_000_001_000 + i,
    final: true,
    paidPence: 100 + i,
  });
}
console.log('committed');
// Keep the database open, as a running kiosk would, until the test kills this process.
setInterval(() => undefined, 60_000);
