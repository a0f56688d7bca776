/** The messages area as other areas see it: the outbox of messages to customers. */
export type { MessageOutbox } from './outbox';
