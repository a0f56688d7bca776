/**
 * A simulated kiosk's alerts over real HTTP (docs/fleet.md, Simulated kiosks): its printer going
 * offline is on the Devices page at once and makes one signed TERMINAL_HEALTH webhook, and one
 * recovery when it is ready again; its stream closed, the sandbox clock moved past the merchant's
 * set time brings one OFFLINE alert, and its stream back one recovery, as for a real kiosk.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeviceList } from '../../shared/contract/fleet';
import { SimulatedKiosk } from '../../shared/contract/sandbox-kiosks';
import { startService, type Harness } from '../../../test/helpers/service';
import { healthAlerts } from '../../../test/helpers/fleet';
import { startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';

let h: Harness;
let receiver: Receiver;
let secret: string;
let subscription: string;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());
beforeEach(async () => {
  receiver = await startReceiver();
  const sub = await h.call('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['TERMINAL_HEALTH'],
  });
  expect(sub.status).toBe(201);
  secret = sub.body.secret as string;
  subscription = sub.body.id as string;
});
afterEach(async () => {
  await h.call('DELETE', `/api/webhooks/${subscription}`);
  await receiver.close();
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alertsFor = (terminalId: string) => healthAlerts(receiver, secret, terminalId);
const waitForAlert = (terminalId: string, status: string) =>
  receiver.waitFor(
    (r) => r.json.data.terminalId === terminalId && r.json.data.status === status,
    10_000,
  );

async function create(name: string) {
  const res = await h.call('POST', '/api/sandbox/kiosks', { name });
  expect(res.status).toBe(201);
  return SimulatedKiosk.parse(res.body);
}
const patch = async (id: string, body: unknown) =>
  expect((await h.call('PATCH', `/api/sandbox/kiosks/${id}`, body)).status).toBe(200);
const deviceOf = async (id: string) =>
  DeviceList.parse((await h.call('GET', '/api/fleet/devices')).body).devices.find(
    (d) => d.terminalId === id,
  )!;

describe('a simulated kiosk’s alerts', () => {
  it('printer offline: on the Devices page at once, one signed webhook, one recovery', async () => {
    const kiosk = await create('Printer sim');
    await patch(kiosk.id, { printer: { state: 'OFFLINE', jobsWaiting: 2 } });
    expect((await deviceOf(kiosk.id)).report?.printer).toEqual({
      state: 'OFFLINE',
      jobsWaiting: 2,
    });
    await waitForAlert(kiosk.id, 'RAISED');
    // More sweeps, and the same state again: still one alert.
    await patch(kiosk.id, { printer: { state: 'OFFLINE', jobsWaiting: 3 } });
    await settle(2_500);
    expect(alertsFor(kiosk.id)).toEqual(['PRINTER RAISED']);
    expect((await deviceOf(kiosk.id)).alerts.map((a) => a.kind)).toEqual(['PRINTER']);

    await patch(kiosk.id, { printer: { state: 'READY', jobsWaiting: 0 } });
    await waitForAlert(kiosk.id, 'RECOVERED');
    await settle(2_500);
    expect(alertsFor(kiosk.id)).toEqual(['PRINTER RAISED', 'PRINTER RECOVERED']);
    expect((await deviceOf(kiosk.id)).alerts).toEqual([]);
  });

  it('stream closed: one OFFLINE alert once the sandbox clock passes the set time, one recovery', async () => {
    await h.call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 60 });
    try {
      const kiosk = await create('Away sim');
      await patch(kiosk.id, { online: false });
      const away = await deviceOf(kiosk.id);
      expect(away.online).toBe(false);
      expect(away.offlineSince).not.toBeNull();
      await settle(1_500);
      expect(alertsFor(kiosk.id)).toEqual([]);
      await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
      await waitForAlert(kiosk.id, 'RAISED');
      await settle(2_000);
      expect(alertsFor(kiosk.id)).toEqual(['OFFLINE RAISED']);

      await patch(kiosk.id, { online: true });
      expect((await deviceOf(kiosk.id)).online).toBe(true);
      await waitForAlert(kiosk.id, 'RECOVERED');
      await settle(2_000);
      expect(alertsFor(kiosk.id)).toEqual(['OFFLINE RAISED', 'OFFLINE RECOVERED']);
    } finally {
      await h.call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 120 });
    }
  });
});
