/** What the push area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { Presence } from '../terminals';

export type PushContext = HttpContext & {
  presence: Presence;
};
