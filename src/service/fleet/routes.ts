/**
 * The fleet (docs/fleet.md): kiosks report their health (POST /api/terminals/{id}/health, a
 * terminal for itself only), the merchant reads one kiosk's (GET, with its recent reports) or
 * every kiosk's (GET /api/fleet/devices) and sets when an alert is sent (PUT /api/fleet/settings).
 * The alerts themselves are raised by the scheduler's sweep (alerts.ts).
 */
import type { z } from 'zod';
import type { FleetSettings, HealthReport } from '../../shared/contract/fleet';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import { leaveUnlogged } from '../http/quiet';
import { DEFAULT_OFFLINE_ALERT_MS, MINIMUM_KIOSK_VERSION, createAlertSweep } from './alerts';
import type { FleetContext } from './context';
import { byAttention, deviceOf } from './model';
import { alertStatements, healthStatements, settingsStatements, type AlertRow } from './repo';
import { createReportKeeper } from './reports';

/** How often a kiosk reports when nothing changes. */
export const REPORT_EVERY_SECONDS = 30;

/** The kiosk a report is for: the calling terminal, which reports for itself only. */
function reporting(
  id: string,
  caller: { terminalId: string; merchantId: string; environment: Environment },
) {
  if (id !== caller.terminalId)
    throw new ApiError(403, 'A terminal reports its own health only', [
      { field: 'id', message: 'is not the calling terminal' },
    ]);
  return { id, merchantId: caller.merchantId, environment: caller.environment };
}

export const fleetRoutes: Area<FleetContext> = (app, ctx) => {
  const { store, clock, terminals, presence } = ctx;
  const health = healthStatements(store);
  const alerts = alertStatements(store);
  const settings = settingsStatements(store);
  const kept = createReportKeeper(store);
  ctx.everyTick(createAlertSweep(ctx));

  async function settingsOf(merchantId: string, environment: string) {
    const row = await settings.get.get(merchantId, environment);
    return {
      offlineAlertSeconds: Math.round((row?.offline_alert_ms ?? DEFAULT_OFFLINE_ALERT_MS) / 1000),
      alertEmail: row?.alert_email ?? null,
      minimumKioskVersion: MINIMUM_KIOSK_VERSION,
    } satisfies z.input<typeof FleetSettings>;
  }

  mount(app, ctx.auth, routes.reportTerminalHealth, async ({ params, body, caller, c }) => {
    const terminal = reporting(params.id, caller);
    const at = clock.now(caller.environment, caller.merchantId);
    // An unchanged report (most of them) is no line of the request log: nothing happened.
    if (await kept.keep(terminal, body, at)) leaveUnlogged(c);
    return { receivedAt: iso(at), everySeconds: REPORT_EVERY_SECONDS };
  });

  // The same reports on one request the kiosk keeps open: each costs a line, not an exchange.
  mount(app, ctx.auth, routes.streamTerminalHealth, async ({ params, lines, caller }) => {
    const terminal = reporting(params.id, caller);
    let received = 0;
    for await (const report of lines) {
      await kept.keep(terminal, report, clock.now(caller.environment, caller.merchantId));
      received++;
    }
    return { received, everySeconds: REPORT_EVERY_SECONDS };
  });

  mount(app, ctx.auth, routes.getTerminalHealth, async ({ params, caller }) => {
    const terminal = await terminals.owned(params.id, caller.merchantId, caller.environment);
    const open = (await alerts.active.all(caller.merchantId, caller.environment)).filter(
      (a) => a.terminal_id === terminal.id,
    );
    return {
      ...deviceOf(terminal, kept.latest(await health.latest.get(terminal.id)), open, presence),
      history: (await health.history.all(terminal.id)).map((h) => ({
        at: iso(h.received_at),
        report: JSON.parse(h.report) as HealthReport,
      })),
    };
  });

  mount(app, ctx.auth, routes.listDevices, async ({ caller }) => {
    const { merchantId, environment } = caller;
    const reports = new Map(
      (await health.ofMerchant.all(merchantId, environment)).map((h) => [
        h.terminal_id,
        kept.latest(h)!,
      ]),
    );
    const open = new Map<string, AlertRow[]>();
    for (const a of await alerts.active.all(merchantId, environment))
      open.set(a.terminal_id, [...(open.get(a.terminal_id) ?? []), a]);
    const devices = (await terminals.list(merchantId, environment))
      .map((t) => deviceOf(t, reports.get(t.id), open.get(t.id) ?? [], presence))
      .sort(byAttention);
    return { devices, settings: await settingsOf(merchantId, environment) };
  });

  mount(app, ctx.auth, routes.updateFleetSettings, async ({ body, caller }) => {
    const { merchantId, environment } = caller;
    const was = await settingsOf(merchantId, environment);
    const seconds = body.offlineAlertSeconds ?? was.offlineAlertSeconds;
    const email = body.alertEmail === undefined ? was.alertEmail : body.alertEmail;
    await settings.put.run(merchantId, environment, seconds * 1000, email);
    return settingsOf(merchantId, environment);
  });
};
