import { useEffect, useId, useState, type FormEvent } from 'react';
import type { KioskState } from '../../../shared/bridge';
import { useBridge } from '../store/context';
import { useCommand } from '../store/use-command';
import { runCommand } from '../lib/run-command';
import { FieldError } from './FieldError';
import { PinField } from './TextField';
import { useSignedInPin } from './staff-session';
import '../styles/console-staff.css';

const ROLE: Record<string, string> = { cashier: 'Cashier', manager: 'Manager', owner: 'Owner' };
const ACTIVITY = ['pointerdown', 'keydown'] as const;

/**
 * Who is signed in at the console, with "Sign out"; or, when nobody is, the PIN pad that signs
 * a person in (their PIN names them). Staff-only screens then open without asking again.
 */
export function StaffBar({ kiosk }: { kiosk: KioskState }) {
  const signedIn = kiosk.staff?.signedIn ?? null;
  const { pin, set } = useSignedInPin();
  useEffect(() => {
    if (!signedIn && pin !== null) set(null);
  }, [signedIn, pin, set]);
  useIdleSignOut(signedIn !== null, kiosk.staff?.idleMinutes ?? 5);
  if (!kiosk.staffPinSet) return null;
  if (signedIn) return <SignedIn name={signedIn.name} role={signedIn.role} />;
  return <PinPad />;
}

function SignedIn({ name, role }: { name: string; role: string }) {
  const { busy, send } = useCommand();
  return (
    <div className="staff-bar" data-testid="signed-in">
      <p className="staff-bar__who">
        Signed in: <strong data-testid="signed-in-name">{name}</strong>{' '}
        <span className="muted">({ROLE[role] ?? role})</span>
      </p>
      <button
        type="button"
        className="button button--small button--ghost"
        data-testid="sign-out"
        disabled={busy}
        onClick={() => void send({ type: 'signOut' })}
      >
        Sign out
      </button>
    </div>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/** The console's sign-in: a PIN pad (taps or the keyboard); the PIN finds its person. */
function PinPad() {
  const id = useId();
  const [pin, setPin] = useState('');
  const [open, setOpen] = useState(false);
  const remember = useSignedInPin((s) => s.set);
  const { busy, error, send } = useCommand({ pin: 'The PIN' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = pin;
    setPin('');
    if (await send({ type: 'signIn', pin: typed })) remember(typed);
  }
  function press(key: (typeof KEYS)[number]) {
    if (key === 'clear') setPin('');
    else if (key === 'back') setPin((p) => p.slice(0, -1));
    else setPin((p) => (p.length < 8 ? p + key : p));
  }

  if (!open)
    return (
      <div className="staff-bar" data-testid="signed-out">
        <p className="staff-bar__who muted">Nobody is signed in.</p>
        <button
          type="button"
          className="button button--small"
          data-testid="sign-in-open"
          onClick={() => setOpen(true)}
        >
          Sign in
        </button>
      </div>
    );
  return (
    <form
      className="card pin-pad"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      data-testid="pin-pad"
      noValidate
    >
      <h2 className="card__title" id={`${id}-title`}>
        Sign in
      </h2>
      <PinField
        id={`${id}-pin`}
        label="Your PIN"
        value={pin}
        onChange={setPin}
        error={error}
        field="pin"
        testId="sign-in-pin"
        autoFocus
      />
      <div className="pin-pad__keys" role="group" aria-label="PIN pad">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="button pin-pad__key"
            data-testid={`pin-key-${key}`}
            onClick={() => press(key)}
          >
            {key === 'clear' ? 'Clear' : key === 'back' ? '⌫' : key}
            {key === 'back' && <span className="sr-only"> Delete a digit</span>}
          </button>
        ))}
      </div>
      <FieldError error={error} field={null} />
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="sign-in-submit"
          disabled={busy}
        >
          Sign in
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Signs the console out after `minutes` without a tap or a key (the kiosk also signs out after
 * the same time without a command, should this window have gone).
 */
function useIdleSignOut(active: boolean, minutes: number) {
  const bridge = useBridge();
  useEffect(() => {
    if (!active) return;
    let timer = 0;
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => void runCommand(bridge, { type: 'signOut' }, {}),
        minutes * 60_000,
      );
    };
    restart();
    for (const name of ACTIVITY) window.addEventListener(name, restart);
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, restart);
    };
  }, [active, minutes, bridge]);
}
