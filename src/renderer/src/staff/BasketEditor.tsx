import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { BasketLine } from '../../../shared/bridge';
import { basketTotalPence, lineTotalPence, MAX_LINE_DESCRIPTION } from '../../../shared/basket';
import { formatPence } from '../../../shared/money';
import { formError, type FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { typedPence } from '../lib/typed-amount';
import { useBridge } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';
import { ApprovalDialog, APPROVAL_FIELD } from './ApprovalDialog';

const LABELS = {
  description: 'The description',
  quantity: 'The quantity',
  unitPence: 'The price',
};

/** The line being keyed in, as typed; `editing` is the line it replaces, if any. */
const EMPTY = { description: '', quantity: '1', price: '', editing: null as number | null };

/** A line's price lowered, waiting for a manager's approval before it is saved. */
interface Waiting {
  reason: string;
  override: { overrideId: string; description: string; fromPence: number; toPence: number };
  line: BasketLine;
  index: number;
}

/**
 * Saving an edited line at a lower price than it had is a price override: the kiosk checks it
 * (a cashier signed in needs a manager's PIN, asked in the approval dialog) and records it with
 * the payment the line is paid in. `save` answers whether the line may be put now.
 */
function usePriceOverride(onSaved: (line: BasketLine, index: number) => void) {
  const bridge = useBridge();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [error, setError] = useState<FormError | null>(null);

  async function ask(override: Waiting['override'], line: BasketLine, index: number) {
    const outcome = await runCommand(
      bridge,
      { type: 'overridePrice', ...override },
      { ...LABELS, [APPROVAL_FIELD]: 'Approval' },
    );
    if (outcome.ok) {
      setWaiting(null);
      onSaved(line, index);
    } else if (outcome.error.field === APPROVAL_FIELD)
      setWaiting({ reason: outcome.error.message, override, line, index });
    else setError(outcome.error);
  }

  function save(line: BasketLine, index: number, before: BasketLine): boolean {
    setError(null);
    if (line.unitPence >= before.unitPence) return true;
    const override = {
      overrideId: crypto.randomUUID(),
      description: line.description,
      fromPence: before.unitPence,
      toPence: line.unitPence,
    };
    void ask(override, line, index);
    return false;
  }

  const dialog = waiting && (
    <ApprovalDialog
      reason={waiting.reason}
      action="price"
      paymentRequestId={waiting.override.overrideId}
      onApproved={() => void ask(waiting.override, waiting.line, waiting.index)}
      onCancel={() => setWaiting(null)}
    />
  );
  return { save, dialog, error };
}

/**
 * The basket: lines of description, quantity and price that make up the amount. Each change goes
 * to the customer display at once (`showBasket`), so the customer sees each line as it is added.
 * Enter adds the line; a line's Edit puts it back in the fields, Remove (or Delete on its row)
 * takes it out. With no lines the keypad sets the amount as before.
 */
export function BasketEditor({ disabled }: { disabled: boolean }) {
  const bridge = useBridge();
  const lines = usePaymentDraft((draft) => draft.lines);
  const [entry, setEntry] = useState(EMPTY);
  const [error, setError] = useState<FormError | null>(null);
  const describe = useRef<HTMLInputElement>(null);

  /**
   * The display follows the basket: sent straight from the key's handler, not from an effect
   * after the console repaints, so the customer sees the line a frame sooner.
   */
  const show = () =>
    void runCommand(bridge, { type: 'showBasket', lines: usePaymentDraft.getState().lines }, {});
  // Leaving Take payment clears the basket (clearEntry), so it comes off the display too.
  useEffect(() => () => void runCommand(bridge, { type: 'showBasket', lines: [] }, {}), [bridge]);

  function add(event?: FormEvent) {
    event?.preventDefault();
    const unitPence = typedPence(entry.price);
    if (unitPence === null) {
      setError({ field: 'unitPence', message: 'Type the price in pounds and pence, e.g. 2.50.' });
      return;
    }
    const parsed = BasketLine.safeParse({
      description: entry.description,
      quantity: Number(entry.quantity),
      unitPence,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      setError(formError({ message: `${field}: ${issue.message}`, field }, LABELS));
      return;
    }
    const before = entry.editing === null ? undefined : lines[entry.editing];
    if (before && !priced.save(parsed.data, entry.editing!, before)) return;
    put(parsed.data, entry.editing ?? undefined);
  }

  function put(line: BasketLine, index: number | undefined) {
    usePaymentDraft.getState().putLine(line, index);
    show();
    setEntry(EMPTY);
    setError(null);
    describe.current?.focus();
  }
  const priced = usePriceOverride(put);

  function edit(index: number) {
    const line = lines[index]!;
    setEntry({
      description: line.description,
      quantity: String(line.quantity),
      price: (line.unitPence / 100).toFixed(2),
      editing: index,
    });
    setError(null);
    describe.current?.focus();
  }

  function remove(index: number) {
    usePaymentDraft.getState().removeLine(index);
    show();
    if (entry.editing !== null) setEntry(EMPTY);
  }

  return (
    <section className="card basket" aria-labelledby="basket-title" data-testid="basket">
      <h2 className="card__title" id="basket-title">
        Basket <span className="basket__optional">(optional: the amount is its total)</span>
      </h2>
      <BasketEntry
        entry={entry}
        onEntry={setEntry}
        invalidField={error?.field}
        describeRef={describe}
        disabled={disabled}
        onAdd={add}
      />
      {(error ?? priced.error) && (
        <p className="form-error" role="alert" data-testid="basket-error">
          {(error ?? priced.error)!.message}
        </p>
      )}
      {priced.dialog}
      {lines.length > 0 && (
        <BasketLines lines={lines} editing={entry.editing} onEdit={edit} onRemove={remove} />
      )}
    </section>
  );
}

type Entry = typeof EMPTY;

/** The line being keyed in: description, quantity and the price of one; Enter adds it. */
function BasketEntry({
  entry,
  onEntry,
  invalidField,
  describeRef,
  disabled,
  onAdd,
}: {
  entry: Entry;
  onEntry: (entry: Entry) => void;
  /** The field the last refused line was refused for. */
  invalidField: string | null | undefined;
  describeRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  onAdd: (event?: FormEvent) => void;
}) {
  const invalid = (field: string) => (invalidField === field ? true : undefined);
  return (
    <form className="basket__entry" onSubmit={onAdd} aria-label="Basket line">
      <label className="sr-only" htmlFor="basket-description">
        Description
      </label>
      <input
        id="basket-description"
        ref={describeRef}
        className="input basket__description"
        placeholder="Item"
        maxLength={MAX_LINE_DESCRIPTION}
        value={entry.description}
        onChange={(e) => onEntry({ ...entry, description: e.target.value })}
        aria-invalid={invalid('description')}
        data-testid="basket-description"
        disabled={disabled}
      />
      <label className="sr-only" htmlFor="basket-quantity">
        Quantity
      </label>
      <input
        id="basket-quantity"
        className="input basket__quantity"
        inputMode="numeric"
        value={entry.quantity}
        onChange={(e) => onEntry({ ...entry, quantity: e.target.value.replace(/\D/g, '') })}
        aria-invalid={invalid('quantity')}
        data-testid="basket-quantity"
        disabled={disabled}
      />
      <label className="sr-only" htmlFor="basket-price">
        Price of one, in pounds
      </label>
      <input
        id="basket-price"
        className="input basket__price"
        inputMode="decimal"
        placeholder="Price"
        value={entry.price}
        onChange={(e) => onEntry({ ...entry, price: e.target.value })}
        aria-invalid={invalid('unitPence')}
        data-testid="basket-price"
        disabled={disabled}
      />
      <button
        type="submit"
        className="button basket__add"
        data-testid="basket-add"
        disabled={disabled}
      >
        {entry.editing === null ? 'Add' : 'Save'}
      </button>
    </form>
  );
}

/** The lines so far, each editable and removable from its row's keys too, and their total. */
function BasketLines({
  lines,
  editing,
  onEdit,
  onRemove,
}: {
  lines: BasketLine[];
  editing: number | null;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  /** On a line's row: Delete or Backspace removes it, Enter (on the row itself) edits it. */
  function onRowKey(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(index);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEdit(index);
    }
  }

  return (
    <>
      <ol className="basket__lines" data-testid="basket-lines">
        {lines.map((line, index) => (
          <li
            key={index}
            className={`basket__line${editing === index ? ' basket__line--editing' : ''}`}
            tabIndex={0}
            aria-label={`${line.quantity} × ${line.description}, ${formatPence(lineTotalPence(line))}. Enter to edit, Delete to remove.`}
            onKeyDown={(event) => onRowKey(event, index)}
            data-testid="basket-line"
          >
            <span className="basket__line-text">
              {line.quantity} × {line.description}
            </span>
            <span className="basket__line-amount">{formatPence(lineTotalPence(line))}</span>
            <button
              type="button"
              className="button button--link"
              onClick={() => onEdit(index)}
              data-testid="basket-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => onRemove(index)}
              data-testid="basket-remove"
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <p className="basket__total" data-testid="basket-total">
        <span>Total</span> <strong>{formatPence(basketTotalPence(lines))}</strong>
      </p>
    </>
  );
}
