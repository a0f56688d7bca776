/** Customers (docs/customers.md): create, get, update, list with search and metadata filters. */
import { MetadataKey } from '../../shared/contract/common';
import { collectMetadataFilter } from '../../shared/contract/customers';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { CustomersContext } from './context';
import { badField } from '../kernel/errors';
import { mount } from '../http/mount';
import { createCustomerStore, customerRecord } from './model';

export const customerRoutes: Area<CustomersContext> = (app, ctx) => {
  const store = createCustomerStore(ctx.store, ctx.clock);

  mount(app, ctx.auth, routes.createCustomer, async ({ body, caller }) =>
    customerRecord(await store.create(caller, body)),
  );

  mount(app, ctx.auth, routes.listCustomers, async ({ query, rawQuery, caller }) => {
    const collected = collectMetadataFilter(rawQuery);
    if ('duplicateKey' in collected)
      throw badField(
        `metadata[${collected.duplicateKey}]`,
        'is given more than once; give each metadata key once',
      );
    for (const key of Object.keys(collected.filter)) {
      const checked = MetadataKey.safeParse(key);
      if (!checked.success)
        throw badField(
          `metadata[${key}]`,
          checked.error.issues[0]?.message ?? 'is not a valid key',
        );
    }
    const { rows, total } = await store.list(caller, {
      page: query.page,
      size: query.size,
      search: query.search,
      metadata: collected.filter,
    });
    return {
      data: rows.map(customerRecord),
      totalCount: total,
      page: query.page,
      size: query.size,
    };
  });

  mount(app, ctx.auth, routes.getCustomer, async ({ params, caller }) =>
    customerRecord(await store.get(caller, params.customerId)),
  );

  mount(app, ctx.auth, routes.updateCustomer, async ({ params, body, caller }) =>
    customerRecord(await store.change(caller, params.customerId, body)),
  );
};
