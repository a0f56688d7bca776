/** Extension: the service's outbox of messages to customers (card-saving links by email or SMS). */
import { z } from 'zod';
import { PageQuery, Timestamp, Uuid, offsetPage } from './common';

export const MessageChannel = z.enum(['EMAIL', 'SMS']);
/** STORED: kept in the outbox only (SMS, or email with no SMTP server); QUEUED → SENT or FAILED by SMTP. */
export const MessageStatus = z.enum(['STORED', 'QUEUED', 'SENT', 'FAILED']);

export const OutboxMessage = z.object({
  id: Uuid,
  channel: MessageChannel,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  link: z.string().optional(),
  customerId: Uuid.optional(),
  status: MessageStatus,
  error: z.string().optional(),
  createdAt: Timestamp,
  sentAt: Timestamp.optional(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxMessagePage = offsetPage(OutboxMessage);
export const MessageListQuery = PageQuery.extend({ customerId: Uuid.optional() });
