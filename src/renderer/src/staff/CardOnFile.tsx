import { useEffect, useId, useState, type FormEvent } from 'react';
import type { BridgeCommand, CustomerLookup, KioskPayment } from '../../../shared/bridge';
import { overTerminalLimit } from '../../../shared/contract/terminals';
import { MAX_PENCE } from '../../../shared/money';
import { formatPence, formatWhen } from '../lib/format';
import { checkCommand, formError, type FormError } from '../lib/form-errors';
import { CAPTURE_LABEL } from '../lib/labels';
import { recentPayments } from '../lib/recent-payments';
import { runCommand } from '../lib/run-command';
import { typedAmount } from '../lib/typed-amount';
import { useBridge, useKiosk } from '../store/context';
import { AmountField } from './AmountField';
import { ChoiceRow } from './ChoiceRow';
import { ConfirmDialog } from './ConfirmDialog';
import { describedBy, FieldError } from './FieldError';
import { NoteField } from './NoteField';
import { StatusPill } from './StatusPill';

const LOOKUP_LABELS = {
  'query.email': 'Email',
  'query.phone': 'Phone number',
  email: 'Email',
  phone: 'Phone number',
};
const CHARGE_LABELS = { amountPence: 'Amount', notes: 'Note', paymentMethodId: 'Card' };
/** "Charge" at a till means take the money now, so that comes first and is the default. */
const CAPTURE_TYPES = ['AUTO_CAPTURE', 'MANUAL_CAPTURE', 'CAPTURE_BEFORE_EXPIRY'] as const;
type CaptureType = (typeof CAPTURE_TYPES)[number];
const DEFAULT_CAPTURE: CaptureType = 'AUTO_CAPTURE';

/**
 * The same customer, card and amount charged again within this long is asked about again, with
 * when the last one was made: a second press of Charge is far likelier a slip than a new sale.
 */
export const REPEAT_CHARGE_WINDOW_MS = 2 * 60_000;
/** Charges that took nothing do not count as the last one. */
const TOOK_NOTHING = new Set(['FAILED', 'CANCELLED', 'EXPIRED']);

type ChargeCommand = Extract<BridgeCommand, { type: 'chargeSavedCard' }>;

/** The charge staff are asked to confirm, and the same one made moments ago, if any. */
interface Asking {
  command: ChargeCommand;
  pence: number;
  card: string;
  last: { payment: KioskPayment; secondsAgo: number } | null;
}

/** The charge in a cashier's words: the button and the question both say exactly this. */
export function chargeWords(captureType: CaptureType, amount: string): string {
  switch (captureType) {
    case 'AUTO_CAPTURE':
      return `Take ${amount} now`;
    case 'MANUAL_CAPTURE':
      return `Hold ${amount}, take later`;
    case 'CAPTURE_BEFORE_EXPIRY':
      return `Hold ${amount}, taken by itself within 7 days`;
  }
}

const CAPTURE_EXPLAINED: Record<CaptureType, string> = {
  AUTO_CAPTURE: 'The money is taken from the card now.',
  MANUAL_CAPTURE:
    'The money is held on the card for up to 7 days and taken only when you capture it from History.',
  CAPTURE_BEFORE_EXPIRY:
    'The money is held on the card and taken by itself before the hold ends (7 days).',
};

const secondsAgo = (iso: string) => Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
const repeatWindowStart = () => new Date(Date.now() - REPEAT_CHARGE_WINDOW_MS).toISOString();

/**
 * Card on file at the counter: one customer by their EXACT email or phone number (the terminal
 * may not list or search customers), their masked saved cards, and a charge of one of them, e.g.
 * a deposit held with MANUAL_CAPTURE and captured or released later from History.
 */
export function CardOnFile({ pin }: { pin: string }) {
  const bridge = useBridge();
  const id = useId();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [value, setValue] = useState('');
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<FormError | null>(null);
  const [found, setFound] = useState<CustomerLookup | null>(null);

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    setLooking(true);
    setLookupError(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'lookupCustomer',
        pin,
        query: by === 'email' ? { email: value.trim() } : { phone: value },
      },
      LOOKUP_LABELS,
    );
    setLooking(false);
    if (!outcome.ok) {
      setFound(null);
      // Whichever field the error names, it is about the one box staff typed in.
      setLookupError({ ...outcome.error, field: outcome.error.field ? 'value' : null });
      return;
    }
    setFound(outcome.result);
  }

  return (
    <div className="card-on-file">
      <section className="card" aria-labelledby={`${id}-find`}>
        <h2 className="card__title" id={`${id}-find`}>
          Find a customer
        </h2>
        <p className="hint">
          By their whole email address or phone number, exactly as they give it. The kiosk cannot
          list or search customers.
        </p>
        <form className="cof-lookup" onSubmit={lookUp} noValidate>
          <ChoiceRow
            legend="Look up by"
            name={`${id}-by`}
            value={by}
            onChange={setBy}
            choices={[
              { value: 'email', label: 'Email', testId: 'lookup-by-email' },
              { value: 'phone', label: 'Phone number', testId: 'lookup-by-phone' },
            ]}
            className="cof-lookup__by"
          />
          <label className="field">
            <span className="field__label">{by === 'email' ? 'Email' : 'Phone number'}</span>
            <input
              className="input"
              type={by === 'email' ? 'email' : 'tel'}
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={lookupError?.field === 'value'}
              aria-describedby={describedBy(lookupError, 'value', `${id}-value-error`)}
              data-testid="lookup-value"
            />
            <FieldError error={lookupError} field="value" id={`${id}-value-error`} />
          </label>
          <FieldError error={lookupError} field={null} />
          <button
            type="submit"
            className="button button--primary"
            disabled={looking || value.trim() === ''}
            data-testid="lookup-submit"
          >
            {looking ? 'Looking up…' : 'Find customer'}
          </button>
        </form>
      </section>
      {found && <ChargeCard key={found.customer.id} found={found} pin={pin} />}
    </div>
  );
}

function ChargeCard({ found, pin }: { found: CustomerLookup; pin: string }) {
  const bridge = useBridge();
  const id = useId();
  const [cardId, setCardId] = useState(found.cards[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [captureType, setCaptureType] = useState<CaptureType>(DEFAULT_CAPTURE);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [charged, setCharged] = useFollowedPayment();
  const [asking, setAsking] = useState<Asking | null>(null);
  const maxPence = useKiosk((view) => view.kiosk?.maxPence ?? MAX_PENCE);
  const { customer, cards } = found;

  /** Checks the form as the core will, then asks staff to confirm exactly what will be charged. */
  async function review(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const typed = typedAmount(amount, CHARGE_LABELS);
    if (!typed.ok) return setError(typed.error);
    const command: ChargeCommand = {
      type: 'chargeSavedCard',
      pin,
      customerId: customer.id,
      paymentMethodId: cardId,
      captureType,
      amountPence: typed.amountPence,
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    const checked = checkCommand(command);
    if (!checked.ok) return setError(formError(checked.error, CHARGE_LABELS));
    const pence = command.amountPence;
    // The terminal's limit, in the same words as the keypad and the service.
    if (pence > maxPence)
      return setError({ field: 'amountPence', message: `${overTerminalLimit(pence, maxPence)}.` });
    const card = cards.find((c) => c.id === cardId);
    if (!card) return;
    setBusy(true);
    const recent = await recentPayments(bridge, {
      limit: 20,
      amountPence: pence,
      from: repeatWindowStart(),
    });
    setBusy(false);
    const last =
      recent.find(
        (p) =>
          p.cardCharge?.customerId === customer.id &&
          p.cardCharge.paymentMethodId === cardId &&
          !TOOK_NOTHING.has(p.status),
      ) ?? null;
    setAsking({
      command,
      pence,
      card: `${card.brand} ending ${card.lastFourDigits}`,
      last: last && { payment: last, secondsAgo: secondsAgo(last.createdAt) },
    });
  }

  async function charge() {
    if (!asking) return;
    setBusy(true);
    setError(null);
    const outcome = await runCommand(bridge, asking.command, CHARGE_LABELS);
    setBusy(false);
    setAsking(null);
    if (!outcome.ok) return setError(outcome.error);
    setCharged(outcome.result);
    // Charged: nothing is left in the form to charge again by pressing the button twice.
    setAmount('');
    setNotes('');
    setCaptureType(DEFAULT_CAPTURE);
  }

  const contact = [
    customer.email,
    customer.phoneNumber &&
      `${customer.phoneCountryCode ? `+${customer.phoneCountryCode} ` : ''}${customer.phoneNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <section className="card" aria-labelledby={`${id}-customer`} data-testid="cof-customer">
      <h2 className="card__title" id={`${id}-customer`}>
        {customer.fullName}
      </h2>
      <p className="muted small">{contact}</p>
      {cards.length === 0 ? (
        <p className="empty" data-testid="cof-no-cards">
          No saved cards. The customer can save one from a card-saving link the merchant sends.
        </p>
      ) : (
        <form className="cof-charge" onSubmit={review} noValidate>
          <SavedCardChoice cards={cards} name={`${id}-card`} value={cardId} onChange={setCardId} />
          <AmountField
            label="Amount (£, at least 1)"
            hint={{
              text: `Largest payment on this terminal: ${formatPence(maxPence)}`,
              testId: 'cof-amount-limit',
            }}
            value={amount}
            onChange={setAmount}
            error={error}
            testId="cof-amount"
          />
          <CaptureField value={captureType} onChange={setCaptureType} />
          <NoteField
            id={`${id}-notes`}
            label="Note (optional)"
            value={notes}
            onChange={setNotes}
            error={error}
            testId="cof-notes"
          />
          <FieldError error={error} field={null} />
          <FieldError error={error} field="paymentMethodId" />
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !cardId}
            data-testid="cof-charge"
          >
            {busy ? 'Charging…' : 'Charge card'}
          </button>
        </form>
      )}
      {asking && (
        <ChargeConfirm
          asking={asking}
          customerName={customer.fullName}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => void charge()}
        />
      )}
      <ChargeResult charged={charged} />
    </section>
  );
}

/**
 * The payment this form charged, kept current: its status follows push, webhook and polling like
 * any payment's.
 */
function useFollowedPayment() {
  const bridge = useBridge();
  const [charged, setCharged] = useState<KioskPayment | null>(null);
  useEffect(
    () =>
      bridge.subscribe((event) => {
        if (event.type === 'paymentChanged')
          setCharged((current) =>
            current && current.paymentRequestId === event.payment.paymentRequestId
              ? event.payment
              : current,
          );
      }),
    [bridge],
  );
  return [charged, setCharged] as const;
}

/** The customer's saved cards, masked: the one to charge. */
function SavedCardChoice({
  cards,
  name,
  value,
  onChange,
}: {
  cards: CustomerLookup['cards'];
  name: string;
  value: string;
  onChange: (cardId: string) => void;
}) {
  return (
    <fieldset className="cof-cards">
      <legend className="field__label">Saved card</legend>
      {cards.map((card) => (
        <label key={card.id} className="cof-card" data-testid="cof-card">
          <input
            type="radio"
            name={name}
            value={card.id}
            checked={value === card.id}
            onChange={() => onChange(card.id)}
          />
          <span>
            <strong>
              {card.brand} ending {card.lastFourDigits}
            </strong>{' '}
            <span className="muted small">
              {card.cardType.toLowerCase()} · expires {card.expiryDate} · {card.name}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function CaptureField({
  value,
  onChange,
}: {
  value: CaptureType;
  onChange: (captureType: CaptureType) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">Capture</span>
      <select
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value as CaptureType)}
        data-testid="cof-capture-type"
      >
        {CAPTURE_TYPES.map((type) => (
          <option key={type} value={type}>
            {CAPTURE_LABEL[type]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Exactly what will be charged, asked again (saying when) if the same charge was just made. */
function ChargeConfirm({
  asking,
  customerName,
  busy,
  onCancel,
  onConfirm,
}: {
  asking: Asking;
  customerName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title={`${chargeWords(asking.command.captureType, formatPence(asking.pence))}?`}
      confirmLabel={
        asking.last
          ? `Charge again: ${chargeWords(asking.command.captureType, formatPence(asking.pence)).toLowerCase()}`
          : chargeWords(asking.command.captureType, formatPence(asking.pence))
      }
      cancelLabel="Don’t charge"
      busy={busy}
      testId="cof-confirm"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        From {customerName}’s {asking.card}. {CAPTURE_EXPLAINED[asking.command.captureType]}
        {asking.command.notes && <> Note: “{asking.command.notes}”.</>}
      </p>
      {asking.last && (
        <p className="cof-repeat" data-testid="cof-repeat">
          This card was already charged {formatPence(asking.pence)} at{' '}
          {formatWhen(asking.last.payment.createdAt)} ({asking.last.secondsAgo} seconds ago), order{' '}
          {asking.last.payment.orderId}. Charge it again only if the customer wants a second charge.
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The charge made, announced, with its status as it changes. */
function ChargeResult({ charged }: { charged: KioskPayment | null }) {
  return (
    <div
      role="status"
      className="cof-result"
      data-testid="cof-result"
      data-payment-request-id={charged?.paymentRequestId}
      data-status={charged?.status}
    >
      {charged && (
        <>
          <p>
            {formatPence(charged.amountPence, charged.currency)} on{' '}
            {charged.cardCharge?.cardLabel ?? 'the card'}, order {charged.orderId}:{' '}
            <StatusPill status={charged.status} />
          </p>
          {charged.status === 'AUTHORIZED' && (
            <p className="hint">
              Held, not yet taken. Capture or release it later from its detail in History.
            </p>
          )}
          {charged.status === 'FAILED' && charged.errorDescription && (
            <p className="form-error">{charged.errorDescription}</p>
          )}
        </>
      )}
    </div>
  );
}
