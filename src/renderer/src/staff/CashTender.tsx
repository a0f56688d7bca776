/**
 * Taking cash at the counter: staff key in what the customer handed over (or press a quick key
 * for a common note, or Exact), see the change due as they do, and take it. The sale is recorded
 * at the service and the drawer opens; a printer that is off leaves the sale recorded, says so,
 * and offers to open the drawer again.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BasketLine, CashSale } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { typedPence } from '../lib/typed-amount';
import { useBridge } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';

/** The notes a customer most often hands over, in pence. */
export const QUICK_NOTES = [500, 1000, 2000, 5000];
const LABELS = {
  tenderedPence: 'The amount tendered',
  amountPence: 'The amount',
  lines: 'The basket',
};

/** Cash for `pence`, with the note and basket staff are keying in (the draft, cleared once taken). */
export function CashTender({ pence, onClose }: { pence: number; onClose: () => void }) {
  const notes = usePaymentDraft((draft) => draft.notes);
  const lines = usePaymentDraft((draft) => draft.lines);
  const ref = useRef<HTMLDialogElement>(null);
  const [sale, setSale] = useState<CashSale | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog cash"
      data-testid="cash-dialog"
      aria-labelledby="cash-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!sale) onClose();
      }}
    >
      {sale ? (
        <CashDone sale={sale} onDone={onClose} />
      ) : (
        <CashEntry
          pence={pence}
          notes={notes}
          lines={lines}
          onCancel={onClose}
          onTaken={(taken) => {
            setSale(taken);
            usePaymentDraft.getState().clearEntry();
          }}
        />
      )}
    </dialog>
  );
}

function CashEntry({
  pence,
  notes,
  lines,
  onCancel,
  onTaken,
}: {
  pence: number;
  notes: string;
  lines: readonly BasketLine[];
  onCancel: () => void;
  onTaken: (sale: CashSale) => void;
}) {
  const bridge = useBridge();
  const [text, setText] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const tendered = typedPence(text);
  const change = tendered !== null && tendered >= pence ? tendered - pence : null;
  /** A new tender: the last refusal was about the one before. */
  const key = (value: string) => {
    setText(value);
    setError(null);
  };

  async function take(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (tendered === null) {
      setError({
        field: 'tenderedPence',
        message: 'Key in what the customer handed over, e.g. 20.00.',
      });
      return;
    }
    if (tendered < pence) {
      setError({
        field: 'tenderedPence',
        message: `${formatPence(tendered)} is less than the ${formatPence(pence)} to pay: nothing was taken.`,
      });
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'takeCash',
        amountPence: pence,
        tenderedPence: tendered,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(lines.length ? { lines: [...lines] } : {}),
      },
      LABELS,
    );
    setBusy(false);
    if (!outcome.ok) setError(outcome.error);
    else onTaken(outcome.result);
  }

  return (
    <form className="dialog__inner cash__form" onSubmit={(event) => void take(event)} noValidate>
      <h2 id="cash-title" className="dialog__title">
        Cash: {formatPence(pence)} to pay
      </h2>
      <div className="cash__keys" role="group" aria-label="Quick amounts">
        <button
          type="button"
          className="button cash__key"
          data-testid="cash-exact"
          onClick={() => key((pence / 100).toFixed(2))}
        >
          Exact
        </button>
        {QUICK_NOTES.map((note) => (
          <button
            key={note}
            type="button"
            className="button cash__key"
            data-testid={`cash-note-${note / 100}`}
            onClick={() => key((note / 100).toFixed(2))}
          >
            {formatPence(note).replace('.00', '')}
          </button>
        ))}
      </div>
      <label className="field" htmlFor="cash-tendered">
        <span className="field__label">Amount tendered</span>
        <input
          id="cash-tendered"
          className="input"
          data-testid="cash-tendered"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby="cash-message"
          onChange={(event) => key(event.target.value)}
        />
      </label>
      <div id="cash-message" className="cash__message">
        {error ? (
          <p className="form-error" role="alert" data-testid="cash-error">
            {error.message}
          </p>
        ) : (
          <p data-testid="cash-change-preview">
            Change due: <strong>{change === null ? '—' : formatPence(change)}</strong>
          </p>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Back
        </button>
        <button
          type="submit"
          className="button button--primary"
          data-testid="cash-take"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Taking…' : 'Take cash'}
        </button>
      </div>
    </form>
  );
}

function CashDone({ sale, onDone }: { sale: CashSale; onDone: () => void }) {
  const bridge = useBridge();
  const [drawer, setDrawer] = useState(sale.drawer);
  const [busy, setBusy] = useState(false);
  const cash = sale.payment.cash;
  async function openAgain() {
    setBusy(true);
    const outcome = await runCommand(
      bridge,
      { type: 'openCashDrawer', paymentRequestId: sale.payment.paymentRequestId },
      {},
    );
    setBusy(false);
    setDrawer(
      outcome.ok ? { opened: true, error: null } : { opened: false, error: outcome.error.message },
    );
  }
  return (
    <div className="dialog__inner cash__done">
      <h2 id="cash-title" className="dialog__title">
        Paid in cash
      </h2>
      <p className="cash__change" data-testid="cash-change">
        Change due <strong>{formatPence(cash?.changePence ?? 0, sale.payment.currency)}</strong>
      </p>
      <p className="cash__facts">
        {formatPence(cash?.tenderedPence ?? sale.payment.paidPence, sale.payment.currency)} tendered
        for {formatPence(sale.payment.amountPence, sale.payment.currency)} · {sale.payment.orderId}
      </p>
      {drawer.opened ? (
        <p role="status" data-testid="drawer-status">
          The drawer is open.
        </p>
      ) : (
        <p className="form-error" role="alert" data-testid="drawer-error">
          {drawer.error}
        </p>
      )}
      <div className="dialog__actions">
        {!drawer.opened && (
          <button
            type="button"
            className="button"
            data-testid="drawer-retry"
            disabled={busy}
            onClick={() => void openAgain()}
          >
            {busy ? 'Opening…' : 'Open drawer again'}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          data-testid="cash-done"
          autoFocus
          onClick={onDone}
        >
          Done
        </button>
      </div>
    </div>
  );
}
