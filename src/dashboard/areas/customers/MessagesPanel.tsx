/** The sandbox's outbox: every card-saving link sent by email or SMS, newest first. */
import { useEffect, useRef } from 'react';
import type { OutboxMessage } from '../../../shared/contract/messages';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useCustomers, useDashboard } from '../../context';

/** The outbox's statuses in words (docs/customers.md, Messages and SMTP). */
const MESSAGE_STATUS: Record<OutboxMessage['status'], string> = {
  STORED: 'Kept here',
  QUEUED: 'Sending',
  SENT: 'Sent',
  FAILED: 'Not sent',
};

/** On a customer's page, only that customer's messages. */
export function MessagesPanel({ customerId }: { customerId?: string }) {
  const { customers, sandbox } = useDashboard();
  const messages = useCustomers((s) => s.messages);
  const error = useCustomers((s) => s.messagesError);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) void customers.getState().refreshMessages();
    first.current = false;
  }, [customers]);
  if (!sandbox) return null;
  const rows = (messages?.data ?? []).filter((m) => !customerId || m.customerId === customerId);
  return (
    <section className="card wide" aria-labelledby="messages-title" data-testid="messages">
      <h2 id="messages-title">Messages sent</h2>
      <p className="muted">
        The sandbox keeps every message it sends customers here (an email also goes to the SMTP
        server, when one is configured). Newest first.
      </p>
      <Notice kind="error">{error}</Notice>
      {rows.length === 0 ? <p className="muted">No messages yet.</p> : null}
      {rows.length > 0 ? (
        <Table
          caption="Messages sent to customers"
          columns={['Time', 'Channel', 'To', 'Subject', 'Link', 'Status']}
        >
          {rows.map((m) => (
            <tr key={m.id} data-testid="message">
              <td className="time" title={formatDateTime(m.createdAt)}>
                {formatWhen(m.createdAt)}
              </td>
              <td>{m.channel === 'EMAIL' ? 'Email' : 'SMS'}</td>
              <td>{m.to}</td>
              <td>{m.subject}</td>
              <td className="h-url">{m.link ?? '—'}</td>
              <td title={m.status}>
                {MESSAGE_STATUS[m.status]}
                {m.error ? ` · ${m.error}` : ''}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}
