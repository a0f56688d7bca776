/**
 * A modal dialog: the browser's own <dialog>, so the keyboard stays inside and Escape closes it;
 * typing starts in its first field, and the focus goes back to what opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
