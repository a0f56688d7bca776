import { useRef } from 'react';
import { dateFormat, formatLocalDate, parseLocalDate } from '../../../shared/local-date';
import type { FormError } from '../lib/form-errors';
import { useKiosk } from '../store/context';
import { describedBy, FieldError } from './FieldError';

/**
 * The console's one date field: typed and shown in the kiosk's locale (en-GB: dd/mm/yyyy, the
 * label says which), never the browser's, with a calendar button beside it. The calendar is the
 * browser's own picker on a hidden native date input: it only fills the text field, so what
 * staff read is always the kiosk's format. Keyboard users type the date; the button is a
 * convenience for pointers and touch.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  error,
  field,
  testId,
}: {
  id: string;
  label: string;
  /** As typed, in the kiosk's locale. */
  value: string;
  onChange: (text: string) => void;
  error: FormError | null;
  /** The FormError field this input answers for. */
  field: string;
  testId?: string;
}) {
  const locale = useKiosk((view) => view.kiosk?.locale ?? 'en-GB');
  const pattern = dateFormat(locale).placeholder;
  const picker = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  function openCalendar() {
    const input = picker.current;
    if (!input) return;
    input.value = parseLocalDate(value, locale) ?? '';
    try {
      input.showPicker();
    } catch {
      // No picker in this browser (or not allowed now): the typed field still works.
      input.focus();
    }
  }

  return (
    <div className="field date-field">
      <label className="field__label" htmlFor={id}>
        {label} <span className="muted">({pattern})</span>
      </label>
      <div className="date-field__row">
        <input
          id={id}
          className="input"
          type="text"
          inputMode="numeric"
          data-testid={testId}
          value={value}
          placeholder={pattern}
          maxLength={10}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error?.field === field || undefined}
          aria-describedby={describedBy(error, field, errorId)}
        />
        <button
          type="button"
          className="button button--ghost date-field__calendar"
          aria-label={`${label}: choose from a calendar`}
          title="Choose from a calendar"
          onClick={openCalendar}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Zm2 4h3v3H7v-3Z"
            />
          </svg>
        </button>
        <input
          ref={picker}
          type="date"
          className="date-field__picker"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            if (event.target.value) onChange(formatLocalDate(event.target.value, locale));
          }}
        />
      </div>
      <FieldError error={error} field={field} id={errorId} />
    </div>
  );
}
