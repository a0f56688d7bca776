import { useEffect, useRef, useState } from 'react';
import { Notes } from '../../../shared/contract/common';
import type { FormError } from '../lib/form-errors';
import { FieldError } from './FieldError';

/** The service's limit on a payment's note: the field and its counter follow the contract. */
export const NOTE_MAX: number = Notes.maxLength ?? 0;

/**
 * A note for a payment, never longer than the service takes: a counter ("12/30") as staff type,
 * `maxLength` so a key past the limit does nothing, and text that would not fit (a paste, a drop)
 * is refused whole and said so, because the browser would otherwise keep its first 30 characters without a word
 * and the customer would read a note nobody wrote.
 */
export function NoteField({
  id,
  label,
  labelHidden,
  placeholder,
  value,
  onChange,
  error,
  testId,
}: {
  id: string;
  label: string;
  labelHidden?: boolean;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  error: FormError | null;
  testId: string;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  const full = value.length >= NOTE_MAX;

  // The native beforeinput sees every way text arrives (keys, paste, drop, IME) before the
  // browser would cut it to maxLength, and can refuse it whole.
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    function onBeforeInput(event: InputEvent) {
      const target = event.currentTarget as HTMLInputElement;
      const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      if (!text) return;
      const current = target.value;
      const start = target.selectionStart ?? current.length;
      const end = target.selectionEnd ?? current.length;
      const length = current.length - (end - start) + text.length;
      if (length <= NOTE_MAX) return;
      event.preventDefault();
      setRefused(
        text.length > 1
          ? `Not added: that would make the note ${length} characters, and a note holds at most ${NOTE_MAX}. Shorten it first.`
          : `A note holds at most ${NOTE_MAX} characters.`,
      );
    }
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  const describedBy = [
    `${id}-count`,
    refused && `${id}-refused`,
    error?.field === 'notes' && `${id}-error`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field">
      <label className={labelHidden ? 'sr-only' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="note">
        <input
          id={id}
          className="input"
          type="text"
          value={value}
          maxLength={NOTE_MAX}
          placeholder={placeholder}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={error?.field === 'notes' || undefined}
          ref={ref}
          onChange={(event) => {
            setRefused(null);
            onChange(event.target.value);
          }}
          data-testid={testId}
        />
        <span
          className={`note__count${full ? ' note__count--full' : ''}`}
          id={`${id}-count`}
          data-testid={`${testId}-count`}
        >
          <span className="sr-only">Characters used: </span>
          {value.length}/{NOTE_MAX}
        </span>
      </div>
      {refused && (
        <p
          className="note__refused"
          id={`${id}-refused`}
          role="status"
          data-testid={`${testId}-refused`}
        >
          {refused}
        </p>
      )}
      <FieldError error={error} field="notes" id={`${id}-error`} />
    </div>
  );
}
