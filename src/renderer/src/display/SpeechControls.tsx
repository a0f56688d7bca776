import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BasketLine, TipStep } from '../../../shared/bridge';
import type { LanguageCode } from '../../../shared/i18n';
import type { DisplayKind, DisplayView } from '../lib/display-state';
import { useWords } from './language';
import {
  askingScript,
  basketScript,
  createSpeaker,
  idleScript,
  statusScript,
  tipScript,
  type Status,
} from './speech';

const STATUS_OF: Partial<Record<DisplayKind, Status>> = {
  completed: 'paid',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'cancelled',
};

interface Screen {
  lang: LanguageCode;
  view: DisplayView;
  shop: string | null;
  lines: readonly BasketLine[];
  currency: string;
  /** The tip step, when the display asks the customer's tip before the QR code. */
  tipStep?: TipStep | null;
}

function screenScript({ lang, view, shop, tipStep }: Screen): string[] {
  if (tipStep) return tipScript(lang, tipStep);
  const asking = { shop, amountPence: view.amountPence, currency: view.currency };
  const status = STATUS_OF[view.kind];
  if (status) return statusScript(lang, status, asking);
  if (view.kind === 'awaiting') return askingScript(lang, asking);
  return idleScript(lang, shop);
}

/**
 * Speech on the display: off until the customer asks (the Speak control, Space or 5), then each
 * new screen and status is said in their language until their payment ends. Every status plays
 * its tone whether or not speech is on.
 */
export function useDisplaySpeech(screen: Screen) {
  const speaker = useMemo(() => createSpeaker(window), []);
  const [on, setOn] = useState(false);
  const latest = useRef(screen);
  useLayoutEffect(() => {
    latest.current = screen;
  });
  const speak = useCallback(() => {
    setOn(true);
    speaker.say(latest.current.lang, screenScript(latest.current));
  }, [speaker]);
  const readBasket = useCallback(() => {
    const { lang, lines, currency } = latest.current;
    setOn(true);
    speaker.say(lang, basketScript(lang, lines, currency));
  }, [speaker]);

  const { view, lang } = screen;
  const tipId = screen.tipStep?.id ?? '';
  const idle = view.kind === 'idle' && !tipId;
  const seen = useRef({ key: '', expiresAt: '' });
  useEffect(() => {
    const key = `${view.kind}|${view.paymentRequestId}|${tipId}`;
    const before = seen.current;
    seen.current = { key, expiresAt: view.expiresAt };
    if (before.key === key) {
      // The same payment, given longer: say so, by tone and (when on) by voice.
      if (view.kind === 'awaiting' && view.expiresAt > before.expiresAt && before.expiresAt) {
        speaker.tone('moreTime');
        if (on)
          speaker.say(lang, statusScript(lang, 'moreTime', { ...latest.current.view, shop: null }));
      }
      return;
    }
    const status = STATUS_OF[view.kind];
    if (status) speaker.tone(status);
    if (idle) {
      if (before.key && !before.key.startsWith('idle')) setOn(false);
      return;
    }
    if (on) speaker.say(lang, screenScript(latest.current));
    // Speech follows screens (not every render): the deps are what makes a new screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.kind, view.paymentRequestId, view.expiresAt, tipId]);

  // A new language while speaking: the screen again, in it.
  const spokenLang = useRef(lang);
  useEffect(() => {
    if (spokenLang.current !== lang && on) speak();
    spokenLang.current = lang;
  }, [lang, on, speak]);

  useSpeechKeys(speak);
  return { on, speak, readBasket };
}

/** Space or 5 (a keypad's raised key) speaks the screen, unless a control has the focus. */
function useSpeechKeys(speak: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== '5' && event.code !== 'Numpad5') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('button, input, select, textarea, a')) return;
      event.preventDefault();
      speak();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [speak]);
}

/** The Speak control (large, high contrast, at the bottom edge) and, with a basket, Read items. */
export function SpeechControls({
  on,
  speak,
  readBasket,
  basket,
}: {
  on: boolean;
  speak: () => void;
  readBasket: () => void;
  basket: boolean;
}) {
  const { say } = useWords();
  return (
    <>
      <button
        type="button"
        className="display-tool display-speak"
        aria-pressed={on}
        aria-describedby="display-speak-hint"
        data-testid="display-speak"
        onClick={speak}
      >
        <SpeakerIcon />
        <span>{say('speech.button')}</span>
      </button>
      <span id="display-speak-hint" className="sr-only">
        {say('speech.buttonHint')}
      </span>
      {basket && (
        <button
          type="button"
          className="display-tool"
          data-testid="display-read-basket"
          onClick={readBasket}
        >
          {say('speech.basketButton')}
        </button>
      )}
    </>
  );
}

function SpeakerIcon() {
  return (
    <svg className="display-speak__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 9h4l5-4v14l-5-4H3z" />
      <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />
    </svg>
  );
}
