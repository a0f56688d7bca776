/** The fleet: kiosks' health reports, the Devices list and the merchant's alert settings. */
import * as fleet from '../fleet';
import { route, type RouteDef } from '../route-def';

export const fleetContract = {
  reportTerminalHealth: route({
    method: 'post',
    path: '/api/terminals/{id}/health',
    tag: 'Fleet',
    auth: 'terminal',
    extension: true,
    summary: "A kiosk's health report (its own only; at most every 30 s and on every change)",
    params: fleet.HealthParams,
    body: fleet.HealthReport,
    status: 200,
    response: fleet.HealthAck,
    errors: [400, 403],
  }),
  streamTerminalHealth: route({
    method: 'post',
    path: '/api/terminals/{id}/health/stream',
    tag: 'Fleet',
    auth: 'terminal',
    extension: true,
    summary: "A kiosk's health reports on one request it keeps open, a report per line",
    description:
      'The same reports as POST /api/terminals/{id}/health, written one JSON object per line ' +
      '(application/x-ndjson) as the kiosk makes them, each taken as it arrives. The answer, ' +
      'when the kiosk ends the body, says how many were taken. A line that does not match is ' +
      'refused with its number (`lines.N.field`); the lines before it are kept. A request lasts ' +
      'at most 5 minutes (the server ends longer ones): a kiosk ends it and opens another.',
    params: fleet.HealthParams,
    lines: fleet.HealthReport,
    status: 200,
    response: fleet.HealthStreamAck,
    errors: [400, 403],
  }),
  getTerminalHealth: route({
    method: 'get',
    path: '/api/terminals/{id}/health',
    tag: 'Fleet',
    auth: 'merchant',
    extension: true,
    summary: "A kiosk's latest health report, its alerts and its recent reports (newest first)",
    params: fleet.HealthParams,
    status: 200,
    response: fleet.TerminalHealth,
    errors: [400, 404],
  }),
  listDevices: route({
    method: 'get',
    path: '/api/fleet/devices',
    tag: 'Fleet',
    auth: 'merchant',
    extension: true,
    summary: 'Every kiosk of every store with its state, those needing attention first',
    status: 200,
    response: fleet.DeviceList,
    errors: [],
  }),
  updateFleetSettings: route({
    method: 'put',
    path: '/api/fleet/settings',
    tag: 'Fleet',
    auth: 'merchant',
    extension: true,
    summary: 'Set how long a kiosk may be offline before an alert, and where alerts are e-mailed',
    body: fleet.FleetSettingsBody,
    status: 200,
    response: fleet.FleetSettings,
    errors: [400],
  }),
} as const satisfies Record<string, RouteDef>;
