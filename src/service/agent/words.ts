/**
 * Agent Pay's pages and messages in the customer's language: a contract's limits as sentences, a
 * moment, a card, a refused code. The dashboard says the limits in English
 * (src/shared/agent-words.ts); these say the same in every language of the catalogue, money and
 * dates written as that language writes them.
 */
import { formatMoney, language, t, type LanguageCode, type MessageKey } from '../../shared/i18n';
import type { Area } from '../http/context';
import { setPageAddress, setMerchantLanguage, type Said } from '../ui';
import type { LimitsValue } from '../../shared/agent-words';
import { poundsToPence } from '../../shared/money';
import type { CodeCheck } from './approval-codes';
import type { LinkedMethod } from './collect-cards';
import type { AgentContext } from './context';
import type { ContractRow } from './contracts';

/** A message without arguments, said in the page's language once it is known. */
export const said =
  (key: MessageKey): Said =>
  (lang) =>
    t(lang, key);

/**
 * The language of a contract's page (`/agents/{kind}/{token}`) before the person chooses one:
 * the merchant's `displayLanguage` (a contract belongs to the merchant, not to a store or a
 * kiosk), then the browser's. A choice is kept for that link's own address alone, so it never
 * follows them to another contract.
 */
export function customersLanguage(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  kind: 'authorize' | 'revoke',
  find: (token: string) => Promise<ContractRow | undefined | null>,
) {
  app.use(`/agents/${kind}/*`, async (c, next) => {
    const token = new URL(c.req.url).pathname.split('/')[3] ?? '';
    setPageAddress(c, `/agents/${kind}/${token}`);
    const row = token ? await find(token) : null;
    await setMerchantLanguage(c, ctx, row);
    await next();
  });
}

/** A moment as the pages say it: "2 January 2027 at 09:00 UTC", "2 Ionawr 2027 am 09:00 UTC". */
export const whenIn = (lang: LanguageCode, isoText: string) =>
  t(lang, 'agent.when', {
    date: new Date(isoText).toLocaleString(language(lang).numberLocale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }),
  });

/** The limits as sentences a person can check, in `lang`. */
export function limitLines(lang: LanguageCode, limits: LimitsValue): string[] {
  const money = (pounds: number) => formatMoney(lang, poundsToPence(pounds), limits.currency);
  const from = whenIn(lang, limits.validFrom!);
  const lines = [t(lang, 'agent.limitPerPayment', { amount: money(limits.maxPerPayment) })];
  for (const p of limits.periodLimits)
    lines.push(
      t(lang, p.alignment === 'ANCHORED' ? 'agent.limitAnchored' : 'agent.limitCalendar', {
        amount: money(p.amount),
        period: p.period,
        from,
      }),
    );
  lines.push(t(lang, 'agent.validity', { from, to: whenIn(lang, limits.validTo) }));
  return lines;
}

/** A saved card in words: "VISA card ending 4242, expires 12/2030". */
export const cardIn = (lang: LanguageCode, card: LinkedMethod) =>
  t(lang, 'agent.card', {
    brand: card.brand,
    last4: card.lastFourDigits,
    expiry: card.expiryDate,
  });

/** Why the approval code was refused, in `lang`. */
export function codeRefusal(
  lang: LanguageCode,
  check: Exclude<CodeCheck, { ok: true }>,
  max: number,
) {
  switch (check.reason) {
    case 'MISSING':
      return t(lang, 'agent.errMissing');
    case 'NONE_SENT':
      return t(lang, 'agent.errNoneSent');
    case 'EXPIRED':
      return t(lang, 'agent.errExpired');
    case 'LOCKED':
      return t(lang, 'agent.errLocked', { max });
    case 'WRONG':
      return t(lang, 'agent.errWrong', { left: check.attemptsLeft });
  }
}
