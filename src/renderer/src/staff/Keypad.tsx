import type { EntryAction } from '../lib/keypad-entry';

const KEYS: { label: string; testId: string; action: EntryAction; name: string }[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => ({
    label: String(digit),
    testId: `keypad-${digit}`,
    action: { type: 'digit', digit } as EntryAction,
    name: String(digit),
  })),
  { label: '00', testId: 'keypad-00', action: { type: 'doubleZero' }, name: 'Double zero' },
  { label: '0', testId: 'keypad-0', action: { type: 'digit', digit: 0 }, name: '0' },
  {
    label: '⌫',
    testId: 'keypad-backspace',
    action: { type: 'backspace' },
    name: 'Delete last digit',
  },
];

export function Keypad({ onKey }: { onKey: (action: EntryAction) => void }) {
  return (
    <div className="keypad" role="group" aria-label="Amount keypad">
      {KEYS.map((key) => (
        <button
          key={key.testId}
          type="button"
          className={`key${key.action.type === 'backspace' ? ' key--muted' : ''}`}
          data-testid={key.testId}
          aria-label={key.name}
          // A tapped key keeps focus where it was, so Enter afterwards starts the payment
          // instead of pressing the last key again.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onKey(key.action)}
        >
          {key.label}
        </button>
      ))}
    </div>
  );
}
