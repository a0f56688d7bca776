/**
 * The Customers area's building blocks: a modal dialog (the browser's own <dialog>, so focus
 * stays inside and Escape closes it), a labelled field with its error next to it (the error on
 * its own for a group of controls), and the metadata table used for customers and cards.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { MetadataRow } from '../../lib/customers';

export function Dialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    // Where the keyboard was before the dialog opened is where it goes back to.
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The first field, not the Close button, is where typing starts.
    dialog?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="secondary small" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}

/**
 * A field's error, next to it: `${id}-error` is what the control's (or the fieldset's)
 * aria-describedby names. Nothing when there is no error.
 */
export function FieldError({ id, children }: { id: string; children: string | undefined }) {
  return children ? (
    <span className="error field-error" id={`${id}-error`} data-testid={`error-${id}`}>
      {children}
    </span>
  ) : null;
}

/** A label, the control and, when there is one, its error (tied to it with aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
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
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}

/** Key/value rows: change a value, add a row, remove a row (saved as an empty value). */
export function MetadataTable({
  idPrefix,
  rows,
  onChange,
  error,
}: {
  idPrefix: string;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  error?: string | undefined;
}) {
  const put = (index: number, row: MetadataRow) =>
    onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <fieldset className="metadata" aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>Metadata</legend>
      {rows.length === 0 ? <p className="muted">No metadata.</p> : null}
      {rows.map((row, index) => (
        <div className="meta-row" key={index}>
          <label htmlFor={`${idPrefix}-key-${index}`} className="visually-hidden">
            Key {index + 1}
          </label>
          <input
            id={`${idPrefix}-key-${index}`}
            placeholder="key"
            value={row.key}
            onChange={(event) => put(index, { ...row, key: event.target.value })}
          />
          <label htmlFor={`${idPrefix}-value-${index}`} className="visually-hidden">
            Value of {row.key || `key ${index + 1}`}
          </label>
          <input
            id={`${idPrefix}-value-${index}`}
            placeholder="value"
            value={row.value}
            onChange={(event) => put(index, { ...row, value: event.target.value })}
          />
          <button
            type="button"
            className="secondary small"
            aria-label={`Remove ${row.key || `key ${index + 1}`}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <FieldError id={idPrefix}>{error}</FieldError>
      <div className="actions">
        <button
          type="button"
          className="secondary small"
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add a key
        </button>
      </div>
    </fieldset>
  );
}
