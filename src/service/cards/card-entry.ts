/**
 * The first step of saving a card, shared by every page that lets a customer type one (the
 * hosted card page, save-card-page.tsx, and a COLLECT contract's authorization page): read the
 * form, refuse what is not a card or what the sandbox issuer declines on saving, and hold the
 * card on a card-saving link until its 3D Secure challenge (/save-card/{token}/challenge) ends.
 */
import type { CustomerRow } from '../customers';
import { t } from '../../shared/i18n';
import { cardError, sayIn, type CardField, type Said } from '../ui';
import { cardDigits, cardFormSchema } from './card-numbers';
import type { LinkRow, LinkStore } from './links';
import type { NewCard } from './model';
import { cardProfile } from './test-cards';

export type CardEntry =
  | { ok: true; card: NewCard }
  /**
   * `error` in English; `said` in the page's language, naming the field (`errorField`) it is
   * about. `declined`: a real card the issuer refuses to save (the link ends); otherwise a typo.
   */
  | { ok: false; error: string; said: Said; errorField?: CardField; declined?: string };

/** The typed card, checked (Luhn, brand, expiry, CVC); the number is kept only as last4. */
export function readCardForm(fields: Record<string, string>, now: number): CardEntry {
  const parsed = cardFormSchema(now).safeParse(fields);
  if (!parsed.success) {
    const { error, errorField } = cardError(parsed.error.issues);
    return {
      ok: false,
      error: parsed.error.issues[0]?.message ?? 'Check the card details',
      said: error,
      ...(errorField ? { errorField } : {}),
    };
  }
  const profile = cardProfile(cardDigits(fields.number ?? ''))!;
  const reason = profile.declinedOnSave;
  if (reason)
    return {
      ok: false,
      error: `The card was declined (${reason})`,
      said: (lang) =>
        t(lang, 'saveCard.declined', { reason: sayIn(lang, reason, 'pay.reasonDeclined') }),
      declined: reason,
    };
  const { name, expiry, last4 } = parsed.data;
  return {
    ok: true,
    card: {
      profile,
      last4,
      name,
      expiryDate: `${String(expiry.month).padStart(2, '0')}/${expiry.year}`,
    },
  };
}

/** The path of the 3D Secure challenge that saves `card` to the customer on `link`. */
export const challengePath = (link: LinkRow) => `/save-card/${link.token}/challenge`;

/**
 * Opens a card-saving link for a card typed on another page: the card waits on it for its
 * challenge, and the challenge's end goes back to `returnUrl` (with status, customerId and, once
 * saved, paymentMethodId, as any card-saving link's redirect does).
 */
export async function holdForChallenge(
  links: LinkStore,
  customer: CustomerRow,
  card: NewCard,
  returnUrl: string,
): Promise<string> {
  const link = await links.create(customer, { success: returnUrl, failure: returnUrl });
  await links.holdCard(link, card);
  return challengePath(link);
}
