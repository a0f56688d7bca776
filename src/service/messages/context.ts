/** What the messages area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MessageOutbox } from './outbox';

export type MessagesContext = HttpContext & {
  messages: MessageOutbox;
};
