import { describe, expect, it } from 'vitest';
import {
  pickTerminal,
  terminalChoices,
  terminalName,
  type TerminalRecord,
} from './terminal-choices';

const terminal = (over: Partial<TerminalRecord>): TerminalRecord => ({
  id: 'a',
  name: 'Front till',
  storeId: 's',
  tokenMissing: false,
  remotePaymentsEnabled: true,
  maxAmount: 10_000,
  lastSeenAt: null,
  online: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('terminal choices for the push form', () => {
  it('says why a terminal cannot take a payment', () => {
    expect(
      terminalChoices([
        terminal({ id: 'a' }),
        terminal({ id: 'b', name: 'Bar', remotePaymentsEnabled: false }),
        terminal({ id: 'c', name: 'Back', tokenMissing: true }),
      ]),
    ).toEqual([
      { id: 'a', name: 'Front till', reason: '' },
      { id: 'b', name: 'Bar', reason: 'remote payments are off' },
      { id: 'c', name: 'Back', reason: 'waiting for the kiosk to connect' },
    ]);
  });

  it('keeps a usable choice, drops an unusable one, and picks the only usable terminal', () => {
    const choices = [
      { id: 'a', name: 'A', reason: '' },
      { id: 'b', name: 'B', reason: 'remote payments are off' },
    ];
    expect(pickTerminal(choices, 'a')).toBe('a');
    expect(pickTerminal(choices, 'b')).toBe('a');
    expect(pickTerminal([...choices, { id: 'c', name: 'C', reason: '' }], '')).toBe('');
    expect(pickTerminal([], 'a')).toBe('');
  });

  it('names the terminal of a payment', () => {
    const list = [terminal({ id: 'a' })];
    expect(terminalName(list, 'a')).toBe('Front till');
    expect(terminalName(list, 'gone')).toBe('Unpaired terminal');
    expect(terminalName(list, null)).toBe('—');
  });
});
