import { useEffect, useState } from 'react';
import type { KioskState } from '../../../shared/bridge';
import { useBridge } from '../store/context';
import { useCommand } from '../store/use-command';
import { runCommand } from '../lib/run-command';
import { SignInPad } from './SignInPad';
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
  return <PinPad required={kiosk.staff?.signInRequired === true} />;
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

/** The console's sign-in: the PIN pad, opened from the strip. */
function PinPad({ required }: { required: boolean }) {
  const [open, setOpen] = useState(false);
  // When every action needs someone signed in, the action's own place shows the pad.
  if (!open || required)
    return (
      <div className="staff-bar" data-testid="signed-out">
        <p className="staff-bar__who muted">Nobody is signed in.</p>
        {!required && (
          <button
            type="button"
            className="button button--small"
            data-testid="sign-in-open"
            onClick={() => setOpen(true)}
          >
            Sign in
          </button>
        )}
      </div>
    );
  return <SignInPad title="Sign in" onCancel={() => setOpen(false)} />;
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
