/**
 * The whole HTTP interface as one object, ts-rest style: the service registers and validates
 * from it, the client calls through it, and the OpenAPI document is generated from it.
 * `extension: true` (`x-extension` in the OpenAPI) marks an operation this service adds to the
 * payments interface or whose shape it decides: terminals, subscriptions, sandbox controls, ...
 *
 * Each area's endpoints are a sub-contract of their own (areas/<area>.ts); `contract` nests them
 * by area and `routes` is their flat merge, read by operation name (`routes.createCustomer`).
 */
import { agentPayContract } from './areas/agent-pay';
import { bankContract } from './areas/bank';
import { cardsContract } from './areas/cards';
import { customersContract } from './areas/customers';
import { fleetContract } from './areas/fleet';
import { kioskSettingsContract } from './areas/kiosk-settings';
import { merchantContract } from './areas/merchant';
import { operationsContract } from './areas/operations';
import { paymentsContract } from './areas/payments';
import { refundsContract } from './areas/refunds';
import { sandboxContract } from './areas/sandbox';
import { staffContract } from './areas/staff';
import { terminalsContract } from './areas/terminals';
import { webhooksContract } from './areas/webhooks';
import { mergeAreas } from './merge-areas';

export type { Auth, RouteDef } from './route-def';

/**
 * One sub-contract per area. Their order is the order of the paths in the OpenAPI document, so
 * moving an area (or an operation within one) changes docs/openapi.json.
 */
export const contract = {
  customers: customersContract,
  cards: cardsContract,
  payments: paymentsContract,
  terminals: terminalsContract,
  fleet: fleetContract,
  kioskSettings: kioskSettingsContract,
  staff: staffContract,
  merchant: merchantContract,
  refunds: refundsContract,
  bank: bankContract,
  webhooks: webhooksContract,
  agentPay: agentPayContract,
  sandbox: sandboxContract,
  operations: operationsContract,
} as const;

export const routes = mergeAreas(contract);

export type Routes = typeof routes;
export type RouteName = keyof Routes;
