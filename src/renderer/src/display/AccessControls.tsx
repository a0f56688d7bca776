import { useEffect, useRef, useState } from 'react';
import { t, type LanguageCode, type MessageKey } from '../../../shared/i18n';
import '../styles/display-access.css';

/** How the display reads now: the store's defaults until the customer changes them. */
export interface DisplayAccess {
  highContrast: boolean;
  largeText: boolean;
}

/**
 * The customer's own choice of contrast and text size, starting from the store's defaults. It
 * lasts while the customer is at the counter: when a payment ends and the display goes back to
 * its welcome screen, the next customer starts from the store's defaults again.
 */
export function useDisplayAccess(defaults: DisplayAccess, idle: boolean) {
  const [chosen, setChosen] = useState<Partial<DisplayAccess>>({});
  const wasIdle = useRef(idle);
  useEffect(() => {
    if (idle && !wasIdle.current) setChosen({});
    wasIdle.current = idle;
  }, [idle]);
  const access: DisplayAccess = {
    highContrast: chosen.highContrast ?? defaults.highContrast,
    largeText: chosen.largeText ?? defaults.largeText,
  };
  const toggle = (key: keyof DisplayAccess) =>
    setChosen((now) => ({ ...now, [key]: !access[key] }));
  return { access, toggle };
}

/**
 * Two large toggles at a fixed edge of every screen, found by touch (each is a large target) and
 * by keyboard (Tab reaches them; Enter or Space switches). Each says in words whether it is on,
 * so nothing depends on seeing a colour.
 */
export function AccessControls({
  access,
  toggle,
  lang,
}: {
  access: DisplayAccess;
  toggle: (key: keyof DisplayAccess) => void;
  /** The customer's language: the toggles speak it like the rest of the screen. */
  lang: LanguageCode;
}) {
  const say = (key: MessageKey) => t(lang, key);
  return (
    <nav className="display-access" aria-label={say('display.settings')}>
      <Toggle
        on={access.largeText}
        label={say('display.largeText')}
        state={say(access.largeText ? 'display.on' : 'display.off')}
        testId="toggle-large-text"
        onToggle={() => toggle('largeText')}
      />
      <Toggle
        on={access.highContrast}
        label={say('display.highContrast')}
        state={say(access.highContrast ? 'display.on' : 'display.off')}
        testId="toggle-high-contrast"
        onToggle={() => toggle('highContrast')}
      />
    </nav>
  );
}

function Toggle({
  on,
  label,
  state,
  testId,
  onToggle,
}: {
  on: boolean;
  label: string;
  state: string;
  testId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="display-access__toggle"
      aria-pressed={on}
      data-testid={testId}
      onClick={onToggle}
    >
      <span className="display-access__label">{label}</span>
      <span className="display-access__state" aria-hidden="true">
        {state}
      </span>
    </button>
  );
}
