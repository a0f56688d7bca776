/** Webhooks: add an endpoint (its signing secret is shown once), follow its deliveries, resend. */
import { Fragment, useEffect, useRef, useState } from 'react';
import { formatDateTime, formatWhen } from '../../../shared/format';
import { DELIVERY_LABEL } from '../../../shared/labels';
import { attemptAnswer, lastResponse } from '../../lib/deliveries';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import { useDashboard, useWebhooks } from '../../context';
import { NODE_RECEIVER, receiverCommand } from '../../lib/receiver-snippet';
import {
  EVENT_TYPES,
  type Delivery,
  type EventType,
  type Subscription,
} from '../../store/webhooks';

export function WebhooksArea() {
  const subscriptions = useWebhooks((s) => s.subscriptions);
  const error = useWebhooks((s) => s.error);
  const createdSecret = useWebhooks((s) => s.createdSecret);
  const createdEventType = useWebhooks((s) => s.createdEventType);
  return (
    <section className="card" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p className="muted">
        The service calls your endpoint when something changes. Each call is signed with the
        subscription’s <code>whsec_</code> secret (Standard Webhooks).
      </p>
      <AddEndpoint />
      {createdSecret ? (
        <SecretOnce key={createdSecret} secret={createdSecret} eventType={createdEventType} />
      ) : null}
      <Notice kind="error">{error ? `${error} Trying again shortly.` : ''}</Notice>
      {subscriptions && subscriptions.length === 0 ? (
        <p className="muted">No endpoints yet.</p>
      ) : null}
      <ul className="list" aria-label="Webhook endpoints">
        {(subscriptions ?? []).map((s) => (
          <Endpoint key={s.id} subscription={s} />
        ))}
      </ul>
    </section>
  );
}

function AddEndpoint() {
  const { webhooks } = useDashboard();
  const formError = useWebhooks((s) => s.formError);
  const creating = useWebhooks((s) => s.creating);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>(['PAYMENTS_STATUS']);
  return (
    <form
      noValidate
      autoComplete="off"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await webhooks.getState().create({ url, description, eventTypes: types })) {
          setUrl('');
          setDescription('');
        }
      }}
    >
      <h2>Add an endpoint</h2>
      <TextInput
        id="webhook-url"
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks/counter"
        value={url}
        onValue={setUrl}
      />
      <TextInput
        id="webhook-description"
        label={
          <>
            Description <span className="muted">(optional)</span>
          </>
        }
        maxLength={200}
        value={description}
        onValue={setDescription}
      />
      <fieldset>
        <legend>Events to send</legend>
        {EVENT_TYPES.map(([type, label]) => (
          <label className="choice" key={type}>
            <input
              type="checkbox"
              value={type}
              checked={types.includes(type)}
              onChange={(event) =>
                setTypes(event.target.checked ? [...types, type] : types.filter((t) => t !== type))
              }
            />{' '}
            {label} <span className="muted">({type})</span>
          </label>
        ))}
      </fieldset>
      <Notice kind="error">{formError}</Notice>
      <ButtonRow>
        <button type="submit" disabled={creating}>
          Add endpoint
        </button>
      </ButtonRow>
    </form>
  );
}

/**
 * The signing secret of the endpoint just added, shown this once, with a receiver that verifies
 * it (the one docs/webhooks.md prints) and, in the sandbox, a test event to try it on.
 */
function SecretOnce({ secret, eventType }: { secret: string; eventType: EventType | null }) {
  const { webhooks, sandbox } = useDashboard();
  const testNotice = useWebhooks((s) => s.testNotice);
  const [copied, setCopied] = useState('');
  const code = useRef<HTMLElement>(null);
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => copy.current?.focus(), []);
  return (
    <div className="secret-once" role="region" aria-labelledby="secret-title">
      <h2 id="secret-title">Copy this signing secret now</h2>
      <p>
        It is shown only this once. Store it with your endpoint’s configuration; you need it to
        verify each call.
      </p>
      <code ref={code} data-testid="webhook-secret">
        {secret}
      </code>
      <ButtonRow>
        <button
          type="button"
          ref={copy}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(secret);
              setCopied('Copied to the clipboard.');
            } catch {
              const range = document.createRange();
              if (code.current) range.selectNodeContents(code.current);
              const selection = window.getSelection();
              selection?.removeAllRanges();
              selection?.addRange(range);
              setCopied('Selected: press Ctrl+C (⌘C on a Mac) to copy it.');
            }
          }}
        >
          Copy
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => webhooks.getState().dismissSecret()}
        >
          I have saved it
        </button>
        <span className="muted" role="status">
          {copied}
        </span>
      </ButtonRow>
      <details className="receiver">
        <summary>A receiver that verifies it, in plain Node</summary>
        <p>
          Save this as <code>receiver.mjs</code> and run{' '}
          <code data-testid="receiver-command">{receiverCommand(secret)}</code>; it prints each
          event it verifies and refuses anything else.
        </p>
        <pre>
          <code data-testid="receiver-snippet">{NODE_RECEIVER}</code>
        </pre>
      </details>
      {sandbox && eventType ? (
        <ButtonRow>
          <button
            type="button"
            className="secondary"
            onClick={() => void webhooks.getState().sendTest(eventType)}
          >
            Send test event
          </button>
          <span className="muted" role="status" data-testid="test-event-notice">
            {testNotice}
          </span>
        </ButtonRow>
      ) : null}
    </div>
  );
}

function Endpoint({ subscription: s }: { subscription: Subscription }) {
  const { webhooks } = useDashboard();
  const open = useWebhooks((st) => Boolean(st.open[s.id]));
  const deliveries = useWebhooks((st) => st.deliveries[s.id]);
  const error = useWebhooks((st) => st.itemErrors[s.id] ?? '');
  const notice = useWebhooks((st) => st.itemNotices[s.id] ?? '');
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const logId = `deliveries-${s.id}`;
  return (
    <li data-webhook-id={s.id} data-testid="webhook">
      <div className="h-url">{s.url}</div>
      <div className="muted">
        {s.eventTypes.join(', ')}
        {s.description ? ` · ${s.description}` : ''} · added {formatWhen(s.createdAt)}
      </div>
      <ButtonRow>
        <button
          type="button"
          className="secondary small"
          aria-expanded={open}
          aria-controls={logId}
          aria-label={`${open ? 'Hide' : 'Show'} deliveries for ${s.url}`}
          onClick={() => webhooks.getState().toggle(s.id)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button
          type="button"
          className="danger-outline small"
          aria-label={`Delete endpoint ${s.url}`}
          ref={deleteButton}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      </ButtonRow>
      {confirming ? (
        <ConfirmBox
          message={`Delete the endpoint ${s.url}? It gets no more events, and deliveries still queued for it are dropped.`}
          yes="Yes, delete it"
          no="Keep it"
          onYes={() => webhooks.getState().remove(s.id)}
          onNo={() => {
            setConfirming(false);
            deleteButton.current?.focus();
          }}
        />
      ) : null}
      <Notice kind="ok">{notice}</Notice>
      <Notice kind="error">{error}</Notice>
      {open ? (
        <div className="deliveries" id={logId} data-testid="deliveries">
          <Table
            caption={`Deliveries to ${s.url}`}
            columns={['Time', 'Event', 'Status', num('Attempts'), 'Last response', 'Action']}
          >
            {(deliveries ?? []).map((d) => (
              <DeliveryRow key={d.id} delivery={d} subscriptionId={s.id} />
            ))}
          </Table>
          {deliveries && deliveries.length === 0 ? (
            <p className="muted">
              No deliveries yet. One appears here each time an event this endpoint subscribes to
              happens.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A delivery, expandable to every attempt made (when, the answer or why none came, how long). */
export function DeliveryRow({
  delivery: d,
  subscriptionId,
}: {
  delivery: Delivery;
  subscriptionId: string;
}) {
  const { webhooks } = useDashboard();
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const attemptsId = `attempts-${d.id}`;
  return (
    <Fragment>
      <tr data-delivery-id={d.id} data-testid="delivery">
        <td className="time" title={`Queued ${formatDateTime(d.createdAt)}`}>
          {formatWhen(d.deliveredAt ?? d.createdAt)}
        </td>
        <td>
          {d.eventType}
          {d.tamper ? <span className="muted"> · test, forged {d.tamper}</span> : null}
        </td>
        <td>
          <span
            className={`status delivery-${d.status}`}
            data-testid="delivery-status"
            data-status={d.status}
          >
            {DELIVERY_LABEL[d.status]}
          </span>
        </td>
        <td className="num">
          {d.attemptLog.length > 0 ? (
            <button
              type="button"
              className="secondary small"
              aria-expanded={expanded}
              aria-controls={attemptsId}
              data-testid="attempts-toggle"
              aria-label={`${expanded ? 'Hide' : 'Show'} the ${d.attempts} attempt${d.attempts === 1 ? '' : 's'} of ${d.eventType} ${d.eventId}`}
              onClick={() => setExpanded(!expanded)}
            >
              {d.attempts}
            </button>
          ) : (
            d.attempts
          )}
        </td>
        <td>{lastResponse(d)}</td>
        <td>
          <button
            type="button"
            className="secondary small"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await webhooks.getState().resend(subscriptionId, d.id);
              } finally {
                setBusy(false);
              }
            }}
          >
            Resend
          </button>
        </td>
      </tr>
      {expanded ? (
        <tr className="attempts" id={attemptsId}>
          <td colSpan={6}>
            <ol aria-label={`Attempts of ${d.eventId}`} data-testid="delivery-attempts">
              {d.attemptLog.map((a, i) => (
                <li key={i} data-testid="delivery-attempt">
                  <span title={formatDateTime(a.at)}>{formatWhen(a.at)}</span> · {attemptAnswer(a)}{' '}
                  · {a.durationMs} ms
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
