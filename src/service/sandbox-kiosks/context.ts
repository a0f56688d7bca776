/** What the simulated kiosks area is handed: the kernel's context and which terminals are online. */
import type { HttpContext } from '../http/context';
import type { Presence } from '../terminals';

export type SandboxKiosksContext = HttpContext & {
  /** The stream a simulated kiosk holds is attached here, as a real kiosk's stream is. */
  presence: Presence;
};
