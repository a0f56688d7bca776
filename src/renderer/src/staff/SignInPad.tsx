import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { PinField } from './TextField';
import { useSignedInPin } from './staff-session';
import '../styles/console-staff.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/**
 * The console's one sign-in form: the PIN typed (or tapped on the pad's keys) signs its person
 * in, and the console keeps it in memory so staff-only screens open without asking again. The
 * staff bar, the locked console and an action that needs someone signed in all show this.
 */
export function SignInPad({
  title,
  note,
  label = 'Your PIN',
  submit = 'Sign in',
  keys = true,
  testIds = { form: 'pin-pad', pin: 'sign-in-pin', submit: 'sign-in-submit' },
  className = 'card pin-pad',
  onCancel,
  heading: Heading = 'h2',
}: {
  title: string;
  note?: ReactNode;
  label?: string;
  submit?: string;
  /** The digit keys for a touch screen. */
  keys?: boolean;
  testIds?: { form: string; pin: string; submit: string };
  className?: string;
  onCancel?: () => void;
  heading?: 'h1' | 'h2';
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const remember = useSignedInPin((s) => s.set);
  const { busy, error, send } = useCommand({ pin: 'The PIN' });

  async function signIn(event: FormEvent) {
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

  return (
    <form
      className={className}
      onSubmit={(event) => void signIn(event)}
      aria-labelledby={`${id}-title`}
      data-testid={testIds.form}
      noValidate
    >
      <Heading className="card__title" id={`${id}-title`}>
        {title}
      </Heading>
      {note && <p className="muted">{note}</p>}
      <PinField
        id={`${id}-pin`}
        label={label}
        value={pin}
        onChange={setPin}
        error={error}
        field="pin"
        testId={testIds.pin}
        autoFocus
      />
      {keys && (
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
      )}
      <FieldError error={error} field={null} />
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid={testIds.submit}
          disabled={busy}
        >
          {submit}
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
 * In place of an action that needs someone signed in (the shop has staff besides its owner and
 * nobody is): the PIN pad, saying why. The kiosk refuses the action itself too.
 */
export function SignInFirst({ action }: { action: string }) {
  return (
    <SignInPad
      title={`Sign in to ${action}`}
      note="This shop has more than one member of staff: sign in, so what you do is in your name."
      testIds={{ form: 'sign-in-first', pin: 'sign-in-pin', submit: 'sign-in-submit' }}
    />
  );
}
