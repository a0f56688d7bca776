/** What the ops area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { StreamRegistry } from './streams';

export type OpsContext = HttpContext & {
  /** Every open event stream, so a shutdown ends them with a reconnect hint. */
  streams: StreamRegistry;
};
