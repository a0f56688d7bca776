/** The safe-text rule every free-text request field builds on (common.ts). */
import { describe, expect, it } from 'vitest';
import { Metadata, Notes, hasLoneSurrogate, nonBlank, safeText, unsafeTextProblem } from './common';
import { CollectChargeBody, SendPaymentBody } from './agent';
import { TerminalName } from './terminals';
import { BridgeCommand } from '../bridge';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

describe('unsafeTextProblem', () => {
  it('accepts ordinary text in any script, with emoji (surrogate pairs)', () => {
    for (const text of ['Café Zoë', 'שלום', 'مرحبا', '東京', 'tip 😀', ''])
      expect(unsafeTextProblem(text)).toBeNull();
  });

  it('names NUL, C0 and C1 controls and DEL', () => {
    expect(unsafeTextProblem('a\u0000b')).toMatch(/control characters \(found U\+0000\)/);
    expect(unsafeTextProblem('a\u001bb')).toMatch(/U\+001B/);
    expect(unsafeTextProblem('a\u007fb')).toMatch(/U\+007F/);
    expect(unsafeTextProblem('a\u0085b')).toMatch(/U\+0085/);
  });

  it('allows tabs and line breaks only in multiline text', () => {
    expect(unsafeTextProblem('a\nb')).toMatch(/U\+000A/);
    expect(unsafeTextProblem('a\r\n\tb', true)).toBeNull();
    expect(unsafeTextProblem('a\u0000b', true)).toMatch(/U\+0000/);
  });

  it('refuses bidirectional embeddings, overrides and isolates', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(unsafeTextProblem(`a${String.fromCharCode(code)}b`)).toMatch(/bidirectional/);
  });

  it('refuses direction marks, separators and invisible characters, in multiline text too', () => {
    for (const [code, kind] of [
      [0x200e, /bidirectional/],
      [0x200f, /bidirectional/],
      [0x061c, /bidirectional/],
      [0x2028, /line or paragraph separators/],
      [0x2029, /line or paragraph separators/],
      [0x200b, /invisible/],
      [0xfeff, /invisible/],
      [0x00ad, /invisible/],
    ] as const) {
      const found = `(found U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
      for (const multiline of [false, true]) {
        const problem = unsafeTextProblem(`a${String.fromCharCode(code)}b`, multiline);
        expect(problem).toMatch(kind);
        expect(problem).toContain(found);
      }
    }
    // Joiners make emoji and some scripts; Latin-1 letters sit beside the soft hyphen.
    for (const text of ['👩\u200d🍳', 'می\u200cخواهم', '¬®¯ éñ'])
      expect(unsafeTextProblem(text)).toBeNull();
  });

  it('refuses lone surrogates, the trace of invalid UTF-8', () => {
    expect(unsafeTextProblem('a\ud800')).toMatch(/UTF-8/);
    expect(unsafeTextProblem('\udc00a')).toMatch(/UTF-8/);
    expect(unsafeTextProblem('\ud83d\ude00')).toBeNull();
  });
});

describe('schemas built on safeText', () => {
  it('keeps their own rules and adds the safe-text one', () => {
    expect(parse(nonBlank(1, 5), '  ab ')).toBe('ab');
    expect(issues(nonBlank(1, 5), 'a\u202eb')[0]?.message).toMatch(/bidirectional/);
    expect(issues(Notes, 'x'.repeat(31))[0]?.message).toMatch(/at most 30/);
    expect(issues(Notes, 'a\u0000')[0]?.message).toMatch(/control/);
    expect(issues(TerminalName, 'Till\u2066 1')[0]?.message).toMatch(/bidirectional/);
    expect(issues(Metadata, { 'k\u0000': 'v' })[0]?.path).toEqual(['k\u0000']);
    expect(parse(Metadata, { note: 'two\nlines' })).toEqual({ note: 'two\nlines' });
    expect(issues(safeText({ message: 'is required' }), undefined)[0]?.message).toBe('is required');
  });

  it('covers what an agent pays and the basket staff key in at the kiosk', () => {
    const payee = { name: 'Ada\u200b Supplies', sortCode: '12-34-56', accountNumber: '12345678' };
    expect(paths(SendPaymentBody, { amount: 1, payee, reference: 'INV-1' })).toEqual([
      ['payee', 'name'],
    ]);
    expect(
      paths(SendPaymentBody, {
        amount: 1,
        payee: { ...payee, name: 'Ada' },
        reference: 'INV\u202e1',
      }),
    ).toEqual([['reference']]);
    expect(paths(CollectChargeBody, { amount: 1, orderId: 'A\u200f1', notes: 'x\ufeff' })).toEqual([
      ['orderId'],
      ['notes'],
    ]);
    const start = (lines: unknown, notes?: string) =>
      BridgeCommand.safeParse({ type: 'startPayment', amountPence: 100, notes, lines });
    const line = (description: string) => [{ description, quantity: 1, unitPence: 100 }];
    expect(start(line('Tea\u00ad')).error?.issues[0]?.path).toEqual(['lines', 0, 'description']);
    expect(start(line('Tea'), 'Thanks\u2028').error?.issues[0]?.path).toEqual(['notes']);
    expect(
      BridgeCommand.safeParse({ type: 'showBasket', lines: line('\u061cTea') }).error?.issues[0]
        ?.path,
    ).toEqual(['lines', 0, 'description']);
    expect(start(line('Tea'), 'Thanks').success).toBe(true);
  });

  it('finds a lone surrogate behind any other refused character (the body check)', () => {
    expect(hasLoneSurrogate('\u200b\ud800')).toBe(true);
    expect(hasLoneSurrogate('\u202e😀')).toBe(false);
  });
});
