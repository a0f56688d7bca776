/** Push a payment to a paired terminal: the kiosk shows it to the customer at once. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatPounds } from '../../../shared/format';
import { poundsToPence } from '../../../shared/money';
import { ButtonRow, Field, RadioGroup, Select, TextInput } from '../../components/form';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { useDashboard, usePayments, useTerminals } from '../../context';
import { pickTerminal, terminalChoices } from '../../lib/terminal-choices';
import type { MethodChoice } from '../../store/payments';

const METHODS: [MethodChoice, string][] = [
  ['', 'Any'],
  ['PAY_BY_BANK', 'Pay by bank'],
  ['CARD', 'Card'],
];

export function PushForm() {
  const { payments } = useDashboard();
  const terminals = useTerminals((s) => s.terminals);
  const pushing = usePayments((s) => s.pushing);
  const error = usePayments((s) => s.pushError);
  const errorField = usePayments((s) => s.pushErrorField);
  const choices = useMemo(() => terminalChoices(terminals ?? []), [terminals]);
  const [chosen, setChosen] = useState('');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<MethodChoice>('');
  const [notes, setNotes] = useState('');
  const [basket, setBasket] = useState('');
  const amountInput = useRef<HTMLInputElement>(null);
  const terminalSelect = useRef<HTMLSelectElement>(null);
  const terminalId = pickTerminal(choices, chosen);
  const terminal = (terminals ?? []).find((t) => t.id === terminalId);

  useEffect(() => {
    if (errorField === 'amount') amountInput.current?.focus();
    if (errorField === 'terminal') terminalSelect.current?.focus();
  }, [error, errorField]);

  return (
    <section className="card" aria-labelledby="push-title">
      <h2 id="push-title">Push a payment to a terminal</h2>
      <form
        noValidate
        autoComplete="off"
        onSubmit={async (event) => {
          event.preventDefault();
          const sent = await payments.getState().push({
            terminalId,
            terminalName: terminal?.name ?? 'the terminal',
            ...(terminal ? { terminalMaxPence: poundsToPence(terminal.maxAmount) } : {}),
            amount,
            method,
            notes,
            basket,
          });
          if (sent) {
            setAmount('');
            setNotes('');
            setBasket('');
          }
        }}
      >
        <Select
          id="push-terminal"
          ref={terminalSelect}
          label="Terminal"
          hint={
            choices.some((c) => c.reason)
              ? 'Greyed-out terminals cannot take a payment now: switch their remote payments on, or open Counter on the kiosk so it connects.'
              : undefined
          }
          error={errorField === 'terminal' ? error : undefined}
          errorTestId="push-error"
          alertError
          value={terminalId}
          onValue={setChosen}
        >
          <option value="">
            {choices.length ? 'Choose a terminal' : 'No terminals paired yet'}
          </option>
          {choices.map((c) => (
            <option key={c.id} value={c.id} disabled={Boolean(c.reason)}>
              {c.reason ? `${c.name} (${c.reason})` : c.name}
            </option>
          ))}
        </Select>
        <Field
          id="push-basket"
          label={
            <>
              Basket lines <span className="muted">(optional, one per line)</span>
            </>
          }
          hint="Shown on the customer display with the payment, e.g. 2 x Flat white @ 3.20. Leave the amount empty to charge their total."
          error={errorField === 'basket' ? error : undefined}
          errorTestId="push-error"
          alertError
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              placeholder={'2 x Flat white @ 3.20\nCroissant @ 2.75'}
              value={basket}
              onChange={(event) => setBasket(event.target.value)}
              data-testid="push-basket"
            />
          )}
        </Field>
        <TextInput
          id="push-amount"
          ref={amountInput}
          label="Amount (£)"
          hint={
            terminal ? (
              <span data-testid="push-limit">
                Largest payment on {terminal.name}: {formatPounds(terminal.maxAmount)}
              </span>
            ) : undefined
          }
          // Shown by the amount field (before the payment method), where the mistake is.
          error={errorField === 'amount' ? error : undefined}
          errorTestId="push-error"
          alertError
          inputMode="decimal"
          placeholder="12.50"
          value={amount}
          onValue={(value) => {
            setAmount(value);
            if (errorField === 'amount') payments.getState().clearPushError();
          }}
        />
        <RadioGroup
          id="push-method"
          legend="Payment method"
          name="push-method"
          options={METHODS}
          value={method}
          onValue={setMethod}
        />
        <TextInput
          id="push-notes"
          label={
            <>
              Notes <span className="muted">(optional, up to 30 characters)</span>
            </>
          }
          maxLength={30}
          placeholder="Table 4"
          value={notes}
          onValue={setNotes}
        />
        <Notice kind="error" testId="push-error">
          {errorField === null ? error : ''}
        </Notice>
        <PushResult />
        <ButtonRow>
          <button type="submit" disabled={pushing}>
            {pushing ? 'Sending…' : 'Send to terminal'}
          </button>
        </ButtonRow>
      </form>
    </section>
  );
}

/** What was sent: where and how much in words, and a link to the payment's own page. */
function PushResult() {
  const result = usePayments((s) => s.pushResult);
  const pushedId = usePayments((s) => s.pushedId);
  if (!result) return null;
  return (
    <p className="ok" role="status" data-testid="push-result">
      {result}
      {pushedId ? (
        <InPageLink area="payments" sub={pushedId} className="push-link">
          Open the payment
        </InPageLink>
      ) : null}
    </p>
  );
}
