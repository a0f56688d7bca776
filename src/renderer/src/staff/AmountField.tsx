import { useId, useState, type ReactNode } from 'react';
import type { FormError } from '../lib/form-errors';
import { typedAmount } from '../lib/typed-amount';
import { ChoiceRow } from './ChoiceRow';
import { describedBy, FieldError } from './FieldError';

/**
 * The staff forms' one amount box (refund, capture, card-on-file charge): typed as pounds and
 * pence, sent as the command's `amountPence`, and showing the refusal of that field under it.
 * `hint` is read out with the box (aria-describedby), as is the error.
 */
export function AmountField({
  label,
  value,
  onChange,
  error,
  testId,
  hint,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormError | null;
  testId: string;
  hint?: { text: ReactNode; testId: string };
  autoFocus?: boolean;
}) {
  const id = useId();
  const describedByIds = [
    hint ? `${id}-hint` : undefined,
    describedBy(error, 'amountPence', `${id}-error`),
  ].filter(Boolean);
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {hint && (
        <span className="muted small" id={`${id}-hint`} data-testid={hint.testId}>
          {hint.text}
        </span>
      )}
      <input
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error?.field === 'amountPence'}
        aria-describedby={describedByIds.length ? describedByIds.join(' ') : undefined}
        data-testid={testId}
        autoFocus={autoFocus}
      />
      <FieldError error={error} field="amountPence" id={`${id}-error`} />
    </label>
  );
}

/**
 * All of an amount or part of it, as the refund and capture forms ask: the choice, and the
 * amount box once "part" is chosen. `amountPence()` is what the command takes: nothing for all
 * of it, else the typed amount (or the error to show by the box).
 */
export function useFullOrAmount(labels: Record<string, string>) {
  const [kind, setKind] = useState<'full' | 'amount'>('full');
  const [amount, setAmount] = useState('');
  function amountPence() {
    if (kind === 'full') return { ok: true as const, fields: {} };
    const typed = typedAmount(amount, labels);
    return typed.ok
      ? { ok: true as const, fields: { amountPence: typed.amountPence } }
      : { ok: false as const, error: typed.error };
  }
  return { kind, setKind, amount, setAmount, amountPence };
}

export function FullOrAmount({
  state,
  fullLabel,
  partLabel,
  most,
  error,
  testId,
  partTestId,
  focus,
}: {
  state: ReturnType<typeof useFullOrAmount>;
  fullLabel: string;
  partLabel: string;
  /** The most that may be typed, formatted: shown in the full choice and by the box. */
  most: string;
  error: FormError | null;
  testId: string;
  partTestId?: string;
  /** What takes the keyboard first: the choice, or the box when it appears. */
  focus: 'choice' | 'amount';
}) {
  const name = useId();
  return (
    <>
      <ChoiceRow
        legend="How much"
        name={name}
        value={state.kind}
        onChange={state.setKind}
        choices={[
          { value: 'full', label: `${fullLabel} (${most})` },
          { value: 'amount', label: partLabel, ...(partTestId ? { testId: partTestId } : {}) },
        ]}
        autoFocus={focus === 'choice'}
      />
      {state.kind === 'amount' && (
        <AmountField
          label={`Amount (£, at most ${most})`}
          value={state.amount}
          onChange={state.setAmount}
          error={error}
          testId={testId}
          autoFocus={focus === 'amount'}
        />
      )}
    </>
  );
}
