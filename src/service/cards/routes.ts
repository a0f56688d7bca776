/**
 * Saved cards: list a customer's cards, merge a card's metadata, and the sandbox
 * control that saves a test card without a browser.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import { createCustomerStore } from '../customers';
import { badField } from '../kernel/errors';
import { mount } from '../http/mount';
import { expiryInFuture } from './card-numbers';
import { createCardStore, defaultExpiry, savedCardRecord } from './model';
import { cardProfile } from './test-cards';

export const cardRoutes: Area<CardsContext> = (app, ctx) => {
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const cards = createCardStore(ctx.store, ctx.clock);

  mount(app, ctx.auth, routes.listCards, async ({ params, query, caller }) => {
    const customer = await customers.get(caller, params.customerId);
    const { rows, total } = await cards.list(customer.id, query.page, query.size);
    return {
      data: rows.map(savedCardRecord),
      totalCount: total,
      page: query.page,
      size: query.size,
    };
  });

  mount(app, ctx.auth, routes.updateCard, async ({ params, body, caller }) => {
    const customer = await customers.get(caller, params.customerId);
    return savedCardRecord(await cards.mergeMetadata(customer.id, params.cardId, body.metadata));
  });

  mount(app, ctx.auth, routes.saveSandboxCard, async ({ params, body, caller }) => {
    const customer = await customers.get(caller, params.customerId);
    const profile = cardProfile(body.number);
    if (!profile)
      throw badField('number', 'is not a valid Visa, Mastercard or American Express number');
    const now = ctx.clock.now(caller.environment, caller.merchantId);
    const expiryDate = body.expiryDate ?? defaultExpiry(now);
    const [month, year] = expiryDate.split('/').map(Number) as [number, number];
    if (!expiryInFuture({ month, year }, now)) throw badField('expiryDate', 'the card has expired');
    const row = await cards.save(customer, {
      profile,
      last4: body.number.slice(-4),
      name: body.name ?? customer.full_name,
      expiryDate,
    });
    return savedCardRecord(row);
  });
};
