/**
 * A simulated kiosk outlives the instance that played it (docs/fleet.md, Simulated kiosks): with
 * two instances on one PostgreSQL database, once the instance holding its stream's lease stops and
 * the lease runs out, the other takes it over, as a real kiosk reconnects to another instance: it
 * is online again there and answers remote actions. Heartbeats are short here (the lease is two of
 * them), so the takeover takes seconds, not the default half minute.
 */
import { describe, expect, it, vi } from 'vitest';
import { TerminalActions } from '../../shared/contract/kiosk-settings';

const HEARTBEAT_MS = 400;
vi.stubEnv('COUNTER_HEARTBEAT_MS', String(HEARTBEAT_MS));
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.COUNTER_TEST_STORE === 'postgres')(
  'two instances on one database',
  () => {
    it('the other takes the kiosk over once the lease of the one that stopped runs out', async () => {
      // Loaded after the heartbeat is set: the terminals area reads it when it loads.
      const { startService, testStore } = await import('../../../test/helpers/service');
      const store = await testStore();
      const one = await startService(store);
      const two = await startService({ databaseUrl: store.databaseUrl });
      try {
        const created = await one.call('POST', '/api/sandbox/kiosks', { name: 'Roaming sim' });
        expect(created.status).toBe(201);
        const id = created.body.id as string;
        await one.close();
        await settle(2 * HEARTBEAT_MS + 1_500);
        const online = async () =>
          (await two.call('GET', '/api/fleet/devices')).body.devices.find(
            (d: { terminalId: string }) => d.terminalId === id,
          )?.online;
        expect(await online()).toBe(true);
        // Played by the instance left: it answers what is asked of it.
        const asked = await two.call('POST', `/api/terminals/${id}/actions`, {
          action: 'RELOAD_DISPLAY',
        });
        expect(asked.status).toBe(201);
        for (let i = 0; i < 50; i++) {
          const list = TerminalActions.parse(
            (await two.call('GET', `/api/terminals/${id}/actions`)).body,
          );
          if (list.actions[0]?.status !== 'PENDING') break;
          await settle(200);
        }
        expect(
          TerminalActions.parse((await two.call('GET', `/api/terminals/${id}/actions`)).body)
            .actions[0],
        ).toMatchObject({ status: 'DONE', message: 'Reloaded the customer display' });
      } finally {
        await two.close();
      }
    });
  },
);
