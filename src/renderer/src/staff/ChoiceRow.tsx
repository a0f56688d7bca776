import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  testId?: string;
}

/**
 * One question answered by a row of radio buttons under its legend: how much to refund or
 * capture, what to look a customer up by. Each choice is a whole label, so the touch target is
 * the words as well as the dot; `autoFocus` puts the keyboard on the first choice.
 */
export function ChoiceRow<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  className = 'refund-form__kind',
  autoFocus = false,
}: {
  legend: string;
  /** The radio group's name: unique on the page (a useId-based one). */
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  className?: string;
  autoFocus?: boolean;
}) {
  return (
    <fieldset className={className}>
      <legend className="field__label">{legend}</legend>
      {choices.map((choice, index) => (
        <label key={choice.value} className="refund-form__choice">
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            autoFocus={autoFocus && index === 0}
            data-testid={choice.testId}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
