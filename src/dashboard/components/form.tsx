/**
 * The dashboard's form parts, one copy of each: a labelled field with its hint and its error tied
 * to the control (aria-describedby), the error on its own for a group of controls, a text input
 * and a select built on the field, a group of radio buttons, and the row of buttons under a form.
 * Every control gets the same height and spacing from styles.css, whichever page it is on.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';

/**
 * A field's error, next to it: `${id}-error` is what the control's (or the fieldset's)
 * aria-describedby names. Nothing when there is no error. `alert` announces it at once, for a
 * form whose only message it is (the focus also moves to the field).
 */
export function FieldError({
  id,
  children,
  testId,
  alert,
}: {
  id: string;
  children: string | null | undefined;
  testId?: string | undefined;
  alert?: boolean | undefined;
}) {
  return children ? (
    <span
      className="error field-error"
      id={`${id}-error`}
      role={alert ? 'alert' : undefined}
      data-testid={testId ?? `error-${id}`}
    >
      {children}
    </span>
  ) : null;
}

/** What a field hands its control: the id its label names, and what describes it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** What every field takes, whatever its control. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The error's data-testid, where a test already names it (default `error-${id}`). */
  errorTestId?: string | undefined;
  /** Announce the error at once (see FieldError). */
  alertError?: boolean | undefined;
}

/** A label, the control and, when there is one, its error (tied to it with aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  errorTestId,
  alertError,
  children,
}: FieldProps & { children: (props: ControlProps) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="muted hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      <FieldError id={id} testId={errorTestId} alert={alertError}>
        {error}
      </FieldError>
    </div>
  );
}

/** A field's own props apart from its control's, so TextInput and Select pass each its share. */
function splitField<T extends FieldProps>(props: T) {
  const { id, label, error, hint, errorTestId, alertError, ...control } = props;
  return [{ id, label, error, hint, errorTestId, alertError }, control] as const;
}

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'children'
>;

/** A text-like input (text, email, tel, url, search, date, a number typed as text) in a Field. */
export function TextInput({
  value,
  onValue,
  ref,
  ...props
}: FieldProps &
  InputAttributes & {
    value: string;
    onValue: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
  }) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}

type SelectAttributes = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'children'
>;

/** A select in a Field; its options are the children. */
export function Select({
  value,
  onValue,
  ref,
  children,
  ...props
}: FieldProps &
  SelectAttributes & {
    value: string;
    onValue: (value: string) => void;
    ref?: Ref<HTMLSelectElement>;
    children: ReactNode;
  }) {
  const [field, select] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...select}
          {...control}
          ref={ref}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/** One choice of several: radio buttons in a fieldset, its legend naming them, its error below. */
export function RadioGroup<T extends string>({
  id,
  legend,
  name,
  options,
  value,
  onValue,
  error,
  disabled,
}: {
  id: string;
  legend: string;
  name: string;
  options: readonly (readonly [T, ReactNode])[];
  value: T;
  onValue: (value: T) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label className="choice" key={option || '-'}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            disabled={disabled}
            onChange={() => onValue(option)}
          />{' '}
          {label}
        </label>
      ))}
      <FieldError id={id}>{error}</FieldError>
    </fieldset>
  );
}

/** The buttons under a form or an item, in one row that wraps on a narrow screen. */
export function ButtonRow({ children }: { children: ReactNode }) {
  return <div className="actions">{children}</div>;
}
