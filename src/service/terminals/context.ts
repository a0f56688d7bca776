/** What the terminals area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { PaymentCreator } from '../payments';
import type { MerchantProfiles } from '../merchants';
import type { StreamRegistry } from '../ops';
import type { Presence, TerminalReader } from './model';

export type TerminalsContext = HttpContext & {
  terminals: TerminalReader;
  /** Which terminals have a push stream open. */
  presence: Presence;
  creator: PaymentCreator;
  profiles: MerchantProfiles;
  /** Every open event stream, so a shutdown ends them with a reconnect hint. */
  streams: StreamRegistry;
};
