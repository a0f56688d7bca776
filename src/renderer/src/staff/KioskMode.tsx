import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';

/**
 * Full-screen kiosk mode: staff leave it from Settings (behind the staff PIN, sent again with
 * the command) and lock the till again without one. Returning is offered only when the kiosk was
 * started in kiosk mode (`wasOn`): a shop that never used it is told how to, not offered a way
 * "back" to somewhere it has not been.
 */
export function KioskMode({
  active,
  wasOn,
  pin,
}: {
  active: boolean;
  wasOn: boolean;
  pin: string;
}) {
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
      {active && <p className="muted">Counter is full screen and cannot be closed.</p>}
      {!active && wasOn && (
        <p className="muted">
          Kiosk mode keeps Counter full screen so customers cannot reach anything else; staff leave
          it here with the staff PIN.
        </p>
      )}
      {!active && !wasOn && (
        <p className="muted" data-testid="kiosk-mode-how">
          Counter was not started in kiosk mode. To keep it full screen so customers cannot reach
          anything else, start it with <span className="mono">npm start -- --kiosk</span>; staff
          then leave it here with the staff PIN.
        </p>
      )}
      {(active || wasOn) && (
        <div className="actions">
          <button
            type="button"
            className="button"
            data-testid={active ? 'leave-kiosk-mode' : 'enter-kiosk-mode'}
            disabled={busy}
            onClick={() => void send()}
          >
            {active ? 'Leave kiosk mode' : 'Return to kiosk mode'}
          </button>
        </div>
      )}
      <FieldError error={error} field={null} />
    </section>
  );
}
