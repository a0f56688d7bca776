import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCommand } from '../store/use-command';
import { useKiosk } from '../store/context';
import { FieldError } from './FieldError';
import { NewPinFields } from './NewPinFields';
import { PinField } from './TextField';
import { SignInFirst } from './SignInPad';
import { useSignedInPin } from './staff-session';

/**
 * The staff PIN in front of a staff-only screen (refund, end of day, settings, card on file, a
 * hold's capture or release, pairing): asked before the form, not after it. The PIN opens this
 * screen only, for as long as it is open, and goes with each command sent from it: the kiosk's
 * main process checks it again every time (one guard, one lockout).
 */
export function StaffGate({
  action,
  children,
  onCancel,
  focus = false,
}: {
  /** What the PIN opens, e.g. "refund this payment". */
  action: string;
  children: (pin: string) => ReactNode;
  onCancel?: () => void;
  /**
   * Focus the PIN field: for a screen opened by a button. A whole tab does not take the focus
   * from the tab list, whose arrow keys move between tabs.
   */
  focus?: boolean;
}) {
  const chosen = useKiosk((view) => view.kiosk?.staffPinSet ?? false);
  const [pin, setPin] = useState<string | null>(null);
  // Whoever is signed in at the console is not asked again; the kiosk checks their PIN as sent.
  const signedIn = useSignedInPin((session) => session.pin);
  const mustSignIn = useKiosk((view) => view.kiosk?.staff?.signInRequired === true);
  if (pin !== null) return <>{children(pin)}</>;
  if (signedIn !== null) return <>{children(signedIn)}</>;
  // With staff besides the owner, the kiosk takes staff commands only from someone signed in.
  if (mustSignIn) return <SignInFirst action={action} />;
  if (!chosen) return <ChooseStaffPin onChosen={setPin} />;
  return <PinPrompt action={action} onOpen={setPin} onCancel={onCancel} focus={focus} />;
}

function PinPrompt({
  action,
  onOpen,
  onCancel,
  focus,
}: {
  action: string;
  onOpen: (pin: string) => void;
  onCancel?: (() => void) | undefined;
  focus: boolean;
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const { busy, error, send } = useCommand({ pin: 'The PIN' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await send({ type: 'checkStaffPin', pin })) onOpen(pin);
    else setPin('');
  }

  return (
    <form
      className="card staff-gate"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      data-testid="staff-gate"
      noValidate
    >
      <h2 className="card__title" id={`${id}-title`}>
        Staff only
      </h2>
      <p className="muted">Enter the staff PIN to {action}.</p>
      <PinField
        id={`${id}-pin`}
        label="Staff PIN"
        value={pin}
        onChange={setPin}
        error={error}
        field="pin"
        testId="staff-pin"
        autoFocus={focus}
      />
      <FieldError error={error} field={null} />
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="staff-pin-submit"
          disabled={busy}
        >
          Continue
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * First start: the shop chooses the staff PIN here (the kiosk keeps only a salted hash of it).
 * Until it does, every staff-only screen opens on this form. On Take payment it is `compact`, a
 * strip above the keypad: a payment pushed on first start must stay in view beside it.
 */
export function ChooseStaffPin({
  onChosen,
  compact = false,
}: {
  onChosen?: (pin: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, setError, send } = useCommand({ newPin: 'The PIN' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pin !== again) {
      setError({ field: 'again', message: 'The two PINs are not the same; type it again.' });
      setAgain('');
      return;
    }
    if (await send({ type: 'chooseStaffPin', newPin: pin })) onChosen?.(pin);
  }

  const fields = (
    <>
      <NewPinFields
        id={id}
        label="New staff PIN"
        value={pin}
        onChange={setPin}
        error={error}
        testId="new-pin"
        again={{
          label: 'The same PIN again',
          value: again,
          onChange: setAgain,
          testId: 'new-pin-again',
        }}
      />
    </>
  );
  const button = (
    <button
      type="submit"
      className={`button${compact ? '' : ' button--primary'}`}
      data-testid="choose-pin-submit"
      disabled={busy}
    >
      Set the staff PIN
    </button>
  );

  return (
    <form
      className={compact ? 'card pin-setup' : 'card staff-gate'}
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      data-testid="choose-pin"
      noValidate
    >
      <div className="pin-setup__text">
        <h2 className="card__title" id={`${id}-title`}>
          Choose the staff PIN
        </h2>
        <p className="muted">
          {compact
            ? 'For refunds, end of day, settings, card on file and leaving kiosk mode; taking payments needs none. 4 to 8 digits.'
            : 'Staff enter it for refunds, the end-of-day report, settings and pairing, card on file, a hold’s capture or release, and to leave kiosk mode. 4 to 8 digits; change it later in Settings.'}
        </p>
      </div>
      {compact ? (
        <div className="pin-setup__fields">
          {fields}
          {button}
        </div>
      ) : (
        fields
      )}
      <FieldError error={error} field={null} />
      {!compact && <div className="actions">{button}</div>}
    </form>
  );
}

/**
 * "Staff PIN set", shown (and announced: the status line is always in the page, so a screen
 * reader reads what is put in it) when the shop has just chosen its PIN, on whichever screen it
 * was asked; it stays until staff dismiss it.
 */
export function StaffPinSetNotice() {
  const set = useKiosk((view) => (view.kiosk ? view.kiosk.staffPinSet : null));
  const [before, setBefore] = useState(set);
  const [shown, setShown] = useState(false);
  if (before !== set) {
    setBefore(set);
    if (before === false && set === true) setShown(true);
  }
  return (
    <div className={shown ? 'banner banner--ok pin-set' : 'pin-set'}>
      <p role="status" data-testid="staff-pin-set">
        {shown
          ? 'Staff PIN set. Staff enter it for refunds, end of day, settings and card on file; change it in Settings.'
          : null}
      </p>
      {shown && (
        <button
          type="button"
          className="button button--small button--ghost"
          data-testid="staff-pin-set-dismiss"
          onClick={() => setShown(false)}
        >
          OK
        </button>
      )}
    </div>
  );
}

/** Settings: a new staff PIN, behind the current one. */
export function ChangeStaffPin() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, setError, send } = useCommand({
    pin: 'The current PIN',
    newPin: 'The new PIN',
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (pin !== again) {
      setError({ field: 'again', message: 'The two new PINs are not the same; type it again.' });
      setAgain('');
      return;
    }
    const changed = await send({ type: 'changeStaffPin', pin: current, newPin: pin });
    setCurrent('');
    if (!changed) return;
    setPin('');
    setAgain('');
    setDone(true);
  }

  return (
    <form
      className="card staff-gate"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      data-testid="change-pin"
      noValidate
    >
      <h2 className="card__title" id={`${id}-title`}>
        Staff PIN
      </h2>
      <PinField
        id={`${id}-current`}
        label="Current PIN"
        value={current}
        onChange={setCurrent}
        error={error}
        field="pin"
        testId="current-pin"
      />
      <NewPinFields
        id={id}
        label="New PIN"
        value={pin}
        onChange={setPin}
        error={error}
        testId="change-new-pin"
        again={{
          label: 'The new PIN again',
          value: again,
          onChange: setAgain,
          testId: 'change-new-pin-again',
        }}
      />
      <FieldError error={error} field={null} />
      {done && (
        <p className="muted" role="status" data-testid="pin-changed">
          The staff PIN is changed.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" data-testid="change-pin-submit" disabled={busy}>
          Change the PIN
        </button>
      </div>
    </form>
  );
}
