/**
 * The dashboard's areas, in menu order. A new area is one component file plus one entry here:
 * its id is its address (/dashboard/<id>), its title the menu entry and the page heading.
 * The first area is also what /dashboard itself shows.
 */
import type { AreaDef } from '../components/Nav';
import { BankArea } from './bank/BankArea';
import { CustomersArea } from './customers/CustomersArea';
import { DevicesArea } from './devices/DevicesArea';
import { PaymentsArea } from './payments/PaymentsArea';
import { TerminalsArea } from './terminals/TerminalsArea';
import { WebhooksArea } from './webhooks/WebhooksArea';
import { AgentsArea } from './agents/AgentsArea';
import { SettingsArea } from './settings/SettingsArea';

export type { AreaDef };

export const AREAS: readonly AreaDef[] = [
  // First: what a merchant opens the dashboard for (push a payment, watch it be paid).
  { id: 'payments', title: 'Payments', Component: PaymentsArea },
  { id: 'terminals', title: 'Terminals', Component: TerminalsArea },
  { id: 'devices', title: 'Devices', Component: DevicesArea },
  { id: 'webhooks', title: 'Webhooks', Component: WebhooksArea },
  { id: 'bank', title: 'Bank', Component: BankArea },
  { id: 'customers', title: 'Customers', Component: CustomersArea },
  { id: 'agents', title: 'Agents', Component: AgentsArea },
  { id: 'settings', title: 'Settings', Component: SettingsArea },
];

/** The area an address names: '' is the first area; an unknown id is none. */
export function areaById(id: string): AreaDef | undefined {
  return id === '' ? AREAS[0] : AREAS.find((a) => a.id === id);
}
