/** What the refunds area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { PaymentReader } from '../payments';
import type { RefundLifecycle } from './lifecycle';
import type { RefundReader } from './repo';

export type RefundsContext = HttpContext & {
  payments: PaymentReader;
  refunds: { reader: RefundReader; lifecycle: RefundLifecycle };
};
