import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  formatMoney,
  language,
  languageOf,
  localDigits,
  t,
  type LanguageCode,
  type MessageKey,
} from '../../../shared/i18n';
import { displayView } from '../lib/display-state';
import { useKiosk } from '../store/context';
import '../styles/display-language.css';

const LanguageContext = createContext<LanguageCode>(DEFAULT_LANGUAGE);
const ChooseContext = createContext<(lang: LanguageCode) => void>(() => {});

/** The display in its language: the store's until the customer picks theirs (LanguagePicker). */
export function DisplayLanguage({ children }: { children: ReactNode }) {
  const display = useKiosk((state) => state.display);
  // The tip step belongs to the customer's payment: their language stays through it.
  const idle = displayView(display?.active ?? null).kind === 'idle' && !display?.tipStep;
  const { lang, choose } = useDisplayLanguage(display?.displayLanguage, idle);
  return (
    <LanguageContext.Provider value={lang}>
      <ChooseContext.Provider value={choose}>{children}</ChooseContext.Provider>
    </LanguageContext.Provider>
  );
}

/** The display's words in the customer's language: `say('display.total')`, `money(1250, 'GBP')`. */
export function useWords() {
  const lang = useContext(LanguageContext);
  return {
    lang,
    say: (key: MessageKey, values?: Record<string, string | number>) => t(lang, key, values),
    money: (pence: number, currency: string) => formatMoney(lang, pence, currency),
    digits: (text: string) => localDigits(lang, text),
  };
}

/**
 * The language the display speaks: the store's (or English) until the customer picks another,
 * and theirs until their payment ends: when the display goes back to its welcome screen after a
 * payment, the next customer starts from the store's again.
 */
export function useDisplayLanguage(storeDefault: string | null | undefined, idle: boolean) {
  const fallback = languageOf(storeDefault) ?? DEFAULT_LANGUAGE;
  const [chosen, setChosen] = useState<LanguageCode | null>(null);
  const wasIdle = useRef(idle);
  useEffect(() => {
    if (idle && !wasIdle.current) setChosen(null);
    wasIdle.current = idle;
  }, [idle]);
  const lang = chosen ?? fallback;
  // The whole document reads in it: screen readers, hyphenation and the direction of the layout.
  useEffect(() => {
    const root = document.documentElement;
    root.lang = lang;
    root.dir = language(lang).dir;
  }, [lang]);
  return { lang, choose: setChosen };
}

/**
 * The language control: a large button naming the current language in that language (never a
 * flag), opening the list of languages, each named in its own language and marked with its own
 * `lang` so a screen reader says it properly. Touch or Tab then Enter/Space; Escape closes it.
 */
export function LanguagePicker() {
  const { lang, say } = useWords();
  const onChoose = useContext(ChooseContext);
  const [open, setOpen] = useState(false);
  const current = language(lang);
  return (
    <div
      className="display-language"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="display-tool display-language__toggle"
        aria-expanded={open}
        aria-controls="display-languages"
        data-testid="display-language"
        onClick={() => setOpen(!open)}
      >
        <Globe />
        <span className="sr-only">{say('language.label')}: </span>
        <span>{current.name}</span>
      </button>
      {open && (
        <ul
          className="display-language__list"
          id="display-languages"
          aria-label={say('language.label')}
        >
          {LANGUAGES.map((option) => (
            <li key={option.code}>
              <button
                type="button"
                className="display-language__option"
                lang={option.code}
                dir={option.dir}
                aria-current={option.code === lang ? 'true' : undefined}
                data-language={option.code}
                onClick={() => {
                  onChoose(option.code);
                  setOpen(false);
                }}
              >
                {option.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Globe() {
  return (
    <svg className="display-language__globe" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2c3 3.5 3 16.5 0 20M12 2c-3 3.5-3 16.5 0 20" />
    </svg>
  );
}
