/**
 * The row under a staff form: a quiet way out first, then the form's submit button, which is
 * disabled and says what it is doing while the kiosk waits for the service.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  tone,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** primary for an ordinary action; danger-solid for one that gives money back or lets it go. */
  tone: 'primary' | 'danger-solid';
  submitTestId: string;
}) {
  return (
    <div className="refund-form__actions">
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="submit"
        className={`button button--${tone}`}
        disabled={busy}
        data-testid={submitTestId}
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
