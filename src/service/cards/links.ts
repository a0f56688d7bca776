/**
 * Saving a card without a payment (operation authorizeCard): each call makes a fresh
 * single-use link to the hosted card page (save-card-page.tsx), optionally sent to the customer
 * by email, or by SMS when the customer has no email. The link lives LINK_TTL_MS and works once.
 */
import { randomBytes } from 'node:crypto';
import { routes } from '../../shared/contract/routes';
import type { Clock } from '../kernel/clock';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import { createCustomerStore, type CustomerRow } from '../customers';
import { ApiError } from '../kernel/errors';
import { mount } from '../http/mount';
import type { Store } from '../kernel/store/port';
import type { NewCard } from './model';
import { linkStatements } from './repo';
import { profileLines, type MerchantProfile } from '../merchants';
import { languageOf, t, type LanguageCode } from '../../shared/i18n';

/**
 * The shop signing a customer's e-mail in `lang`: its name, address and how to reach it (the
 * names and addresses as they are).
 */
function signatureIn(lang: LanguageCode, p: MerchantProfile): string {
  const contact = [p.supportEmail, p.supportPhone].filter(Boolean).join(', ');
  const questions = contact ? [t(lang, 'mail.questions', { contact })] : [];
  return [p.name, ...profileLines(p), ...questions].join('\n');
}

/** A link belongs to the merchant: its customers' language is the one set at its own level. */
const merchantPlace = (caller: { merchantId: string; environment: string }) => ({
  merchant_id: caller.merchantId,
  environment: caller.environment,
  store_id: null,
  terminal_id: null,
});

/** A card-saving link works for 24 hours (long enough to arrive by email and be opened). */
export const LINK_TTL_MS = 24 * 3600_000;

export interface LinkRow {
  token: string;
  customer_id: string;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  success_url: string | null;
  failure_url: string | null;
  pending_card: string | null;
  status: 'OPEN' | 'SAVED' | 'FAILED';
  card_id: string | null;
  expires_at: number;
  created_at: number;
  used_at: number | null;
}

export const pendingCardOf = (row: LinkRow): NewCard | null =>
  row.pending_card ? (JSON.parse(row.pending_card) as NewCard) : null;

export function createLinkStore(store: Store, clock: Clock) {
  const { insert, byToken, setPending, finish } = linkStatements(store);

  return {
    async create(
      customer: CustomerRow,
      urls: { success?: string; failure?: string },
    ): Promise<LinkRow> {
      const now = clock.now(customer.environment, customer.merchant_id);
      const token = randomBytes(24).toString('base64url');
      await insert.run({
        token,
        customerId: customer.id,
        merchantId: customer.merchant_id,
        environment: customer.environment,
        successUrl: urls.success ?? null,
        failureUrl: urls.failure ?? null,
        expiresAt: now + LINK_TTL_MS,
        now,
      });
      return (await byToken.get(token))!;
    },
    get: async (token: string) => (/^[\w-]{20,64}$/.test(token) ? byToken.get(token) : undefined),
    expired: (row: LinkRow) => row.expires_at <= clock.now(row.environment, row.merchant_id),
    /** The card typed, waiting for its 3DS challenge. */
    holdCard: async (row: LinkRow, card: NewCard) =>
      (await setPending.run(JSON.stringify(card), row.token)).changes === 1,
    /** Compare-and-set: only an OPEN link ends, once. */
    finish: async (row: LinkRow, to: 'SAVED' | 'FAILED', cardId: string | null = null) =>
      (
        await finish.run({
          token: row.token,
          to,
          cardId,
          now: clock.now(row.environment, row.merchant_id),
        })
      ).changes === 1,
  };
}
export type LinkStore = ReturnType<typeof createLinkStore>;

/** Who the link goes to: email first, SMS to the phone number when there is no email. */
export function recipientOf(
  customer: CustomerRow,
): { channel: 'EMAIL' | 'SMS'; to: string } | null {
  if (customer.email) return { channel: 'EMAIL', to: customer.email };
  if (customer.phone_number)
    return {
      channel: 'SMS',
      to: `${customer.phone_country_code ? `+${customer.phone_country_code} ` : ''}${customer.phone_number}`,
    };
  return null;
}

export const cardLinkRoutes: Area<CardsContext> = (app, ctx) => {
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const links = createLinkStore(ctx.store, ctx.clock);
  mount(app, ctx.auth, routes.authorizeCard, async ({ params, body, caller }) => {
    const profile = (await ctx.profiles.get(caller.merchantId, caller.environment))!;
    // A saved card is for card payments: none while the merchant has them switched off.
    if (!profile.settings.cardPayments)
      throw new ApiError(400, 'Card payments are not enabled for this merchant', [
        { field: 'customerId', message: 'card payments are switched off in the merchant settings' },
      ]);
    const customer = await customers.get(caller, params.customerId);
    const recipient = body.sendLinkToCustomer ? recipientOf(customer) : null;
    if (body.sendLinkToCustomer && !recipient)
      throw new ApiError(
        400,
        'The customer has neither an email address nor a phone number to send the link to',
        [{ field: 'sendLinkToCustomer', message: 'the customer has no email or phone number' }],
      );
    return await ctx.store.tx(async () => {
      const link = await links.create(customer, {
        success: body.successRedirectUrl,
        failure: body.failureRedirectUrl,
      });
      const hostedPageUrl = `${ctx.publicUrl()}/save-card/${link.token}`;
      if (recipient) {
        const lang = languageOf(await ctx.shopLanguage(merchantPlace(caller))) ?? 'en';
        const values = { shop: profile.name, name: customer.full_name, url: hostedPageUrl };
        await ctx.messages.add({
          merchantId: caller.merchantId,
          environment: caller.environment,
          customerId: customer.id,
          channel: recipient.channel,
          to: recipient.to,
          lang,
          subject: t(lang, 'mail.saveCardSubject', values),
          body:
            recipient.channel === 'EMAIL'
              ? `${t(lang, 'mail.saveCardEmail', values)}\n\n${signatureIn(lang, profile)}`
              : t(lang, 'mail.saveCardSms', values),
          link: hostedPageUrl,
        });
      }
      return { hostedPageUrl };
    });
  });
};
