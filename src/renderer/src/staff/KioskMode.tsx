import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';

/**
 * Full-screen kiosk mode: staff leave it from Settings (behind the staff PIN, sent again with
 * the command) and lock the till again without one.
 */
export function KioskMode({ active, pin }: { active: boolean; pin: string }) {
  const command = useCommand();
  const { busy, error } = command;
  const send = () =>
    command.send(active ? { type: 'leaveKioskMode', pin } : { type: 'enterKioskMode' });

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
        <>
          <p className="muted">Counter is full screen and cannot be closed.</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              data-testid="leave-kiosk-mode"
              disabled={busy}
              onClick={() => void send()}
            >
              Leave kiosk mode
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            Kiosk mode keeps Counter full screen so customers cannot reach anything else; staff
            leave it here with the staff PIN.
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
