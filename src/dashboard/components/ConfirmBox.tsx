/**
 * An inline "are you sure" with two large buttons instead of a blocking window.confirm. The
 * safe answer has the focus, so Enter (or Escape) keeps things as they are.
 */
import { useEffect, useRef, useState } from 'react';
import { ButtonRow } from './form';

export function ConfirmBox({
  message,
  yes,
  no,
  onYes,
  onNo,
}: {
  message: string;
  yes: string;
  no: string;
  onYes: () => Promise<void> | void;
  onNo: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="confirm"
      role="group"
      aria-label={message}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onNo();
      }}
    >
      <p>{message}</p>
      <ButtonRow>
        <button
          type="button"
          className="danger small"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onYes();
            } finally {
              setBusy(false);
              onNo();
            }
          }}
        >
          {yes}
        </button>
        <button type="button" className="secondary small" disabled={busy} ref={keep} onClick={onNo}>
          {no}
        </button>
      </ButtonRow>
    </div>
  );
}
