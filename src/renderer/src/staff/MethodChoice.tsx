import { useRef, type KeyboardEvent } from 'react';
import { methodLabel, type MethodChoice } from '../lib/labels';

/** A request's method, or cash: handed over at the counter, never a payment request's. */
type Method = MethodChoice | 'CASH';

const METHODS: { value: Method; testId: string; hint: string }[] = [
  { value: null, testId: 'method-any', hint: 'Customer chooses' },
  { value: 'PAY_BY_BANK', testId: 'method-bank', hint: 'From their bank app' },
  { value: 'CARD', testId: 'method-card', hint: 'Debit or credit' },
  { value: 'CASH', testId: 'method-cash', hint: 'Change given' },
];

export function MethodChoice({
  value,
  onChange,
}: {
  value: Method;
  onChange: (method: Method) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + METHODS.length) % METHODS.length;
    onChange(METHODS[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div className="methods" role="radiogroup" aria-label="Payment method">
      {METHODS.map((method, index) => (
        <button
          key={method.testId}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === method.value}
          className="method"
          data-testid={method.testId}
          onClick={() => onChange(method.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span className="method__name">{methodLabel(method.value)}</span>
          <span className="method__hint">{method.hint}</span>
        </button>
      ))}
    </div>
  );
}
