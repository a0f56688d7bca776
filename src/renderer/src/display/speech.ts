/**
 * The display read aloud: what to say for each screen and status in the customer's language
 * (pure, so it can be tested), and a speaker that says it through the platform's speech
 * (`speechSynthesis`, each utterance in the chosen language) and plays a distinct short tone for
 * each status (Web Audio), so no status is conveyed by sight alone.
 */
import type { BasketLine } from '../../../shared/bridge';
import { lineTotalPence } from '../../../shared/basket';
import { percentTip } from '../../../shared/contract/tips';
import { formatMoney, formatPercent, language, t, type LanguageCode } from '../../../shared/i18n';

export type Status = 'paid' | 'failed' | 'expired' | 'cancelled' | 'moreTime';

/** What the customer is asked to pay and by whom. */
export interface Asking {
  shop: string | null;
  amountPence: number;
  currency: string;
}

export function askingScript(lang: LanguageCode, asking: Asking): string[] {
  const amount = formatMoney(lang, asking.amountPence, asking.currency);
  return [
    asking.shop
      ? t(lang, 'speech.asks', { shop: asking.shop, amount })
      : t(lang, 'speech.asksNoShop', { amount }),
    t(lang, 'speech.howToPay'),
  ];
}

/** The tip step: the question with the amount, then each choice as the screen shows it. */
export function tipScript(
  lang: LanguageCode,
  step: { amountPence: number; currency: string; percentages: readonly number[] },
): string[] {
  const money = (pence: number) => formatMoney(lang, pence, step.currency);
  return [
    t(lang, 'speech.tipAsk', { amount: money(step.amountPence) }),
    t(lang, 'display.tipNone'),
    ...step.percentages.map(
      (percent) =>
        `${formatPercent(lang, percent)}: ${money(percentTip(step.amountPence, percent))}`,
    ),
    t(lang, 'display.tipCustom'),
  ];
}

export function idleScript(lang: LanguageCode, shop: string | null): string[] {
  return [shop ? t(lang, 'speech.idle', { shop }) : t(lang, 'speech.idleNoShop')];
}

/** The basket line by line: how many items, then each with its quantity and amount. */
export function basketScript(
  lang: LanguageCode,
  lines: readonly BasketLine[],
  currency: string,
): string[] {
  if (lines.length === 0) return [t(lang, 'speech.noBasket')];
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return [
    t(lang, 'speech.basketCount', { count }),
    ...lines.map((line) =>
      t(lang, 'speech.basketLine', {
        quantity: line.quantity,
        description: line.description,
        amount: formatMoney(lang, lineTotalPence(line), currency),
      }),
    ),
  ];
}

export function statusScript(lang: LanguageCode, status: Status, asking: Asking): string[] {
  switch (status) {
    case 'paid':
      return [
        t(lang, 'speech.paid', { amount: formatMoney(lang, asking.amountPence, asking.currency) }),
      ];
    case 'failed':
      return [t(lang, 'speech.failed')];
    case 'expired':
      return [t(lang, 'speech.expired')];
    case 'cancelled':
      return [t(lang, 'speech.cancelled')];
    case 'moreTime':
      return [t(lang, 'speech.moreTime')];
  }
}

/**
 * Each status's tone, as notes (Hz) played one after another: rising for paid, falling and low
 * for failed, one long low note for expired, two falling for cancelled, two quick equal ones for
 * more time. Different in pitch and rhythm, so they are told apart without a screen.
 */
export const TONES: Record<Status, readonly { hz: number; ms: number }[]> = {
  paid: [
    { hz: 660, ms: 140 },
    { hz: 880, ms: 220 },
  ],
  failed: [
    { hz: 330, ms: 200 },
    { hz: 220, ms: 320 },
  ],
  expired: [{ hz: 262, ms: 600 }],
  cancelled: [
    { hz: 523, ms: 160 },
    { hz: 392, ms: 160 },
  ],
  moreTime: [
    { hz: 587, ms: 90 },
    { hz: 587, ms: 90 },
  ],
};

/** The parts of the browser the speaker uses (a test passes its own). */
export interface SpeechPlatform {
  speechSynthesis?: Pick<SpeechSynthesis, 'speak' | 'cancel'>;
  SpeechSynthesisUtterance?: new (text: string) => SpeechSynthesisUtterance;
  AudioContext?: new () => AudioContext;
}

export interface Speaker {
  /** Stops whatever is being said, then says `lines` in `lang`'s voice. */
  say(lang: LanguageCode, lines: readonly string[]): void;
  /** Stops speaking now. */
  stop(): void;
  /** Plays the status's tone. */
  tone(status: Status): void;
}

export function createSpeaker(platform: SpeechPlatform): Speaker {
  const synth = platform.speechSynthesis;
  const Utterance = platform.SpeechSynthesisUtterance;
  let audio: AudioContext | null = null;
  return {
    say(lang, lines) {
      if (!synth || !Utterance) return;
      // Interrupt: a new request replaces what is being said rather than queueing behind it.
      synth.cancel();
      for (const text of lines) {
        const utterance = new Utterance(text);
        utterance.lang = language(lang).speechLang;
        synth.speak(utterance);
      }
    },
    stop() {
      synth?.cancel();
    },
    tone(status) {
      if (!platform.AudioContext) return;
      try {
        audio ??= new platform.AudioContext();
        void audio.resume();
        playNotes(audio, TONES[status]);
      } catch {
        // No audio output (or not yet allowed): the status is still shown and spoken.
      }
    },
  };
}

function playNotes(audio: AudioContext, notes: readonly { hz: number; ms: number }[]) {
  let at = audio.currentTime;
  for (const note of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = note.hz;
    gain.gain.setValueAtTime(0.25, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + note.ms / 1000);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + note.ms / 1000);
    at += note.ms / 1000 + 0.04;
  }
}
