/** What the merchant-events area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { StreamRegistry } from '../ops';
import type { Presence } from '../terminals';

export type MerchantEventsContext = HttpContext & {
  presence: Presence;
  streams: StreamRegistry;
};
