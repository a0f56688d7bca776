import { describe, expect, it } from 'vitest';
import { checkCommand, formError } from './form-errors';

const labels = { amount: 'The amount', notes: 'The note' };

describe('form errors', () => {
  it('puts a field error next to its field, in a sentence', () => {
    expect(
      formError({ message: 'amount: must be greater than 0', field: 'amount' }, labels),
    ).toEqual({
      field: 'amount',
      message: 'The amount must be greater than 0.',
    });
  });

  it('keeps messages that already say what to do', () => {
    expect(
      formError(
        { message: 'The payments service cannot be reached; check the connection and try again' },
        labels,
      ),
    ).toEqual({
      field: null,
      message: 'The payments service cannot be reached; check the connection and try again.',
    });
    expect(formError({ message: 'Pair this kiosk first', field: 'amount' }, labels).message).toBe(
      'Pair this kiosk first.',
    );
  });

  it('finds the field in the message when the reply names none', () => {
    expect(
      formError(
        { message: 'code: is unknown, expired or already used; make a new one on the dashboard' },
        { code: 'The pairing code' },
      ),
    ).toEqual({
      field: 'code',
      message:
        'The pairing code is unknown, expired or already used; make a new one on the dashboard.',
    });
    expect(formError({ message: 'Note: bring a pen' }, labels)).toEqual({
      field: null,
      message: 'Note: bring a pen.',
    });
  });

  it('gives an error for a field the form does not show to the form', () => {
    expect(
      formError({ message: 'paymentMethod: is wrong', field: 'paymentMethod' }, labels),
    ).toEqual({ field: null, message: 'Is wrong.' });
  });

  it('checks commands with the contract before they are sent', () => {
    const zero = checkCommand({ type: 'startPayment', amountPence: 0, paymentMethod: null });
    expect(zero).toMatchObject({ ok: false, error: { field: 'amountPence' } });
    const long = checkCommand({ type: 'startPayment', amountPence: 100, notes: 'x'.repeat(31) });
    expect(long).toMatchObject({ ok: false, error: { field: 'notes' } });
    const code = checkCommand({
      type: 'pairWithCode',
      pin: '2468',
      baseUrl: 'http://127.0.0.1:4010',
      code: '12ab',
      name: 'Till',
    });
    expect(code).toMatchObject({
      ok: false,
      error: { field: 'code', message: 'must be the 6-digit code the dashboard shows' },
    });
    const fine = checkCommand({ type: 'startPayment', amountPence: 1250, notes: ' Table 4 ' });
    expect(fine).toEqual({
      ok: true,
      command: { type: 'startPayment', amountPence: 1250, notes: 'Table 4' },
    });
  });
});
