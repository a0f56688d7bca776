/** Push a payment to a paired terminal: the kiosk shows it to the customer at once. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatPounds } from '../../../shared/format';
import { poundsToPence } from '../../../shared/money';
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
  const result = usePayments((s) => s.pushResult);
  const choices = useMemo(() => terminalChoices(terminals ?? []), [terminals]);
  const [chosen, setChosen] = useState('');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<MethodChoice>('');
  const [notes, setNotes] = useState('');
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
          });
          if (sent) {
            setAmount('');
            setNotes('');
          }
        }}
      >
        <label htmlFor="push-terminal">Terminal</label>
        <select
          id="push-terminal"
          ref={terminalSelect}
          value={terminalId}
          onChange={(event) => setChosen(event.target.value)}
          aria-describedby="push-terminal-hint"
        >
          <option value="">
            {choices.length ? 'Choose a terminal' : 'No terminals paired yet'}
          </option>
          {choices.map((c) => (
            <option key={c.id} value={c.id} disabled={Boolean(c.reason)}>
              {c.reason ? `${c.name} (${c.reason})` : c.name}
            </option>
          ))}
        </select>
        <p id="push-terminal-hint" className="muted">
          {choices.some((c) => c.reason)
            ? 'Greyed-out terminals cannot take a payment now: switch their remote payments on, or open Counter on the kiosk so it connects.'
            : ''}
        </p>
        <label htmlFor="push-amount">Amount (£)</label>
        <input
          id="push-amount"
          ref={amountInput}
          inputMode="decimal"
          placeholder="12.50"
          value={amount}
          aria-invalid={errorField === 'amount' ? true : undefined}
          aria-describedby={`push-amount-hint${errorField === 'amount' ? ' push-error' : ''}`}
          onChange={(event) => {
            setAmount(event.target.value);
            if (errorField === 'amount') payments.getState().clearPushError();
          }}
        />
        <p id="push-amount-hint" className="muted" data-testid="push-limit">
          {terminal
            ? `Largest payment on ${terminal.name}: ${formatPounds(terminal.maxAmount)}`
            : ''}
        </p>
        {error && errorField === 'amount' ? <PushError error={error} /> : null}
        <fieldset>
          <legend>Payment method</legend>
          {METHODS.map(([value, label]) => (
            <label className="choice" key={value || 'any'}>
              <input
                type="radio"
                name="push-method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <label htmlFor="push-notes">
          Notes <span className="muted">(optional, up to 30 characters)</span>
        </label>
        <input
          id="push-notes"
          maxLength={30}
          placeholder="Table 4"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        {error && errorField !== 'amount' ? <PushError error={error} /> : null}
        <Notice kind="ok" testId="push-result">
          {result}
        </Notice>
        <div className="actions">
          <button type="submit" disabled={pushing}>
            {pushing ? 'Sending…' : 'Send to terminal'}
          </button>
        </div>
      </form>
    </section>
  );
}

function PushError({ error }: { error: string }) {
  return (
    <p id="push-error" className="error" role="alert" data-testid="push-error">
      {error}
    </p>
  );
}
