/**
 * The fleet over real HTTP (docs/fleet.md): a kiosk reports its own health only, a bad report is
 * refused naming its field and changes nothing, the history stays bounded, the merchant sees only
 * its own kiosks, and an alert is sent once (webhook and e-mail) with one recovery, also with two
 * instances sweeping one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { DeviceList, TerminalHealth } from '../../shared/contract/fleet';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  pairTerminal,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';
import { startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';
import { HEALTH_REPORT, healthAlerts } from '../../../test/helpers/fleet';
import { HISTORY_SLOTS } from './repo';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const REPORT = HEALTH_REPORT;
const report = (h: Harness, id: string, secret: string, body: unknown) =>
  h.call('POST', `/api/terminals/${id}/health`, body, secret);
const healthOf = async (h: Harness, id: string, secret = SANDBOX) => {
  const res = await h.call('GET', `/api/terminals/${id}/health`, undefined, secret);
  expect(res.status).toBe(200);
  return TerminalHealth.parse(res.body);
};
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};

describe('health reports', () => {
  it('are kept as the latest report and shown to the merchant', async () => {
    const till = await pairTerminal(h, 'Front till');
    const ack = await report(h, till.terminal.id, till.secret, REPORT);
    expect(ack.status).toBe(200);
    expect(ack.body.everySeconds).toBe(30);
    const health = await healthOf(h, till.terminal.id);
    expect(health.report).toEqual(REPORT);
    expect(health.history).toHaveLength(1);
    const list = DeviceList.parse((await h.call('GET', '/api/fleet/devices')).body);
    expect(list.devices.find((d) => d.terminalId === till.terminal.id)?.report).toEqual(REPORT);
    expect(list.settings.offlineAlertSeconds).toBe(120);
  });

  it('refuses a bad report naming the field, and keeps nothing of it', async () => {
    const till = await pairTerminal(h, 'Bad reporter');
    for (const [body, field] of [
      [{ ...REPORT, appVersion: 'latest' }, 'appVersion'],
      [{ ...REPORT, uptimeSeconds: -1 }, 'uptimeSeconds'],
      [{ ...REPORT, printer: { state: 'ON_FIRE', jobsWaiting: 0 } }, 'printer.state'],
      [{ ...REPORT, diskFreeBytes: 1.5 }, 'diskFreeBytes'],
      [{ ...REPORT, display: undefined }, 'display'],
    ] as const) {
      const res = await report(h, till.terminal.id, till.secret, body);
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    const health = await healthOf(h, till.terminal.id);
    expect(health.report).toBeNull();
    expect(health.history).toEqual([]);
  });

  it('are taken from a terminal for itself only', async () => {
    const a = await pairTerminal(h, 'Till A');
    const b = await pairTerminal(h, 'Till B');
    const res = await report(h, b.terminal.id, a.secret, REPORT);
    expect(res.status).toBe(403);
    expect(fieldsOf(res.body)).toEqual(['id']);
    // A merchant secret cannot report for a kiosk either.
    expect((await report(h, a.terminal.id, SANDBOX, REPORT)).status).toBe(403);
    expect((await healthOf(h, b.terminal.id)).report).toBeNull();
    // Production's secret does not see the sandbox's kiosks.
    const other = await h.call(
      'GET',
      `/api/terminals/${a.terminal.id}/health`,
      undefined,
      PRODUCTION,
    );
    expect(other.status).toBe(404);
  });

  it('keep a bounded history, newest first', async () => {
    const till = await pairTerminal(h, 'Busy till');
    for (let i = 1; i <= HISTORY_SLOTS + 5; i++)
      await report(h, till.terminal.id, till.secret, {
        ...REPORT,
        printer: { state: 'READY', jobsWaiting: i },
      });
    const { history, report: latest } = await healthOf(h, till.terminal.id);
    expect(history).toHaveLength(HISTORY_SLOTS);
    expect(history.map((e) => e.report.printer.jobsWaiting)).toEqual(
      Array.from({ length: HISTORY_SLOTS }, (_, i) => HISTORY_SLOTS + 5 - i),
    );
    expect(latest?.printer.jobsWaiting).toBe(HISTORY_SLOTS + 5);
  });
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function expectOnceEach(
  instances: Harness[],
  receiver: Receiver,
  subscriptionSecret: string,
) {
  const [first] = instances;
  const till = await pairTerminal(first!, 'Printer till');
  await report(first!, till.terminal.id, till.secret, {
    ...REPORT,
    printer: { state: 'OFFLINE', jobsWaiting: 1 },
  });
  await receiver.waitFor((r) => r.json.data.terminalId === till.terminal.id, 10_000);
  // Several more sweeps on every instance, and the same report again: still one alert.
  await report(instances.at(-1)!, till.terminal.id, till.secret, {
    ...REPORT,
    printer: { state: 'OFFLINE', jobsWaiting: 2 },
  });
  await settle(2_500);
  expect(healthAlerts(receiver, subscriptionSecret, till.terminal.id)).toEqual(['PRINTER RAISED']);
  const device = await healthOf(first!, till.terminal.id);
  expect(device.alerts.map((a) => a.kind)).toEqual(['PRINTER']);

  await report(first!, till.terminal.id, till.secret, REPORT);
  await receiver.waitFor(
    (r) => r.json.data.terminalId === till.terminal.id && r.json.data.status === 'RECOVERED',
    10_000,
  );
  await settle(2_500);
  expect(healthAlerts(receiver, subscriptionSecret, till.terminal.id)).toEqual([
    'PRINTER RAISED',
    'PRINTER RECOVERED',
  ]);
  expect((await healthOf(first!, till.terminal.id)).alerts).toEqual([]);
  return till;
}

describe('alerts', () => {
  it('are sent once by webhook and e-mail, and their recovery once', async () => {
    const receiver = await startReceiver();
    try {
      const sub = await h.call('POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['TERMINAL_HEALTH'],
      });
      expect(sub.status).toBe(201);
      const set = await h.call('PUT', '/api/fleet/settings', { alertEmail: 'owner@shop.test' });
      expect(set.status).toBe(200);
      await expectOnceEach([h], receiver, sub.body.secret as string);
      const mail = await h.call('GET', '/api/sandbox/messages');
      const subjects = (mail.body.data as { to: string; subject: string }[])
        .filter((m) => m.to === 'owner@shop.test')
        .map((m) => m.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          'Kiosk Printer till has a receipt printer problem',
          'Kiosk Printer till is back to normal (printer)',
        ]),
      );
      expect(subjects).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('offline: after the merchant’s set time on the sandbox clock, once, and back once', async () => {
    const receiver = await startReceiver();
    try {
      const sub = await h.call('POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['TERMINAL_HEALTH'],
      });
      const bad = await h.call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 0 });
      expect(fieldsOf(bad.body)).toEqual(['offlineAlertSeconds']);
      expect(
        DeviceList.parse((await h.call('GET', '/api/fleet/devices')).body).settings
          .offlineAlertSeconds,
      ).toBe(120);
      await h.call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 60 });
      const till = await pairTerminal(h, 'Away till');
      await report(h, till.terminal.id, till.secret, REPORT);
      await settle(1_500);
      expect(healthAlerts(receiver, sub.body.secret, till.terminal.id)).toEqual([]);
      await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
      await receiver.waitFor((r) => r.json.data.terminalId === till.terminal.id, 10_000);
      await settle(2_000);
      expect(healthAlerts(receiver, sub.body.secret, till.terminal.id)).toEqual(['OFFLINE RAISED']);
      const list = DeviceList.parse((await h.call('GET', '/api/fleet/devices')).body);
      expect(list.devices[0]?.alerts.length).toBeGreaterThan(0); // needing attention: first
      // Back: its push stream open again.
      const s = await connectSse(`${h.url}/api/terminal/events`, till.secret);
      await s.next((e) => e.event === 'ready');
      await receiver.waitFor(
        (r) => r.json.data.terminalId === till.terminal.id && r.json.data.status === 'RECOVERED',
        10_000,
      );
      await settle(2_000);
      expect(healthAlerts(receiver, sub.body.secret, till.terminal.id)).toEqual([
        'OFFLINE RAISED',
        'OFFLINE RECOVERED',
      ]);
      s.close();
    } finally {
      await h.call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 120 });
      await receiver.close();
    }
  });
});

describe.runIf(TEST_STORE === 'postgres')('two instances on one database', () => {
  it('send each alert and its recovery once', async () => {
    const store = await testStore();
    const one = await startService(store);
    const two = await startService({ databaseUrl: store.databaseUrl });
    const receiver = await startReceiver();
    try {
      const sub = await one.call('POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['TERMINAL_HEALTH'],
      });
      await expectOnceEach([one, two], receiver, sub.body.secret as string);
    } finally {
      await receiver.close();
      await two.close();
      await one.close();
    }
  });
});

describe('metrics', () => {
  it('count each store’s kiosks online, printers in error and the oldest waiting work', async () => {
    const m = await startService({ metricsToken: 'metrics-token' });
    try {
      const till = await pairTerminal(m, 'Metered till');
      const oldest = new Date(Date.now() - 90_000).toISOString();
      await report(m, till.terminal.id, till.secret, {
        ...REPORT,
        printer: { state: 'ERROR', jobsWaiting: 3 },
        offlineWork: { waiting: 2, oldestAt: oldest },
      });
      const res = await fetch(`${m.url}/metrics`, {
        headers: { authorization: 'Bearer metrics-token' },
      });
      const text = await res.text();
      const labels = `{store="${till.terminal.storeId}",environment="sandbox"}`;
      expect(text).toContain(`counter_store_kiosks_online${labels} 0`);
      expect(text).toContain(`counter_store_printers_in_error${labels} 1`);
      const waited = Number(
        new RegExp(`counter_store_oldest_waiting_work_seconds\\{[^}]*\\} (\\S+)`).exec(text)?.[1],
      );
      expect(waited).toBeGreaterThanOrEqual(90);
    } finally {
      await m.close();
    }
  });
});
