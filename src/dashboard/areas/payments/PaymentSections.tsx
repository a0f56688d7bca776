/**
 * The sections of a payment's page that read its history and webhooks: the basket, the status
 * timeline (as the kiosk's History detail lists it) and the webhooks sent for it.
 */
import { formatDateTime, formatPounds } from '../../../shared/format';
import { DELIVERY_LABEL, STATUS_LABEL } from '../../../shared/labels';
import type { PaymentHistory, PaymentSource } from '../../../shared/contract/payments';
import { formatPence, poundsToPence } from '../../../shared/money';
import { Table, num } from '../../components/Table';
import { usePaymentPage } from '../../context';
import { lastResponse } from '../../lib/deliveries';
import type { Payment } from '../../store/payments';

/** Who made the payment, as the service records it (it cannot tell the dashboard from the API). */
const SOURCE_TEXT: Record<PaymentSource, string> = {
  COUNTER: 'Staff at the terminal',
  REMOTE: 'Sent to the terminal (dashboard, API or MCP)',
  SAVED_CARD: 'A saved card charged (API or MCP)',
  AGENT: 'An agent (Agent Pay)',
  API: 'The API or MCP (payment link)',
};

/** Who sent a payment to the terminal, when the service recorded it. */
const SENT_BY: Record<NonNullable<PaymentHistory['createdBy']>, string> = {
  dashboard: 'Sent to the terminal from the dashboard',
  api: 'Sent to the terminal through the API',
  mcp: 'Sent to the terminal by an MCP client (an AI assistant)',
  agent: 'Sent to the terminal by an agent',
};

/** Who made the payment, in words: the client that sent it to the terminal when known. */
export const sourceText = (history: PaymentHistory): string =>
  history.createdBy ? SENT_BY[history.createdBy] : SOURCE_TEXT[history.source];

export function PaymentBasket({ payment: p }: { payment: Payment }) {
  const lines = p.lineItems ?? [];
  return (
    <section className="card wide" aria-labelledby="basket-title">
      <h2 id="basket-title">Basket</h2>
      {lines.length === 0 ? (
        <p className="muted">No basket: the payment was for its amount only.</p>
      ) : (
        <Table
          caption={`Basket of ${p.orderId}`}
          columns={['Item', num('Quantity'), num('Price'), num('Total')]}
          testId="basket"
        >
          {lines.map((line, i) => (
            <tr key={`${line.description}-${i}`} data-testid="basket-line">
              <td>{line.description}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatPounds(line.unitAmount, p.currency)}</td>
              <td className="num">
                {formatPence(poundsToPence(line.unitAmount) * line.quantity, p.currency)}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

export function PaymentTimeline() {
  const changes = usePaymentPage((s) => s.history?.changes);
  return (
    <section className="card wide" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Status changes</h2>
      {!changes ? (
        <p className="muted">Loading…</p>
      ) : (
        <ol className="timeline" data-testid="timeline">
          {changes.map((change, i) => (
            <li
              key={`${change.to}-${change.at}-${i}`}
              data-testid="status-change"
              data-to={change.to}
            >
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              <span>
                {change.from ? `${STATUS_LABEL[change.from]} → ` : 'Created as '}
                <strong>{STATUS_LABEL[change.to]}</strong>
                {change.errorDescription ? (
                  <span className="muted"> · {change.errorDescription}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function PaymentWebhooks() {
  const deliveries = usePaymentPage((s) => s.deliveries);
  return (
    <section className="card wide" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks sent</h2>
      {!deliveries ? <p className="muted">Loading…</p> : null}
      {deliveries?.length === 0 ? (
        <p className="muted">
          No webhooks for this payment: no endpoint takes its events (add one under Webhooks).
        </p>
      ) : null}
      {deliveries && deliveries.length > 0 ? (
        <Table
          caption="Webhooks sent for this payment, oldest first"
          columns={['Time', 'Event', 'Endpoint', 'Status', num('Attempts'), 'Last answer']}
          testId="payment-webhooks"
        >
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="payment-webhook" data-status={d.status}>
              <td className="time">{formatDateTime(d.createdAt)}</td>
              <td>{d.eventType}</td>
              <td className="h-url">{d.url}</td>
              <td>
                <span className={`status delivery-${d.status}`}>{DELIVERY_LABEL[d.status]}</span>
              </td>
              <td className="num">{d.attempts}</td>
              <td>{lastResponse(d)}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}
