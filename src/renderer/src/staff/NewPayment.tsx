import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from 'react';
import { basketTotalPence } from '../../../shared/basket';
import { formatPence } from '../../../shared/money';
import type { StartPaymentResult } from '../../../shared/bridge';
import type { FormError } from '../lib/form-errors';
import { keyToEntryAction, type EntryAction } from '../lib/keypad-entry';
import { keypadLimit, overLimitMessage, type KeypadLimit } from '../lib/keypad-limit';
import { recentPayments } from '../lib/recent-payments';
import { runCommand } from '../lib/run-command';
import { UNUSUAL_FACTOR, unusualAmount, type UnusualAmount } from '../lib/unusual-amount';
import { useBridge, useKiosk } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';
import { CashTender } from './CashTender';
import { ConfirmDialog } from './ConfirmDialog';
import { Keypad } from './Keypad';
import { MethodChoice } from './MethodChoice';
import { NOTE_MAX, NoteField } from './NoteField';
import { ordinal, QueueNextDialog } from './Queue';

/** How many of the latest payments say what this shop usually takes. */
const USUAL_SAMPLE = 50;

/** What staff are told when the payment they started waits for the one on the display. */
export function queuedNotice(position: number): string {
  return (
    `Queued, ${ordinal(position)} in line: it starts on the customer display when the current ` +
    'payment ends, and the customer’s 3 minutes to pay start then.'
  );
}
/** What staff are told while the customer chooses their tip on the display. */
const TIP_NOTICE =
  'The customer is choosing a tip on the display; the QR code follows. Skip tip to go straight to it.';
function startNotice(result: StartPaymentResult): string | null {
  if (result.queued === true) return queuedNotice(result.position);
  return result.queued === 'tip' ? TIP_NOTICE : null;
}
const LABELS = { amountPence: 'The amount', notes: 'The note', lines: 'The basket' };

/** Keys typed into a text field, a select or with a modifier are not the keypad's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

export function NewPayment({ disabled }: { disabled: boolean }) {
  const bridge = useBridge();
  const keyed = usePaymentDraft((draft) => draft.pence);
  const lines = usePaymentDraft((draft) => draft.lines);
  /** With a basket, the amount is its total and the keypad rests. */
  const basket = lines.length > 0;
  const pence = basket ? basketTotalPence(lines) : keyed;
  const method = usePaymentDraft((draft) => draft.method);
  const notes = usePaymentDraft((draft) => draft.notes);
  const setMethod = (value: typeof method) => usePaymentDraft.setState({ method: value });
  const setNotes = (value: string) => usePaymentDraft.setState({ notes: value });
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [unusual, setUnusual] = useState<
    (UnusualAmount & { pence: number; queue: boolean }) | null
  >(null);
  const maxPence = useKiosk((view) => view.kiosk?.maxPence ?? null);
  const central = useKiosk((view) => view.kiosk?.central ?? null);
  const limit = keypadLimit(maxPence, central);
  const keyLimit = limit.pence;
  const { live, waiting, queues } = useDisplayLine();
  const [queueing, setQueueing] = useState<number | null>(null);
  const [tendering, setTendering] = useState(false);

  const { press, refusedKey, setRefusedKey } = useKeypadPress(keyLimit, setError);

  // Over the terminal's (or the merchant's keypad) limit, staff are told as they key it in. Start
  // still asks the core, which reads the terminal's limit again before refusing (it may just
  // have been raised on the dashboard).
  const overLimit = overLimitMessage(limit, pence);
  const shownError: FormError | null = overLimit
    ? { field: 'amountPence', message: overLimit }
    : error;

  /**
   * Starts the payment, asking first when it is far above the usual and, while another payment is
   * on the display, whether staff really mean to queue a second one (a mis-tap would charge twice).
   */
  async function start(confirmed: { unusual?: boolean; queue?: boolean } = {}) {
    if (busy) return;
    setRefusedKey(false);
    if (pence === 0) {
      setError({ field: 'amountPence', message: 'Key in the amount to charge first.' });
      return;
    }
    if (notes.length > NOTE_MAX) {
      setError({ field: 'notes', message: `Shorten the note to ${NOTE_MAX} characters.` });
      return;
    }
    if (queues && !confirmed.queue && method !== 'CASH') {
      setError(null);
      setQueueing(pence);
      return;
    }
    // Cash is taken at once, whatever is on the display: staff key what was handed over next.
    if (method === 'CASH') return setTendering(true);
    setBusy(true);
    setError(null);
    if (!confirmed.unusual) {
      // Far above what this shop usually takes: a slipped finger, asked about before it starts.
      const recent = await recentPayments(bridge, { limit: USUAL_SAMPLE });
      const usual = recent.filter((p) => p.status === 'COMPLETED').map((p) => p.amountPence);
      const found = unusualAmount(pence, usual);
      if (found) {
        setBusy(false);
        setUnusual({ ...found, pence, queue: confirmed.queue ?? false });
        return;
      }
    }
    const outcome = await runCommand(
      bridge,
      {
        type: 'startPayment',
        amountPence: pence,
        paymentMethod: method,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(basket ? { lines } : {}),
      },
      LABELS,
    );
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    usePaymentDraft.getState().clearEntry();
    const result = outcome.result;
    usePaymentDraft.setState({ notice: startNotice(result) });
  }

  useKeyboardEntry(disabled, {
    onKey: press,
    onEnter: () => void start(),
    onEscape: () => {
      press({ type: 'clear' });
      setError(null);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void start();
  }
  return (
    <>
      <form className="card new-payment" onSubmit={submit} aria-label="New payment">
        <AmountDisplay
          pence={pence}
          onClear={() => {
            press({ type: 'clear' });
            setError(null);
          }}
        />
        <EntryMessage
          error={shownError?.field === 'notes' ? null : shownError}
          refusedKey={refusedKey}
          limit={limit}
        />
        <Keypad onKey={press} />
        <fieldset className="field">
          <legend className="sr-only">Payment method</legend>
          <MethodChoice value={method} onChange={setMethod} />
        </fieldset>
        <NoteField
          id="payment-note"
          label="Note for the customer (optional)"
          labelHidden
          placeholder="Note for the customer (optional)"
          value={notes}
          onChange={setNotes}
          error={shownError}
          testId="payment-note"
        />
        <StartButton queues={queues} cash={method === 'CASH'} busy={busy} disabled={disabled} />
      </form>
      {/* Outside the form: its own form's submit must not bubble into Start payment's. */}
      {queueing !== null && (
        <QueueNextDialog
          pence={queueing}
          live={live}
          waiting={waiting}
          onCancel={() => setQueueing(null)}
          onConfirm={() => {
            setQueueing(null);
            void start({ queue: true });
          }}
        />
      )}
      {tendering && <CashTender pence={pence} onClose={() => setTendering(false)} />}
      {unusual && (
        <UnusualAmountDialog
          unusual={unusual}
          onCancel={() => setUnusual(null)}
          onConfirm={() => {
            setUnusual(null);
            void start({ unusual: true, queue: unusual.queue });
          }}
        />
      )}
    </>
  );
}

/** A keypad or keyboard key: one that would pass the terminal's limit is refused, gently. */
function useKeypadPress(keyLimit: number, setError: Dispatch<SetStateAction<FormError | null>>) {
  const dispatch = usePaymentDraft((draft) => draft.key);
  const [refusedKey, setRefusedKey] = useState(false);
  function press(action: EntryAction) {
    if (usePaymentDraft.getState().lines.length > 0) {
      if (action.type === 'clear') return; // Esc: nothing on the keypad to clear
      setError({
        field: 'amountPence',
        message: 'The basket sets the amount: edit or remove its lines to change it.',
      });
      return;
    }
    const taken = dispatch(action, keyLimit);
    setRefusedKey(!taken);
    setError((current) => (current?.field === 'amountPence' ? null : current));
  }
  return { press, refusedKey, setRefusedKey };
}

/**
 * The payment live on the customer display (not yet final) and how many wait for it: a payment
 * started now would queue behind them. One whose outcome the display is still showing ("Paid")
 * is not live: the next customer's payment follows it within seconds, as at any till.
 */
function useDisplayLine() {
  const active = useKiosk((view) => view.kiosk?.active ?? null);
  const waiting = useKiosk(
    (view) => (view.kiosk?.queue.length ?? 0) + (view.kiosk?.held.length ?? 0),
  );
  const live = active && !active.final ? active : null;
  return { live, waiting, queues: live !== null || waiting > 0 };
}

/**
 * Start payment, or, while a payment is on the display, "Queue next payment": the payment there
 * is what matters then, so the keypad's button says it only queues and steps back from primary.
 */
function StartButton({
  queues: displayBusy,
  cash,
  busy,
  disabled,
}: {
  queues: boolean;
  cash: boolean;
  busy: boolean;
  disabled: boolean;
}) {
  // Cash never waits for the display: it is taken at once, so it never queues.
  const queues = displayBusy && !cash;
  const label = cash
    ? 'Take cash'
    : queues
      ? busy
        ? 'Queuing…'
        : 'Queue next payment'
      : busy
        ? 'Starting…'
        : 'Start payment';
  return (
    <>
      <button
        type="submit"
        className={`button button--xl${queues ? ' button--queue' : ' button--primary'}`}
        data-testid="start-payment"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {label}
      </button>
      <p className="hint">
        Type digits, <kbd>Backspace</kbd> to correct, <kbd>Esc</kbd> to clear, <kbd>Enter</kbd> to{' '}
        {queues ? 'queue' : 'start'}.
      </p>
    </>
  );
}

/**
 * The keyboard as a keypad while Take payment is open (and not disabled): digits and Backspace
 * key in the amount, Esc clears it, Enter starts the payment. Keys typed into a field, with a
 * modifier or while a dialog is open are left alone. The handlers are read at the key, so each
 * sees the render it came from.
 */
function useKeyboardEntry(
  disabled: boolean,
  handlers: { onKey: (action: EntryAction) => void; onEnter: () => void; onEscape: () => void },
) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (disabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === 'Escape') {
        handlersRef.current.onEscape();
        return;
      }
      if (isTyping(event.target)) return;
      if (event.key === 'Enter') {
        // A focused button answers Enter itself.
        if (event.target instanceof HTMLButtonElement) return;
        event.preventDefault();
        handlersRef.current.onEnter();
        return;
      }
      const action = keyToEntryAction(event.key);
      if (!action) return;
      event.preventDefault();
      handlersRef.current.onKey(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [disabled]);
}

/** The amount as keyed in (or the basket's total), large, with its Clear button. */
function AmountDisplay({ pence, onClear }: { pence: number; onClear: () => void }) {
  return (
    <div className="amount">
      <span className="sr-only" id="amount-label">
        Amount to charge
      </span>
      <button
        type="button"
        className="amount__clear"
        data-testid="keypad-clear"
        aria-label="Clear the amount"
        onClick={onClear}
        disabled={pence === 0}
      >
        Clear
      </button>
      <div className="amount__main">
        <output
          className={`amount__value${pence === 0 ? ' amount__value--empty' : ''}`}
          style={{ '--amount-chars': formatPence(pence).length } as CSSProperties}
          data-testid="amount-display"
          aria-labelledby="amount-label"
          aria-live="polite"
          aria-describedby="entry-message"
        >
          {formatPence(pence)}
        </output>
      </div>
    </div>
  );
}

/**
 * One place for what staff need to know about the amount, always the same height, so a message
 * never moves the keypad under a finger: an error, a refused key, or the terminal's limit.
 */
function EntryMessage({
  error,
  refusedKey,
  limit,
}: {
  error: FormError | null;
  refusedKey: boolean;
  limit: KeypadLimit;
}) {
  let message;
  if (error)
    message = (
      <p
        className="entry-message__text entry-message__text--error"
        role="alert"
        id="amount-error"
        data-testid="form-error"
      >
        {error.message}
      </p>
    );
  else if (refusedKey)
    message = (
      <p
        className="entry-message__text entry-message__text--refused"
        role="status"
        data-testid="amount-refused"
      >
        {limit.setBy
          ? `${formatPence(limit.pence)} is the largest keypad amount your merchant set, so that key was not taken.`
          : `${formatPence(limit.pence)} is the largest payment on this terminal, so that key was not taken.`}
      </p>
    );
  else if (limit.setBy)
    message = (
      <p className="entry-message__text" data-testid="amount-limit">
        Largest keypad amount: {formatPence(limit.pence)} ({limit.setBy.toLowerCase()})
      </p>
    );
  else if (limit.terminalPence !== null)
    message = (
      <p className="entry-message__text" data-testid="amount-limit">
        Largest payment on this terminal: {formatPence(limit.terminalPence)}
      </p>
    );

  return (
    <div className="entry-message" id="entry-message" data-testid="entry-message">
      {message}
    </div>
  );
}

/** Far above what this shop usually takes: asked about before it goes on the display. */
function UnusualAmountDialog({
  unusual,
  onCancel,
  onConfirm,
}: {
  unusual: UnusualAmount & { pence: number; queue: boolean };
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Start ${formatPence(unusual.pence)}?`}
      confirmLabel={`Start ${formatPence(unusual.pence)}`}
      cancelLabel="Change the amount"
      testId="unusual-amount"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        {unusual.medianPence === null
          ? `That is more than ${formatPence(unusual.thresholdPence)}, and this kiosk has not taken enough payments yet to know what is usual.`
          : `That is more than ${UNUSUAL_FACTOR} times this shop’s usual payment (${formatPence(unusual.medianPence)} lately).`}{' '}
        Check the amount with the customer before it goes on the display.
      </p>
    </ConfirmDialog>
  );
}
