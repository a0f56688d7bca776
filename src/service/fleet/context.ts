/** What the fleet area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';
import type { Presence, TerminalReader } from '../terminals';

export type FleetContext = HttpContext & {
  terminals: TerminalReader;
  /** Which terminals have a push stream open, here or on another instance. */
  presence: Presence;
  /** Alert e-mails go through the messages outbox. */
  messages: MessageOutbox;
  profiles: MerchantProfiles;
};
