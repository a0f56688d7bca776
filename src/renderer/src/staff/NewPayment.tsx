import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { StartPaymentResult } from '../../../shared/bridge';
import { overTerminalLimit } from '../../../shared/contract/terminals';
import { formatPence, penceToPounds, poundsToPence } from '../../../shared/money';
import type { FormError } from '../lib/form-errors';
import { keyToEntryAction } from '../lib/keypad-entry';
import { runCommand } from '../lib/run-command';
import { useBridge, useKiosk } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';
import { describedBy, FieldError } from './FieldError';
import { Keypad } from './Keypad';
import { MethodChoice } from './MethodChoice';

const NOTE_MAX = 30;
const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

/** What staff are told when the payment they started waits for the one on the display. */
export function queuedNotice(position: number): string {
  return (
    `Queued, ${ordinal(position)} in line: it starts on the customer display when the current ` +
    'payment ends, and the customer’s 3 minutes to pay start then.'
  );
}
const LABELS = { amount: 'The amount', notes: 'The note' };

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
  const pence = usePaymentDraft((draft) => draft.pence);
  const method = usePaymentDraft((draft) => draft.method);
  const notes = usePaymentDraft((draft) => draft.notes);
  const dispatch = usePaymentDraft((draft) => draft.key);
  const setMethod = (value: typeof method) => usePaymentDraft.setState({ method: value });
  const setNotes = (value: string) => usePaymentDraft.setState({ notes: value });
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const maxAmount = useKiosk((view) => view.kiosk?.maxAmount ?? null);
  const maxPence = maxAmount === null ? null : poundsToPence(maxAmount);

  // Over the terminal's limit, staff are told as they key it in. Start still asks the core, which
  // reads the limit again before refusing (it may just have been raised on the dashboard).
  const overLimit =
    maxPence !== null && pence > maxPence ? `${overTerminalLimit(pence, maxPence)}.` : null;
  const shownError: FormError | null = overLimit ? { field: 'amount', message: overLimit } : error;

  async function start() {
    if (busy) return;
    if (pence === 0) {
      setError({ field: 'amount', message: 'Key in the amount to charge first.' });
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'startPayment',
        amount: penceToPounds(pence),
        paymentMethod: method,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      LABELS,
    );
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    dispatch({ type: 'clear' });
    setNotes('');
    const result = StartPaymentResult.safeParse(outcome.result);
    usePaymentDraft.setState({
      notice: result.success && result.data.queued ? queuedNotice(result.data.position) : null,
    });
  }

  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });

  useEffect(() => {
    if (disabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === 'Escape') {
        dispatch({ type: 'clear' });
        setError(null);
        return;
      }
      if (isTyping(event.target)) return;
      if (event.key === 'Enter') {
        // A focused button answers Enter itself.
        if (event.target instanceof HTMLButtonElement) return;
        event.preventDefault();
        void startRef.current();
        return;
      }
      const action = keyToEntryAction(event.key);
      if (!action) return;
      event.preventDefault();
      dispatch(action);
      setError((current) => (current?.field === 'amount' ? null : current));
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [disabled, dispatch]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void start();
  }

  return (
    <form className="card new-payment" onSubmit={submit} aria-label="New payment">
      <div className="amount">
        <span className="sr-only" id="amount-label">
          Amount to charge
        </span>
        <button
          type="button"
          className="amount__clear"
          data-testid="keypad-clear"
          aria-label="Clear the amount"
          onClick={() => {
            dispatch({ type: 'clear' });
            setError(null);
          }}
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
            aria-describedby={describedBy(shownError, 'amount', 'amount-error')}
          >
            {formatPence(pence)}
          </output>
          {maxPence !== null && (
            <p className="amount__limit" data-testid="amount-limit">
              Largest payment on this terminal: {formatPence(maxPence)}
            </p>
          )}
        </div>
      </div>
      <FieldError error={shownError} field="amount" id="amount-error" />
      <Keypad
        onKey={(action) => {
          dispatch(action);
          if (error?.field === 'amount') setError(null);
        }}
      />
      <fieldset className="field">
        <legend className="sr-only">Payment method</legend>
        <MethodChoice value={method} onChange={setMethod} />
      </fieldset>
      <div className="field">
        <label className="sr-only" htmlFor="payment-note">
          Note for the customer (optional)
        </label>
        <div className="note">
          <input
            id="payment-note"
            className="input"
            type="text"
            value={notes}
            maxLength={NOTE_MAX}
            placeholder="Note for the customer (optional)"
            autoComplete="off"
            aria-describedby={`note-count${shownError?.field === 'notes' ? ' note-error' : ''}`}
            aria-invalid={shownError?.field === 'notes' || undefined}
            onChange={(event) => setNotes(event.target.value)}
          />
          <span className="note__count" id="note-count" aria-live="polite">
            {notes.length}/{NOTE_MAX}
          </span>
        </div>
        <FieldError error={shownError} field="notes" id="note-error" />
      </div>
      <FieldError error={shownError} field={null} />
      <button
        type="submit"
        className="button button--primary button--xl"
        data-testid="start-payment"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Starting…' : 'Start payment'}
      </button>
      <p className="hint">
        Type digits, <kbd>Backspace</kbd> to correct, <kbd>Esc</kbd> to clear, <kbd>Enter</kbd> to
        start.
      </p>
    </form>
  );
}
