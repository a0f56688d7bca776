/** What the webhooks area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';

export type WebhooksContext = HttpContext;
