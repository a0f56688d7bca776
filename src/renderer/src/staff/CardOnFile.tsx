import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CustomerLookup as CustomerLookupSchema,
  KioskPayment as KioskPaymentSchema,
  type CustomerLookup,
  type KioskPayment,
} from '../../../shared/bridge';
import { formatPounds } from '../lib/format';
import type { FormError } from '../lib/form-errors';
import { CAPTURE_LABEL } from '../lib/labels';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { describedBy, FieldError } from './FieldError';
import { StatusPill } from './StatusPill';

const LOOKUP_LABELS = {
  'query.email': 'Email',
  'query.phone': 'Phone number',
  email: 'Email',
  phone: 'Phone number',
};
const CHARGE_LABELS = { amount: 'Amount', notes: 'Note', paymentMethodId: 'Card' };
const CAPTURE_TYPES = ['MANUAL_CAPTURE', 'AUTO_CAPTURE', 'CAPTURE_BEFORE_EXPIRY'] as const;
type CaptureType = (typeof CAPTURE_TYPES)[number];

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
    const parsed = CustomerLookupSchema.safeParse(outcome.result);
    if (!parsed.success)
      setLookupError({
        field: null,
        message: 'The kiosk sent a customer this window cannot read.',
      });
    else setFound(parsed.data);
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
          <fieldset className="cof-lookup__by">
            <legend className="field__label">Look up by</legend>
            <label className="refund-form__choice">
              <input
                type="radio"
                name={`${id}-by`}
                checked={by === 'email'}
                onChange={() => setBy('email')}
                data-testid="lookup-by-email"
              />
              Email
            </label>
            <label className="refund-form__choice">
              <input
                type="radio"
                name={`${id}-by`}
                checked={by === 'phone'}
                onChange={() => setBy('phone')}
                data-testid="lookup-by-phone"
              />
              Phone number
            </label>
          </fieldset>
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
  const [captureType, setCaptureType] = useState<CaptureType>('MANUAL_CAPTURE');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [charged, setCharged] = useState<KioskPayment | null>(null);
  const { customer, cards } = found;

  // The charge's status follows push, webhook and polling like any payment's.
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

  async function charge(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'chargeSavedCard',
        pin,
        customerId: customer.id,
        paymentMethodId: cardId,
        captureType,
        amount: Number(amount),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      CHARGE_LABELS,
    );
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    const parsed = KioskPaymentSchema.safeParse(outcome.result);
    if (parsed.success) setCharged(parsed.data);
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
        <form className="cof-charge" onSubmit={charge} noValidate>
          <fieldset className="cof-cards">
            <legend className="field__label">Saved card</legend>
            {cards.map((card) => (
              <label key={card.id} className="cof-card" data-testid="cof-card">
                <input
                  type="radio"
                  name={`${id}-card`}
                  value={card.id}
                  checked={cardId === card.id}
                  onChange={() => setCardId(card.id)}
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
          <label className="field">
            <span className="field__label">Amount (£, at least 1)</span>
            <input
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error?.field === 'amount'}
              aria-describedby={describedBy(error, 'amount', `${id}-amount-error`)}
              data-testid="cof-amount"
            />
            <FieldError error={error} field="amount" id={`${id}-amount-error`} />
          </label>
          <label className="field">
            <span className="field__label">Capture</span>
            <select
              className="input"
              value={captureType}
              onChange={(e) => setCaptureType(e.target.value as CaptureType)}
              data-testid="cof-capture-type"
            >
              {CAPTURE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CAPTURE_LABEL[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">
              Note <span className="field__optional">(optional)</span>
            </span>
            <input
              className="input"
              maxLength={30}
              autoComplete="off"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              aria-invalid={error?.field === 'notes'}
              aria-describedby={describedBy(error, 'notes', `${id}-notes-error`)}
              data-testid="cof-notes"
            />
            <FieldError error={error} field="notes" id={`${id}-notes-error`} />
          </label>
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
              {formatPounds(charged.amount, charged.currency)} on{' '}
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
    </section>
  );
}
