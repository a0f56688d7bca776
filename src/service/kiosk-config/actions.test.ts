/**
 * Remote actions over real HTTP (docs/fleet.md, Remote actions): the merchant's request is
 * recorded PENDING and pushed to that kiosk alone; the kiosk's answer (DONE or FAILED, its words)
 * is recorded once; another kiosk cannot answer it, another merchant cannot ask, and an unknown
 * action is refused naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { TerminalActionPush, TerminalActions } from '../../shared/contract/kiosk-settings';
import {
  PRODUCTION,
  pairTerminal,
  startService,
  type Harness,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const ask = (id: string, action: unknown, secret?: string) =>
  h.call('POST', `/api/terminals/${id}/actions`, { action }, secret);
const listOf = async (id: string) =>
  TerminalActions.parse((await h.call('GET', `/api/terminals/${id}/actions`)).body).actions;

describe('remote actions', () => {
  it('reach the one kiosk, which answers with its result, once', async () => {
    const till = await pairTerminal(h, 'Asked');
    const bystander = await pairTerminal(h, 'Not asked');
    const streams = await Promise.all(
      [till, bystander].map((t) => connectSse(`${h.url}/api/terminal/events`, t.secret)),
    );
    try {
      for (const s of streams) await s.next((e) => e.event === 'ready');
      const asked = await ask(till.terminal.id, 'PRINT_TEST_PAGE');
      expect(asked.status).toBe(201);
      expect(asked.body).toMatchObject({ status: 'PENDING', action: 'PRINT_TEST_PAGE' });
      const event = await streams[0]!.next((e) => e.event === 'TERMINAL_ACTION', 5_000);
      expect(TerminalActionPush.parse(JSON.parse(event.data).data)).toEqual({
        terminalId: till.terminal.id,
        actionId: asked.body.id,
        action: 'PRINT_TEST_PAGE',
      });
      const result = `/api/terminals/${till.terminal.id}/actions/${asked.body.id}/result`;
      // Another kiosk cannot answer for it.
      const foreign = await h.call('POST', result, { status: 'DONE' }, bystander.secret);
      expect(foreign.status).toBe(404);
      const done = await h.call(
        'POST',
        result,
        { status: 'DONE', message: 'Printed' },
        till.secret,
      );
      expect(done.status).toBe(200);
      const again = await h.call('POST', result, { status: 'FAILED' }, till.secret);
      expect(again.status).toBe(409);
      const [recorded] = await listOf(till.terminal.id);
      expect(recorded).toMatchObject({ status: 'DONE', message: 'Printed' });
      expect(recorded?.doneAt).not.toBeNull();
      expect(recorded?.requestedBy).toBe('merchant secret (sandbox)');
      await new Promise((r) => setTimeout(r, 300));
      expect(streams[1]!.events.some((e) => e.event === 'TERMINAL_ACTION')).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("refuses an unknown action naming the field, and another merchant's kiosk", async () => {
    const till = await pairTerminal(h, 'Refuses');
    const bad = await ask(till.terminal.id, 'SELF_DESTRUCT');
    expect(bad.status).toBe(400);
    const { errors } = ErrorEnvelope.parse(bad.body);
    expect(Array.isArray(errors) && errors.map((e) => e.field)).toEqual(['action']);
    expect((await ask(till.terminal.id, 'RELOAD_DISPLAY', PRODUCTION)).status).toBe(404);
    expect(
      (await h.call('GET', `/api/terminals/${till.terminal.id}/actions`, undefined, PRODUCTION))
        .status,
    ).toBe(404);
    expect(await listOf(till.terminal.id)).toEqual([]);
  });
});
