import type { InputHTMLAttributes } from 'react';
import type { FormError } from '../lib/form-errors';
import { describedBy, FieldError } from './FieldError';

/**
 * A labelled input that carries the form's error for its `field` (the command's field name):
 * marked invalid, described by the message, which shows under it. The PIN fields and the pairing
 * form are all this; `PinField` is it set up for a PIN.
 */
export function TextField({
  id,
  label,
  field,
  error,
  testId,
  value,
  onChange,
  className = 'input',
  ...input
}: {
  id: string;
  label: string;
  field: string;
  error: FormError | null;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={className}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error?.field === field || undefined}
        aria-describedby={describedBy(error, field, `${id}-error`)}
      />
      <FieldError error={error} field={field} id={`${id}-error`} />
    </div>
  );
}

/** The staff PIN as every PIN form asks for it: hidden, digits only, 4 to 8 of them. */
export function PinField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FormError | null;
  field: string;
  testId: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      {...props}
      className="input input--pin"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      onChange={(value) => props.onChange(value.replace(/\D/g, ''))}
    />
  );
}
