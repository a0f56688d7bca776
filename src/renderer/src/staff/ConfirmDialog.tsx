import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal question before an action that cannot be undone. The native <dialog> keeps focus
 * inside and gives Escape (backs out); the confirm button has focus, so Enter confirms.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    // React's autoFocus ran while the dialog was still closed; focus the answer now it is open.
    confirmRef.current?.focus();
    return () => {
      dialog.close();
      // Back where staff were, or (when that button went with the payment) the first field.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog dialog--confirm"
      data-testid={testId}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        className="dialog__inner"
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id="confirm-title" className="dialog__title">
          {title}
        </h2>
        <div id="confirm-body" className="dialog__body">
          {children}
        </div>
        <div className="actions dialog__actions">
          <button type="button" className="button" onClick={onCancel} data-testid="confirm-no">
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            data-testid="confirm-yes"
            ref={confirmRef}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
        <p className="hint">
          <kbd>Enter</kbd> {confirmLabel.toLowerCase()} · <kbd>Esc</kbd> {cancelLabel.toLowerCase()}
        </p>
      </form>
    </dialog>
  );
}
