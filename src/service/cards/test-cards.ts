/**
 * The sandbox card network for saved cards: what a test card does when it is saved and when it
 * is charged later. It extends the hosted payment page's test cards (card-numbers.ts,
 * docs/hosted-page.md) with the outcomes only an off-session charge has: issuer declines and a
 * card that authorizes but cannot be captured. Documented in docs/customers.md.
 */
import { behaviourOf, brandOf, luhnValid } from './card-numbers';

/** What the network answers when a saved card is charged. Stored with the card, never the number. */
export type ChargeBehaviour =
  | { charge: 'approve' }
  | { charge: 'decline'; errorDescription: string }
  | { charge: 'captureFails'; errorDescription: string };

export interface CardProfile {
  brand: 'VISA' | 'MASTERCARD' | 'AMEX';
  cardType: 'CREDIT' | 'DEBIT' | 'PREPAID';
  category: 'CONSUMER' | 'COMMERCIAL';
  country: string;
  /** Saving it on the hosted card page fails verification (no card is saved). */
  declinedOnSave?: string;
  behaviour: ChargeBehaviour;
}

const ISSUER_DECLINES: Record<string, string> = {
  '4000000000000069': 'Expired card',
  '4000000000000119': 'Do not honour',
};
const CAPTURE_FAILS: Record<string, string> = {
  '4000000000000341': 'Capture refused by the issuer',
};
const TYPES: Record<string, CardProfile['cardType']> = {
  '4000056655665556': 'DEBIT',
  '5105105105105100': 'PREPAID',
};

/** The profile of a card number, or null when it is not a card (Luhn, length, brand). */
export function cardProfile(digits: string): CardProfile | null {
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  const brand = brandOf(digits);
  if (!brand) return null;
  const checkout = behaviourOf(digits);
  let behaviour: ChargeBehaviour = { charge: 'approve' };
  let declinedOnSave: string | undefined;
  if (checkout.kind === 'decline') {
    behaviour = { charge: 'decline', errorDescription: checkout.errorDescription };
    // An insufficient balance does not stop a card being saved (no money moves then).
    if (checkout.errorDescription !== 'Insufficient funds')
      declinedOnSave = checkout.errorDescription;
  }
  const issuer = ISSUER_DECLINES[digits];
  if (issuer) behaviour = { charge: 'decline', errorDescription: issuer };
  const capture = CAPTURE_FAILS[digits];
  if (capture) behaviour = { charge: 'captureFails', errorDescription: capture };
  return {
    brand,
    cardType: TYPES[digits] ?? 'CREDIT',
    category: 'CONSUMER',
    country: 'GB',
    ...(declinedOnSave ? { declinedOnSave } : {}),
    behaviour,
  };
}
