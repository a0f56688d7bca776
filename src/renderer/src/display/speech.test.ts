import { describe, expect, it } from 'vitest';
import {
  askingScript,
  basketScript,
  createSpeaker,
  statusScript,
  tipScript,
  TONES,
  type SpeechPlatform,
} from './speech';

/** The scripts with Intl's no-break spaces as plain ones, to compare with what a reader hears. */
const plain = (lines: string[]) => lines.map((line) => line.replace(/[\u00a0\u202f]/g, ' '));

/** Records what the speaker asks the platform to do, in order. */
function recordingPlatform() {
  const calls: string[] = [];
  class Utterance {
    lang = '';
    constructor(public text: string) {}
  }
  const platform = {
    speechSynthesis: {
      cancel: () => calls.push('cancel'),
      speak: (u: Utterance) => calls.push(`speak ${u.lang} ${u.text}`),
    },
    SpeechSynthesisUtterance: Utterance,
  } as unknown as SpeechPlatform;
  return { calls, platform };
}

describe('speech on the customer display', () => {
  it('reads the tip step: the question with the amount, then each choice as the screen shows it', () => {
    const step = { amountPence: 1250, currency: 'GBP', percentages: [10, 15, 20] };
    expect(plain(tipScript('en', step))).toEqual([
      'Would you like to add a tip to your £12.50 payment? Choose No tip, a percentage or a custom amount.',
      'No tip',
      '10%: £1.25',
      '15%: £1.88',
      '20%: £2.50',
      'Custom amount',
    ]);
    expect(tipScript('cy', step)[1]).toBe('Dim cildwrn');
    expect(tipScript('ar', step)[0]).toContain('١٢٫٥٠');
  });

  it('says who asks and how much, then how to pay, in the chosen language', () => {
    const asking = { shop: 'Siop Gwen', amountPence: 1250, currency: 'GBP' };
    expect(askingScript('cy', asking)[0]).toBe('Mae Siop Gwen yn gofyn i chi dalu £12.50.');
    expect(plain(askingScript('pl', asking))[0]).toBe('Siop Gwen prosi o zapłatę 12,50 £.');
    expect(askingScript('ar', asking)[0]).toContain('١٢٫٥٠');
    expect(askingScript('en', { ...asking, shop: null })).toEqual([
      'You are asked to pay £12.50.',
      expect.stringContaining('QR code'),
    ]);
  });

  it('reads the basket line by line with each quantity in the language’s plural', () => {
    const lines = [
      { description: 'Bara brith', quantity: 1, unitPence: 350 },
      { description: 'Kawa', quantity: 5, unitPence: 300 },
    ];
    expect(plain(basketScript('pl', lines, 'GBP'))).toEqual([
      '6 produktów:',
      'Bara brith, 3,50 £.',
      '5 sztuk Kawa, 15,00 £.',
    ]);
    expect(basketScript('en', [], 'GBP')).toEqual(['There is no list of items for this payment.']);
  });

  it('interrupts what it is saying and sets each utterance’s language', () => {
    const { calls, platform } = recordingPlatform();
    const speaker = createSpeaker(platform);
    speaker.say('ar', ['أ', 'ب']);
    speaker.say('uk', ['Оплачено.']);
    expect(calls).toEqual([
      'cancel',
      'speak ar-EG أ',
      'speak ar-EG ب',
      'cancel',
      'speak uk-UA Оплачено.',
    ]);
    speaker.stop();
    expect(calls.at(-1)).toBe('cancel');
  });

  it('stays silent without speech, and every status has a tone of its own', () => {
    expect(() => createSpeaker({}).say('en', ['x'])).not.toThrow();
    const patterns = Object.values(TONES).map((notes) => JSON.stringify(notes));
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(
      plain(statusScript('de', 'paid', { shop: null, amountPence: 400, currency: 'GBP' })),
    ).toEqual(['Bezahlt. Vielen Dank. 4,00 £ wurden bezahlt.']);
  });
});
