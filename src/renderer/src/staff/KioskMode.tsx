import { useState, type FormEvent } from 'react';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { describedBy, FieldError } from './FieldError';

const LABELS = { pin: 'The PIN' };

/** Full-screen kiosk mode: staff leave it with the PIN set when Counter started, and lock it again. */
export function KioskMode({ active }: { active: boolean }) {
  const bridge = useBridge();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      active ? { type: 'leaveKioskMode', pin } : { type: 'enterKioskMode' },
      LABELS,
    );
    setBusy(false);
    setPin('');
    if (!outcome.ok) setError(outcome.error);
  }

  return (
    <section className="card kiosk-mode" aria-labelledby="kiosk-mode-title">
      <div className="settings__head">
        <h2 className="card__title" id="kiosk-mode-title">
          Kiosk mode
        </h2>
        <span className={`badge ${active ? 'badge--on' : 'badge--off'}`} data-testid="kiosk-mode">
          {active ? 'On' : 'Off'}
        </span>
      </div>
      {active ? (
        <form className="kiosk-mode__form" onSubmit={(event) => void send(event)} noValidate>
          <p className="muted">
            Counter is full screen and cannot be closed. Enter the staff PIN to leave kiosk mode.
          </p>
          <div className="field">
            <label className="field__label" htmlFor="kiosk-pin">
              Staff PIN
            </label>
            <div className="kiosk-mode__row">
              <input
                id="kiosk-pin"
                className="input input--pin"
                data-testid="kiosk-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                value={pin}
                onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
                aria-invalid={error?.field === 'pin' || undefined}
                aria-describedby={describedBy(error, 'pin', 'kiosk-pin-error')}
              />
              <button
                type="submit"
                className="button"
                data-testid="leave-kiosk-mode"
                disabled={busy}
              >
                Leave kiosk mode
              </button>
            </div>
            <FieldError error={error} field="pin" id="kiosk-pin-error" />
          </div>
        </form>
      ) : (
        <>
          <p className="muted">
            Kiosk mode keeps Counter full screen so customers cannot reach anything else. It needs
            the staff PIN Counter was started with.
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              data-testid="enter-kiosk-mode"
              disabled={busy}
              onClick={() => void send()}
            >
              Return to kiosk mode
            </button>
          </div>
        </>
      )}
      <FieldError error={error} field={null} />
    </section>
  );
}
