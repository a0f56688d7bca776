/**
 * POST /api/terminal/{id}/display over real HTTP: the till system's basket reaches the terminal
 * on its push stream and its event feed, validated field by field, for the merchant's own
 * terminals only; a refused body reaches no terminal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { TerminalDisplayPush } from '../../shared/contract/terminals';
import {
  PRODUCTION,
  SANDBOX,
  startService,
  type Harness,
  pairTerminal,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const pair = (name: string, secret = SANDBOX) => pairTerminal(h, name, { secret });
const show = (id: string, body: unknown, secret: string | null = SANDBOX) =>
  h.call('POST', `/api/terminal/${id}/display`, body, secret);
/** The fields a refusal names (the envelope's `errors`, never the legacy "[]" here). */
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};
const feed = (secret: string, after = '') =>
  h.call('GET', `/api/terminal/events/feed${after ? `?after=${after}` : ''}`, undefined, secret);

const BASKET = {
  currency: 'GBP',
  lineItems: [
    { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
    { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
    { description: 'Tap water', quantity: 1, unitAmount: 0 },
  ],
};

describe('the basket on a terminal’s display', () => {
  it('reaches the terminal on its push stream, totalled in pounds', async () => {
    const till = await pair('Display till');
    const s = await connectSse(`${h.url}/api/terminal/events`, till.secret);
    try {
      await s.next((e) => e.event === 'ready');
      const res = await show(till.terminal.id, BASKET);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        terminalId: till.terminal.id,
        totalAmount: 9.15,
        currency: 'GBP',
        lineCount: 3,
      });
      const event = await s.next((e) => e.event === 'TERMINAL_DISPLAY');
      const data = TerminalDisplayPush.parse(JSON.parse(event.data).data);
      expect(data).toEqual({ terminalId: till.terminal.id, ...BASKET, totalAmount: 9.15 });
    } finally {
      s.close();
    }
  });

  it('is in the event feed of a terminal that polls, and an empty list clears it', async () => {
    const till = await pair('Polling display');
    await feed(till.secret); // reading the feed once makes the terminal reachable
    expect((await show(till.terminal.id, BASKET)).status).toBe(200);
    const cleared = await show(till.terminal.id, { lineItems: [], currency: 'GBP' });
    expect(cleared.body).toMatchObject({ totalAmount: 0, lineCount: 0 });
    const page = await feed(till.secret);
    expect(page.body.events.map((e: { type: string }) => e.type)).toEqual([
      'TERMINAL_DISPLAY',
      'TERMINAL_DISPLAY',
    ]);
    expect(page.body.events[1].body.data.lineItems).toEqual([]);
  });

  it.each([
    ['lineItems.0.quantity', { description: 'Tea', quantity: 0, unitAmount: 1 }],
    ['lineItems.0.quantity', { description: 'Tea', quantity: 1.5, unitAmount: 1 }],
    ['lineItems.0.unitAmount', { description: 'Tea', quantity: 1, unitAmount: -1 }],
    ['lineItems.0.unitAmount', { description: 'Tea', quantity: 1, unitAmount: 1.234 }],
    ['lineItems.0.description', { description: '   ', quantity: 1, unitAmount: 1 }],
    ['lineItems.0.description', { description: 'x'.repeat(61), quantity: 1, unitAmount: 1 }],
  ])('refuses a bad line naming %s, and nothing reaches the terminal', async (field, line) => {
    const till = await pair(`Refusing ${field}`);
    await feed(till.secret);
    const res = await show(till.terminal.id, { currency: 'GBP', lineItems: [line] });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect((await feed(till.secret)).body.events).toEqual([]);
  });

  it('refuses another currency, a basket over the largest amount, and a missing list', async () => {
    const till = await pair('Whole-body checks');
    const fields = async (body: unknown) => {
      const res = await show(till.terminal.id, body);
      expect(res.status).toBe(400);
      return fieldsOf(res.body);
    };
    expect(await fields({ ...BASKET, currency: 'EUR' })).toContain('currency');
    expect(
      await fields({
        currency: 'GBP',
        lineItems: [{ description: 'Yacht', quantity: 2, unitAmount: 99_999_999.99 }],
      }),
    ).toContain('lineItems');
    expect(await fields({ currency: 'GBP' })).toContain('lineItems');
  });

  it('answers 404 for a terminal that is not the merchant’s or not in its environment', async () => {
    const sandboxTill = await pair('Sandbox display');
    expect(
      ErrorEnvelope.parse((await show(sandboxTill.terminal.id, BASKET, PRODUCTION)).body).status,
    ).toBe(404);
    expect((await show(randomUUID(), BASKET)).status).toBe(404);
    expect((await show(sandboxTill.terminal.id, BASKET, sandboxTill.secret)).status).toBe(403);
    expect((await show(sandboxTill.terminal.id, BASKET, null)).status).toBe(401);
  });
});
