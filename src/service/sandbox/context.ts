/** What the sandbox area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { Lifecycle, PaymentReader } from '../payments';

export type SandboxContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
};
