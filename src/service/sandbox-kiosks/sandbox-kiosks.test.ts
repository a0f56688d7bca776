/**
 * Simulated kiosks over real HTTP (docs/fleet.md, Simulated kiosks): created with a sandbox
 * secret only, they are paired terminals the Devices page shows online and "simulated", that take
 * their store's settings, answer remote actions as a kiosk would, refuse bad input naming the
 * field, and go with an unpairing or a sandbox reset; on PostgreSQL, one instance plays a kiosk
 * that another instance's requests reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { DeviceList } from '../../shared/contract/fleet';
import { EffectiveKioskSettings, TerminalActions } from '../../shared/contract/kiosk-settings';
import { SimulatedKiosk, SimulatedKiosks } from '../../shared/contract/sandbox-kiosks';
import {
  PRODUCTION,
  TEST_STORE,
  pairTerminal,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};

async function create(on: Harness, body: Record<string, unknown> = {}) {
  const res = await on.call('POST', '/api/sandbox/kiosks', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SimulatedKiosk.parse(res.body);
}
const kiosks = async (on = h) =>
  SimulatedKiosks.parse((await on.call('GET', '/api/sandbox/kiosks')).body).kiosks;
const devices = async (on = h) =>
  DeviceList.parse((await on.call('GET', '/api/fleet/devices')).body).devices;

/** Asks until `check` holds (it throws until then), for what a kiosk does on its own. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await settle(200);
    }
  }
}

async function actionAnswered(on: Harness, kioskId: string, action: string) {
  const asked = await on.call('POST', `/api/terminals/${kioskId}/actions`, { action });
  expect(asked.status).toBe(201);
  return eventually(async () => {
    const list = TerminalActions.parse(
      (await on.call('GET', `/api/terminals/${kioskId}/actions`)).body,
    );
    const one = list.actions.find((a) => a.id === asked.body.id);
    expect(one?.status).not.toBe('PENDING');
    return one!;
  });
}

describe('simulated kiosks', () => {
  it('are paired terminals the Devices page shows online, simulated, with their report', async () => {
    const kiosk = await create(h, { name: 'Demo till', appVersion: '2.3.4' });
    expect(kiosk).toMatchObject({ name: 'Demo till', appVersion: '2.3.4', online: true });
    const device = (await devices()).find((d) => d.terminalId === kiosk.id)!;
    expect(device).toMatchObject({ simulated: true, online: true, name: 'Demo till' });
    expect(device.report).toMatchObject({
      appVersion: '2.3.4',
      printer: { state: 'READY', jobsWaiting: 0 },
      display: { attached: true, showing: true },
    });
    const real = await pairTerminal(h, 'Real till');
    expect((await devices()).find((d) => d.terminalId === real.terminal.id)?.simulated).toBe(false);
    expect((await kiosks()).map((k) => k.id)).toContain(kiosk.id);
    expect((await kiosks()).map((k) => k.id)).not.toContain(real.terminal.id);
  });

  it("take their store's settings, and another store's kiosk does not", async () => {
    const store = await h.call('POST', '/api/stores', { name: 'Market hall' });
    expect(store.status).toBe(201);
    const [a, b] = [
      await create(h, { storeId: store.body.id }),
      await create(h, { storeId: store.body.id }),
    ];
    const c = await create(h);
    const put = await h.call('PUT', `/api/stores/${store.body.id}/kiosk-settings`, {
      settings: { idleScreenText: 'Welcome to the hall', tipsEnabled: true },
      locked: ['tipsEnabled'],
    });
    expect(put.status).toBe(200);
    await eventually(async () => {
      const held = new Map((await kiosks()).map((k) => [k.id, k.settings]));
      for (const k of [a, b]) {
        expect(held.get(k.id)?.settings.idleScreenText).toBe('Welcome to the hall');
        expect(held.get(k.id)?.locked).toEqual(['tipsEnabled']);
      }
      expect(held.get(c.id)?.settings.idleScreenText).toBe('Welcome');
    });
    // What it holds is its settings in force, readable as any kiosk's are.
    const effective = EffectiveKioskSettings.parse(
      (await h.call('GET', `/api/terminals/${a.id}/kiosk-settings/effective`)).body,
    );
    expect(effective.settings.idleScreenText).toBe('Welcome to the hall');
    expect(effective.from.idleScreenText).toBe('store');
  });

  it('answer remote actions as a kiosk would: a test page fails while the printer is offline', async () => {
    const kiosk = await create(h);
    expect(await actionAnswered(h, kiosk.id, 'PRINT_TEST_PAGE')).toMatchObject({
      status: 'DONE',
      message: 'Printed a test page',
    });
    const off = await h.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, {
      printer: { state: 'OFFLINE', jobsWaiting: 0 },
    });
    expect(off.status).toBe(200);
    expect(await actionAnswered(h, kiosk.id, 'PRINT_TEST_PAGE')).toMatchObject({
      status: 'FAILED',
      message: expect.stringMatching(/printer.*offline/i),
    });
    expect(await actionAnswered(h, kiosk.id, 'RELOAD_DISPLAY')).toMatchObject({ status: 'DONE' });
    expect(await actionAnswered(h, kiosk.id, 'LOCK_CONSOLE')).toMatchObject({ status: 'DONE' });
    expect((await kiosks()).find((k) => k.id === kiosk.id)?.consoleLocked).toBe(true);
  });

  it('answer what was asked while away once their stream is back', async () => {
    const kiosk = await create(h);
    await h.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, { online: false });
    const asked = await h.call('POST', `/api/terminals/${kiosk.id}/actions`, {
      action: 'SIGN_OUT_STAFF',
    });
    await settle(1_500);
    const list = async () =>
      TerminalActions.parse((await h.call('GET', `/api/terminals/${kiosk.id}/actions`)).body)
        .actions;
    expect((await list()).find((a) => a.id === asked.body.id)?.status).toBe('PENDING');
    await h.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, { online: true });
    await eventually(async () =>
      expect((await list()).find((a) => a.id === asked.body.id)?.status).toBe('DONE'),
    );
  });

  it('refuse bad input naming the field, and change nothing', async () => {
    const kiosk = await create(h, { name: 'Steady till' });
    const before = await kiosks();
    const terminals = (await h.call('GET', '/api/terminal')).body.length;
    for (const [body, field] of [
      [{ printer: { state: 'ON_FIRE', jobsWaiting: 0 } }, 'printer.state'],
      [{ printer: { state: 'READY', jobsWaiting: -1 } }, 'printer.jobsWaiting'],
      [{ online: 'yes' }, 'online'],
      [{ appVersion: 'latest' }, 'appVersion'],
      [{ offlineWork: { waiting: 1, oldestAt: 'yesterday' } }, 'offlineWork.oldestAt'],
      [{ display: { attached: true } }, 'display.showing'],
    ] as const) {
      const res = await h.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, body);
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    for (const [body, field] of [
      [{ appVersion: 'v1' }, 'appVersion'],
      [{ storeId: 'not-a-store' }, 'storeId'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await h.call('POST', '/api/sandbox/kiosks', body);
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    const unknownStore = await h.call('POST', '/api/sandbox/kiosks', {
      storeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownStore.status).toBe(404);
    expect(fieldsOf(unknownStore.body)).toEqual(['storeId']);
    const missing = await h.call('PATCH', `/api/sandbox/kiosks/${crypto.randomUUID()}`, {});
    expect(missing.status).toBe(404);
    expect(await kiosks()).toEqual(before);
    expect((await h.call('GET', '/api/terminal')).body.length).toBe(terminals);
  });

  it('refuse a production secret', async () => {
    const kiosk = await create(h);
    for (const [method, path, body] of [
      ['POST', '/api/sandbox/kiosks', {}],
      ['GET', '/api/sandbox/kiosks', undefined],
      ['PATCH', `/api/sandbox/kiosks/${kiosk.id}`, { online: false }],
      ['DELETE', `/api/sandbox/kiosks/${kiosk.id}`, undefined],
    ] as const) {
      const res = await h.call(method, path, body, PRODUCTION);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message).toMatch(/sandbox secrets only/);
    }
    expect((await kiosks()).find((k) => k.id === kiosk.id)?.online).toBe(true);
  });

  it('go with an unpairing, and all of them with a sandbox reset (real kiosks stay)', async () => {
    const gone = await create(h);
    expect((await h.call('DELETE', `/api/sandbox/kiosks/${gone.id}`)).status).toBe(200);
    expect((await kiosks()).map((k) => k.id)).not.toContain(gone.id);
    expect((await devices()).map((d) => d.terminalId)).not.toContain(gone.id);
    expect((await h.call('DELETE', `/api/sandbox/kiosks/${gone.id}`)).status).toBe(404);

    const real = await pairTerminal(h, 'Stays paired');
    await create(h);
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expect(await kiosks()).toEqual([]);
    const left = await devices();
    expect(left.filter((d) => d.simulated)).toEqual([]);
    expect(left.map((d) => d.terminalId)).toContain(real.terminal.id);
  });
});

describe.runIf(TEST_STORE === 'postgres')('two instances on one database', () => {
  it("reach the kiosk one of them plays, and show it online from the other's lease", async () => {
    const store = await testStore();
    const one = await startService(store);
    const two = await startService({ databaseUrl: store.databaseUrl });
    try {
      const kiosk = await create(one);
      expect((await devices(two)).find((d) => d.terminalId === kiosk.id)?.online).toBe(true);
      await two.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, {
        printer: { state: 'OFFLINE', jobsWaiting: 1 },
      });
      expect(
        (await devices(one)).find((d) => d.terminalId === kiosk.id)?.report?.printer.state,
      ).toBe('OFFLINE');
      expect(await actionAnswered(two, kiosk.id, 'PRINT_TEST_PAGE')).toMatchObject({
        status: 'FAILED',
      });
      await two.call('PATCH', `/api/sandbox/kiosks/${kiosk.id}`, { online: false });
      await eventually(async () => {
        for (const on of [one, two])
          expect((await devices(on)).find((d) => d.terminalId === kiosk.id)?.online).toBe(false);
      });
    } finally {
      await two.close();
      await one.close();
    }
  });
});
