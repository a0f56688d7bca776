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
