/**
 * The card side of COLLECT contracts, behind a small interface (its types in
 * cards/collect-cards.ts): the customer's saved cards (to link one on approval) and an
 * off-session charge of the linked card. Card on file implements it
 * (cards/collect.ts, wired in app.ts's AREAS as `agentRoutes((ctx) => cardsFor(ctx))`);
 * `noCards`, the default, answers that no card can be linked or charged, so the area also runs
 * on its own.
 */
import type { CollectCards } from '../cards';
import { badRequest } from '../kernel/errors';

export type { CollectCards, LinkedMethod } from '../cards';

export const noCards: CollectCards = {
  savedCards: async () => [],
  charge: () =>
    Promise.reject(
      badRequest('Card charges for COLLECT contracts are not available in this build'),
    ),
};
