/**
 * A terminal's view of a looked-up customer's saved cards, masked (docs/terminals.md). The
 * customers area answers the lookup itself and keeps its scope; this route checks that scope and
 * lists the cards, which are this area's.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import { mount } from '../http/mount';
import { createCustomerStore } from '../customers';
import { createTerminalScope } from '../customers';
import { savedCardRecord, createCardStore } from './model';

export const terminalCardRoutes: Area<CardsContext> = (app, ctx) => {
  const { store, clock } = ctx;
  const customers = createCustomerStore(store, clock);
  const cards = createCardStore(store, clock);
  const scope = createTerminalScope(store, clock);

  mount(app, ctx.auth, routes.terminalCustomerCards, async ({ params, query, caller }) => {
    await scope.requireLookedUp(caller, params.customerId);
    const customer = await customers.get(caller, params.customerId);
    const { rows, total: count } = await cards.list(customer.id, query.page, query.size);
    return {
      data: rows.map(savedCardRecord),
      totalCount: count,
      page: query.page,
      size: query.size,
    };
  });
};
