import { useId, useState, type FormEvent } from 'react';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { PinField } from './TextField';
import { useSignedInPin } from './staff-session';

/**
 * The console locked from the dashboard (LOCK_CONSOLE): nothing of it shows until a manager or
 * the owner signs in here with their PIN; the kiosk refuses a cashier's (and says why).
 */
export function ConsoleLock() {
  const id = useId();
  const [pin, setPin] = useState('');
  const remember = useSignedInPin((s) => s.set);
  const { busy, error, send } = useCommand({ pin: 'The PIN' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = pin;
    setPin('');
    if (await send({ type: 'signIn', pin: typed })) remember(typed);
  }

  return (
    <main className="panel console-lock" data-testid="console-locked">
      <form
        className="card console-lock__card"
        onSubmit={(event) => void submit(event)}
        aria-labelledby={`${id}-title`}
        noValidate
      >
        <h1 className="card__title" id={`${id}-title`}>
          This console is locked
        </h1>
        <p className="muted">
          It was locked from the dashboard. A manager or the owner enters their PIN to open it.
        </p>
        <PinField
          id={`${id}-pin`}
          label="Manager’s or owner’s PIN"
          value={pin}
          onChange={setPin}
          error={error}
          field="pin"
          testId="unlock-pin"
          autoFocus
        />
        <FieldError error={error} field={null} />
        <div className="actions">
          <button
            type="submit"
            className="button button--primary"
            data-testid="unlock-submit"
            disabled={busy}
          >
            Open the console
          </button>
        </div>
      </form>
    </main>
  );
}
