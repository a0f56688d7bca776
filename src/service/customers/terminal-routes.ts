/**
 * The terminal's narrow view of customers (docs/terminals.md): one customer by exact email or
 * phone number, and the merchant's log of those lookups. That customer's masked saved cards are
 * the cards area's route (cards/terminal-routes.ts); charging, capturing and cancelling go
 * through the card routes, which check the same scope.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { CustomersContext } from './context';
import { ApiError, notFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { createCustomerStore, type CustomerRow } from './model';
import { createTerminalScope, lookupRecord } from './terminal-scope';
import { newId } from '../kernel/ids';
import { lookupStatements } from './repo/lookups';

export const terminalCustomerRoutes: Area<CustomersContext> = (app, ctx) => {
  const { store, clock } = ctx;
  const customers = createCustomerStore(store, clock);
  const scope = createTerminalScope(store, clock);
  const { byPhoneIn, record, page, total } = lookupStatements(store);
  const byFullPhone = {
    async all(merchantId: string, environment: string, digits: string): Promise<CustomerRow[]> {
      const tails = [0, 1, 2, 3, 4, 5].map((k) => digits.slice(k)).filter((t) => t.length > 0);
      return (await byPhoneIn.all(merchantId, environment, JSON.stringify(tails))).filter(
        (c) =>
          c.phone_number === digits || `${c.phone_country_code ?? ''}${c.phone_number}` === digits,
      );
    },
  };

  mount(app, ctx.auth, routes.customerLookup, async ({ query, caller }) => {
    await scope.checkLookupRate(caller);
    const by = query.email !== undefined ? 'email' : 'phone';
    let found: CustomerRow[];
    if (query.email !== undefined) {
      const row = await customers.findByEmail(caller, query.email);
      found = row ? [row] : [];
    } else {
      const digits = query.phone!.replace(/^\+/, '');
      found = await byFullPhone.all(caller.merchantId, caller.environment, digits);
    }
    const customer = found.length === 1 ? found[0]! : null;
    // Every lookup is recorded, found or not, so the merchant sees what a terminal asked.
    await record.run({
      id: newId(),
      terminalId: caller.terminalId,
      merchantId: caller.merchantId,
      environment: caller.environment,
      by,
      query: by === 'email' ? query.email! : query.phone!,
      customerId: customer?.id ?? null,
      now: clock.now(caller.environment, caller.merchantId),
    });
    if (found.length > 1)
      throw new ApiError(
        409,
        'More than one customer has this phone number; look the customer up by email',
      );
    if (!customer) throw notFound('No customer with exactly this email or phone number');
    return {
      id: customer.id,
      fullName: customer.full_name,
      ...(customer.email ? { email: customer.email } : {}),
      ...(customer.phone_country_code ? { phoneCountryCode: customer.phone_country_code } : {}),
      ...(customer.phone_number ? { phoneNumber: customer.phone_number } : {}),
    };
  });

  mount(app, ctx.auth, routes.listCustomerLookups, async ({ query, caller }) => ({
    data: (
      await page.all(caller.merchantId, caller.environment, query.size, query.page * query.size)
    ).map(lookupRecord),
    totalCount: (await total.get(caller.merchantId, caller.environment))!.n,
    page: query.page,
    size: query.size,
  }));
};
