/** The cards area as other areas see it. */
export { TEST_CARDS, cardDigits, cardFormSchema } from './card-numbers';
export type { CardBehaviour, CardForm } from './card-numbers';
export {
  CODE_TTL_MS,
  SESSION_COOKIE,
  SESSION_COOKIE_SECONDS,
  createVerificationStore,
  maskRecipient,
} from './checkout-verification';
export { recipientOf } from './links';
export { behaviourOfCard, createCardStore } from './model';
export type { NewCard, SavedCardRow } from './model';
export { cardProfile } from './test-cards';
export { AUTHORIZATION_MS, CAPTURE_MARGIN_MS, forgetChargeable } from './charges';
export { holdForChallenge, readCardForm } from './card-entry';
export { createLinkStore } from './links';
export type { CollectCards, LinkedMethod } from './collect-cards';
