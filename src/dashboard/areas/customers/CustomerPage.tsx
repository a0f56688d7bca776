/**
 * One customer (/dashboard/customers/{id}): their details (only changed fields are sent), their
 * metadata, their saved cards (masked) with card metadata, a card-saving link, charging a saved
 * card, and their charges live, with capture or cancel of an authorisation.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { formatDateTime, formatPounds, formatWhen } from '../../../shared/format';
import type { SavedCard } from '../../../shared/contract/cards';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { StatusBadge } from '../../components/StatusBadge';
import { useCustomers, useDashboard, useRouter } from '../../context';
import {
  CANCEL_REASONS,
  CAPTURE_TYPES,
  NO_PROBLEMS,
  canSettle,
  cancelProblems,
  captureTypeOf,
  cardLabel,
  formOf,
  rowsOf,
  type CustomerForm,
  type MetadataRow,
  type Problems,
} from '../../lib/customers';
import { pageNumberFromQuery, pageQuery } from '../../lib/paging';
import type { ChargeInput } from '../../store/customers';
import { CustomerFields } from './CustomerFields';
import { CustomerLink, MessagesPanel } from './CustomersArea';
import { Dialog, Field, FieldError, MetadataTable } from './parts';

export function CustomerPage({ customerId }: { customerId: string }) {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => (s.customerId === customerId ? s.customer : null));
  const error = useCustomers((s) => s.detailError);
  const router = useRouter();
  const query = useStore(router.store, (s) => s.query);
  // The address leads (a reload, back, a bookmark): it holds the page of charges shown.
  useEffect(
    () => customers.getState().open(customerId, pageNumberFromQuery(query)),
    [customers, customerId, query],
  );
  // The charges' own moves (Newer, Older, past the last page) follow into the address.
  useEffect(
    () =>
      customers.subscribe((now, before) => {
        if (now.customerId === customerId && now.chargesPageNumber !== before.chargesPageNumber)
          router.setQuery({ page: pageQuery(now.chargesPageNumber) });
      }),
    [customers, customerId, router],
  );
  return (
    <>
      <p>
        <CustomerLink id="">← All customers</CustomerLink>
      </p>
      <section className="card wide" aria-labelledby="customer-title">
        <h1 id="customer-title">{customer ? customer.fullName : 'Customer'}</h1>
        <Notice kind="error">{error}</Notice>
        {customer ? (
          <p className="muted">
            Added {formatDateTime(customer.createdAt)} · id <code>{customer.id}</code>
          </p>
        ) : error ? null : (
          <p className="muted">Loading…</p>
        )}
        {customer ? <EditDetails key={customer.id} /> : null}
      </section>
      {customer ? (
        <>
          <CustomerMetadata key={`m-${customer.id}`} />
          <Cards />
          <Charges />
          <MessagesPanel customerId={customer.id} />
        </>
      ) : null}
    </>
  );
}

function EditDetails() {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => s.customer)!;
  const [form, setForm] = useState<CustomerForm>(() => formOf(customer));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      autoComplete="off"
      aria-labelledby="details-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setDone('');
        const answer = await customers.getState().update(form);
        setBusy(false);
        setProblems(answer);
        if (!answer.message && answer.changed !== undefined)
          setDone(answer.changed ? 'Saved.' : 'Nothing changed.');
      }}
    >
      <h2 id="details-title">Details</h2>
      <CustomerFields prefix="edit" form={form} errors={problems.fields} onChange={setForm} />
      <Notice kind="error">{problems.message}</Notice>
      <Notice kind="ok">{done}</Notice>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save details
        </button>
      </div>
    </form>
  );
}

function CustomerMetadata() {
  const { customers } = useDashboard();
  const customer = useCustomers((s) => s.customer)!;
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(customer.metadata));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  return (
    <section className="card wide" aria-labelledby="cmeta-title">
      <h2 id="cmeta-title">Customer metadata</h2>
      <p className="muted">
        Add or change a key, or remove one. Saving sends only what changed; other keys stay.
      </p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setDone('');
          const answer = await customers.getState().saveMetadata(rows);
          setProblems(answer);
          if (!answer.message && Object.keys(answer.fields).length === 0) {
            setDone('Metadata saved.');
            setRows(rowsOf(customers.getState().customer?.metadata ?? {}));
          }
        }}
      >
        <MetadataTable
          idPrefix="customer-metadata"
          rows={rows}
          onChange={setRows}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <Notice kind="ok">{done}</Notice>
        <div className="actions">
          <button type="submit">Save metadata</button>
        </div>
      </form>
    </section>
  );
}

function Cards() {
  const { sandbox } = useDashboard();
  const cards = useCustomers((s) => s.cards);
  const [dialog, setDialog] = useState<
    { kind: 'charge' | 'meta'; card: SavedCard } | { kind: 'link' } | null
  >(null);
  return (
    <section className="card wide" aria-labelledby="cards-title">
      <div className="head">
        <h2 id="cards-title">Saved cards</h2>
        <button type="button" onClick={() => setDialog({ kind: 'link' })}>
          Send a card-saving link
        </button>
      </div>
      <p className="muted">Only the brand and last four digits are kept; never the number.</p>
      {cards && cards.length === 0 ? <p className="muted">No saved cards yet.</p> : null}
      <ul className="list" aria-label="Saved cards">
        {(cards ?? []).map((card) => (
          <li key={card.id} data-testid="saved-card">
            <div className="t-name">{cardLabel(card)}</div>
            <div className="muted">
              {card.name} · {card.country} · saved {formatWhen(card.createdAt)}
              {Object.keys(card.metadata).length
                ? ` · ${Object.entries(card.metadata)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ')}`
                : ''}
            </div>
            <div className="actions">
              <button
                type="button"
                className="small"
                aria-label={`Charge ${cardLabel(card)}`}
                onClick={() => setDialog({ kind: 'charge', card })}
              >
                Charge
              </button>
              <button
                type="button"
                className="secondary small"
                aria-label={`Edit metadata of ${cardLabel(card)}`}
                onClick={() => setDialog({ kind: 'meta', card })}
              >
                Edit metadata
              </button>
            </div>
          </li>
        ))}
      </ul>
      {sandbox ? <TestCard /> : null}
      {dialog?.kind === 'charge' ? (
        <ChargeDialog card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'meta' ? (
        <CardMetadataDialog card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'link' ? <LinkDialog onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

/** Sandbox only: save a test card without a browser (POST /api/sandbox/customers/{id}/cards). */
function TestCard() {
  const { customers } = useDashboard();
  const [number, setNumber] = useState('4242 4242 4242 4242');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [done, setDone] = useState('');
  return (
    <form
      noValidate
      className="inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setDone('');
        const answer = await customers.getState().saveTestCard(number);
        setProblems(answer);
        if (!answer.message && !Object.keys(answer.fields).length) setDone('Test card saved.');
      }}
    >
      <h3>Save a test card (sandbox)</h3>
      <Field
        id="test-card-number"
        label="Test card number"
        hint="See the test cards in docs/customers.md: 4000 0000 0000 0341 authorises but fails capture."
        error={problems.fields.number}
      >
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        )}
      </Field>
      <Notice kind="error">{problems.message}</Notice>
      <Notice kind="ok">{done}</Notice>
      <div className="actions">
        <button type="submit" className="secondary">
          Save test card
        </button>
      </div>
    </form>
  );
}

function LinkDialog({ onClose }: { onClose: () => void }) {
  const { customers } = useDashboard();
  const [send, setSend] = useState(true);
  const [success, setSuccess] = useState('');
  const [failure, setFailure] = useState('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [url, setUrl] = useState('');
  return (
    <Dialog title="Send a card-saving link" onClose={onClose} testId="link-dialog">
      <p className="muted">
        The customer opens the link, enters a card and passes 3D Secure. No money moves. The link
        works once, for 24 hours. It goes by email, or by SMS when the customer has no email.
      </p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setUrl('');
          const answer = await customers.getState().sendLink({
            send,
            successRedirectUrl: success,
            failureRedirectUrl: failure,
          });
          setProblems(answer);
          if (answer.url) setUrl(answer.url);
        }}
      >
        <Field
          id="link-send"
          label="Send it to the customer"
          error={problems.fields.sendLinkToCustomer}
        >
          {(props) => (
            <input
              {...props}
              type="checkbox"
              checked={send}
              onChange={(e) => setSend(e.target.checked)}
            />
          )}
        </Field>
        <Field
          id="link-success"
          label="After saving, go to (optional)"
          error={problems.fields.successRedirectUrl}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              value={success}
              onChange={(e) => setSuccess(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="link-failure"
          label="After a failure, go to (optional)"
          error={problems.fields.failureRedirectUrl}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              value={failure}
              onChange={(e) => setFailure(e.target.value)}
            />
          )}
        </Field>
        <Notice kind="error">{problems.message}</Notice>
        {url ? (
          <p className="ok" role="status">
            {send ? 'Sent. ' : ''}The link: <code data-testid="hosted-page-url">{url}</code>
          </p>
        ) : null}
        <div className="actions">
          <button type="submit">{send ? 'Send link' : 'Make link'}</button>
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CardMetadataDialog({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const { customers } = useDashboard();
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(card.metadata));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  return (
    <Dialog title={`Metadata of ${cardLabel(card)}`} onClose={onClose} testId="card-meta-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const answer = await customers.getState().saveCardMetadata(card.id, rows);
          setProblems(answer);
          if (!answer.message && !Object.keys(answer.fields).length) onClose();
        }}
      >
        <MetadataTable
          idPrefix="card-metadata"
          rows={rows}
          onChange={setRows}
          error={problems.fields.metadata}
        />
        <Notice kind="error">{problems.message}</Notice>
        <div className="actions">
          <button type="submit">Save card metadata</button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ChargeDialog({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const { customers } = useDashboard();
  const [input, setInput] = useState<ChargeInput>({
    paymentMethodId: card.id,
    captureType: 'AUTO_CAPTURE',
    amount: '',
    orderId: '',
    notes: '',
  });
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={`Charge ${cardLabel(card)}`} onClose={onClose} testId="charge-dialog">
      <form
        noValidate
        autoComplete="off"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const answer = await customers.getState().charge(input);
          setBusy(false);
          setProblems(answer);
          if (answer.id) onClose();
        }}
      >
        <fieldset
          aria-describedby={problems.fields.captureType ? 'charge-capture-error' : undefined}
        >
          <legend>Capture</legend>
          {CAPTURE_TYPES.map(([type, label]) => (
            <label className="choice" key={type}>
              <input
                type="radio"
                name="captureType"
                value={type}
                checked={input.captureType === type}
                onChange={() => setInput({ ...input, captureType: type })}
              />{' '}
              {label}
            </label>
          ))}
          <FieldError id="charge-capture">{problems.fields.captureType}</FieldError>
        </fieldset>
        <Field
          id="charge-amount"
          label="Amount (£)"
          hint="At least £1.00."
          error={problems.fields.amount}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={input.amount}
              onChange={(e) => setInput({ ...input, amount: e.target.value })}
            />
          )}
        </Field>
        <Field
          id="charge-order"
          label="Order id"
          hint="1 to 50 characters."
          error={problems.fields.orderId}
        >
          {(props) => (
            <input
              {...props}
              value={input.orderId}
              onChange={(e) => setInput({ ...input, orderId: e.target.value })}
            />
          )}
        </Field>
        <Field
          id="charge-notes"
          label="Notes (optional)"
          hint="Up to 30 characters."
          error={problems.fields.notes}
        >
          {(props) => (
            <input
              {...props}
              value={input.notes}
              onChange={(e) => setInput({ ...input, notes: e.target.value })}
            />
          )}
        </Field>
        {problems.fields.paymentMethodId ? (
          <p className="error">{problems.fields.paymentMethodId}</p>
        ) : null}
        <Notice kind="error">{problems.message}</Notice>
        <div className="actions">
          <button type="submit" disabled={busy}>
            Charge card
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Charges() {
  const { customers } = useDashboard();
  const charges = useCustomers((s) => s.charges);
  const pageNumber = useCustomers((s) => s.chargesPageNumber);
  const [dialog, setDialog] = useState<{
    kind: 'capture' | 'cancel';
    payment: PaymentStatusRecord;
  } | null>(null);
  return (
    <section className="card wide" aria-labelledby="charges-title">
      <h2 id="charges-title">Charges</h2>
      <p className="muted">This customer’s payments, newest first. Statuses update live.</p>
      {charges && charges.data.length === 0 ? <p className="muted">No charges yet.</p> : null}
      {charges && charges.data.length > 0 ? (
        <div className="table-wrap">
          <table data-testid="charges">
            <caption className="visually-hidden">Charges to this customer</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Order</th>
                <th scope="col">Card</th>
                <th scope="col">Capture</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Paid
                </th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {charges.data.map((p) => {
                const card = p.transactions.find((t) => t.cardPaymentDetails)?.cardPaymentDetails;
                return (
                  <tr key={p.paymentRequestId} data-testid="charge" data-order={p.orderId}>
                    <td title={formatDateTime(p.createdAt)}>{formatWhen(p.createdAt)}</td>
                    <td>
                      {p.orderId}
                      {p.notes ? <div className="muted">{p.notes}</div> : null}
                    </td>
                    <td>{card ? `${card.brand ?? ''} ${card.maskedCardNumber}`.trim() : '—'}</td>
                    <td>{captureTypeOf(p) ?? '—'}</td>
                    <td className="num">{formatPounds(p.amount, p.currency)}</td>
                    <td className="num">{formatPounds(p.paidAmount, p.currency)}</td>
                    <td>
                      <StatusBadge status={p.status} detail={p.errorDescription} />
                      {p.errorDescription ? (
                        <div className="muted">{p.errorDescription}</div>
                      ) : null}
                    </td>
                    <td>
                      {canSettle(p) ? (
                        <div className="actions">
                          <button
                            type="button"
                            className="small"
                            aria-label={`Capture ${p.orderId}`}
                            onClick={() => setDialog({ kind: 'capture', payment: p })}
                          >
                            Capture
                          </button>
                          <button
                            type="button"
                            className="danger-outline small"
                            aria-label={`Cancel ${p.orderId}`}
                            onClick={() => setDialog({ kind: 'cancel', payment: p })}
                          >
                            Cancel
                          </button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {charges && charges.totalCount > 0 ? (
        <Pager
          label="Charge pages"
          page={charges}
          rangeTestId="charges-range"
          onNewer={() => customers.getState().showCharges(Math.max(0, pageNumber - 1))}
          onOlder={() => customers.getState().showCharges(pageNumber + 1)}
        />
      ) : null}
      {dialog?.kind === 'capture' ? (
        <CaptureDialog payment={dialog.payment} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelDialog payment={dialog.payment} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}

/** Capture the whole authorisation or a lower amount, after a confirmation. */
function CaptureDialog({
  payment,
  onClose,
}: {
  payment: PaymentStatusRecord;
  onClose: () => void;
}) {
  const { customers } = useDashboard();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const whole = formatPounds(payment.amount, payment.currency);
  const shown = amount.trim() ? `£${amount.trim().replace(/^£/, '')}` : whole;
  return (
    <Dialog title={`Capture ${payment.orderId}`} onClose={onClose} testId="capture-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!confirming) {
            setConfirming(true);
            return;
          }
          setBusy(true);
          const answer = await customers.getState().capture(payment.paymentRequestId, amount);
          setBusy(false);
          setProblems(answer);
          setConfirming(false);
          if (answer.result) onClose();
        }}
      >
        <Field
          id="capture-amount"
          label="Amount to capture (£, optional)"
          hint={`Leave empty to capture the whole ${whole}, or enter a lower amount.`}
          error={problems.fields.amount}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={amount}
              disabled={confirming}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Notice kind="error">{problems.message}</Notice>
        {confirming ? (
          <p className="confirm" role="status">
            Capture {shown} of {whole}? The rest of the hold is released.
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {confirming ? 'Yes, capture' : 'Capture'}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => (confirming ? setConfirming(false) : onClose())}
          >
            {confirming ? 'Go back' : 'Close'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Release the authorisation with a reason (a description is required for Other). */
function CancelDialog({ payment, onClose }: { payment: PaymentStatusRecord; onClose: () => void }) {
  const { customers } = useDashboard();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={`Cancel ${payment.orderId}`} onClose={onClose} testId="cancel-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!confirming) {
            // Checked before asking, so "Other" without a description is caught at once.
            const check = cancelProblems(reason, description);
            setProblems(check);
            if (!Object.keys(check.fields).length) setConfirming(true);
            return;
          }
          setBusy(true);
          const answer = await customers
            .getState()
            .cancel(payment.paymentRequestId, reason, description);
          setBusy(false);
          setProblems(answer);
          setConfirming(false);
          if (answer.result) onClose();
        }}
      >
        <Field
          id="cancel-reason"
          label="Reason (optional)"
          error={problems.fields.cancelledReasonCode}
        >
          {(props) => (
            <select
              {...props}
              value={reason}
              disabled={confirming}
              onChange={(e) => setReason(e.target.value)}
            >
              <option value="">No reason given</option>
              {CANCEL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="cancel-description"
          label={reason === 'Other' ? 'Description' : 'Description (optional)'}
          hint="Up to 60 characters; needed when the reason is Other."
          error={problems.fields.cancelledReasonDescription}
        >
          {(props) => (
            <input
              {...props}
              value={description}
              disabled={confirming}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Notice kind="error">{problems.message}</Notice>
        {confirming ? (
          <p className="confirm" role="status">
            Cancel the authorisation of {formatPounds(payment.amount, payment.currency)}? The hold
            on the customer’s card is released; it cannot be captured afterwards.
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className={confirming ? 'danger' : ''} disabled={busy}>
            {confirming ? 'Yes, cancel it' : 'Cancel authorisation'}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => (confirming ? setConfirming(false) : onClose())}
          >
            {confirming ? 'Go back' : 'Keep it'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
