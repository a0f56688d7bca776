/**
 * The shift desk against a real service over HTTP on loopback: a Z report made while the service
 * cannot be reached waits in the kiosk's database, and once it can be reached the waiting reports
 * arrive in number order, each once, and the service's chain check finds them whole.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../client/http-client';
import { ChainCheck } from '../../../shared/contract/shifts';
import { pairTerminal, startService, type Harness } from '../../../../test/helpers/service';
import { openHistory } from '../history/history';
import { createShiftDesk } from './desk';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

/** A loopback port nothing listens on: the service "cannot be reached". */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('Z reports made while the service is away', () => {
  it('wait in the kiosk and arrive in order, once each, when it is back', async () => {
    const till = await pairTerminal(h, 'Offline till');
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const history = openHistory(null, { now: () => clock });
    const away = createClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      secret: till.secret,
      timeoutMs: 2000,
    });
    const back = createClient({ baseUrl: h.url, secret: till.secret });
    let client = away;
    const desk = createShiftDesk({
      db: history.db,
      now: () => clock,
      log: () => {},
      onChange: () => {},
      terminal: () => ({ client, terminalId: till.terminal.id }),
    });
    for (let i = 0; i < 3; i++) {
      desk.shifts.open(10_000, 'Ann');
      clock += 60_000;
      desk.shifts.close([{ denominationPence: 5000, count: 2 }], 'Ann');
      await desk.flush();
    }
    expect(desk.outbox.state().waiting).toBe(3);
    expect(desk.outbox.state().lastError).toMatch(/reach|connect/i);

    client = back;
    clock += 120_000;
    await Promise.all([desk.flush(), desk.flush()]);
    expect(desk.outbox.state()).toEqual({ waiting: 0, lastError: null });
    const list = await h.call('GET', `/api/terminals/${till.terminal.id}/shifts`);
    expect(list.body.reports.map((r: { number: number }) => r.number)).toEqual([3, 2, 1]);
    expect(ChainCheck.parse(list.body.chain)).toMatchObject({ ok: true, reports: 3 });
    history.close();
  });
});
