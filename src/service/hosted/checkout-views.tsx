/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The saved-card screens of the hosted payment page: confirming it is the customer (a code is
 * sent to them), typing the code, and, only then, the customer's cards. Plain data in, a page
 * out; checkout.ts decides which one a browser gets.
 */
import { localDigits, t, type LanguageCode } from '../../shared/i18n';
import { CODE_TTL_MS } from '../cards';
import type { SavedCardRow } from '../cards';
import {
  ErrorBox,
  HiddenFields,
  LinkButton,
  usePageWords,
  type HostedPage,
  type Said,
} from '../ui';
import { planFields, planQuery, type Plan } from './plan';
import { Breakdown, Header, Page, useMoney, type Summary } from './views';

const base = (summary: Summary) => `/pay/${encodeURIComponent(summary.id)}`;
const minutes = CODE_TTL_MS / 60_000;
const titled = (lang: LanguageCode) => t(lang, 'pay.savedTitle');

function AnotherCard({ summary, plan }: { summary: Summary; plan: Plan }) {
  return (
    <LinkButton href={`${base(summary)}/card?${planQuery(plan)}&new=1`} secondary>
      {usePageWords().say('pay.anotherCard')}
    </LinkButton>
  );
}

/** Before anything about the cards is shown: ask for a code to the customer's email or phone. */
export function confirmItsYouPage(summary: Summary, plan: Plan, error?: Said): HostedPage {
  return (
    <Page summary={summary} title={titled}>
      <ConfirmItsYou summary={summary} plan={plan} error={error} />
    </Page>
  );
}

function ConfirmItsYou({ summary, plan, error }: { summary: Summary; plan: Plan; error?: Said }) {
  const { say } = usePageWords();
  return (
    <>
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="saved-title">
        <h1 id="saved-title">{say('pay.savedTitle')}</h1>
        <Breakdown summary={summary} plan={plan} />
        <ErrorBox message={error} otherwise="pay.errCodeDead" />
        <p>{say('pay.savedIntro', { merchant: summary.merchantName })}</p>
        <form method="post" action={`${base(summary)}/saved-card/code`}>
          <HiddenFields fields={planFields(plan)} />
          <button type="submit">{say('pay.sendCode')}</button>
        </form>
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </>
  );
}

export interface CodeForm {
  /** Where the code went: a masked email address, or the phone's last digits. */
  recipient: string;
  attemptsLeft: number;
  error?: Said;
}

/** The code was sent: type it (or ask for a new one). */
export function codeEntryPage(summary: Summary, plan: Plan, form: CodeForm): HostedPage {
  return (
    <Page summary={summary} title={(lang) => t(lang, 'pay.codeTitle')}>
      <CodeEntry summary={summary} plan={plan} form={form} />
    </Page>
  );
}

/** "your phone number ending 123" (cards/checkout-verification.ts) in the page's language. */
function recipientIn(lang: LanguageCode, recipient: string): string {
  const phone = /^your phone number ending (\d+)$/.exec(recipient);
  return phone ? t(lang, 'pay.phoneEnding', { digits: localDigits(lang, phone[1]!) }) : recipient;
}

function CodeEntry({ summary, plan, form }: { summary: Summary; plan: Plan; form: CodeForm }) {
  const { lang, say } = usePageWords();
  return (
    <>
      <Header summary={summary} />
      <section class="card" aria-labelledby="code-title">
        <h1 id="code-title">{say('pay.codeTitle')}</h1>
        <p role="status" data-testid="code-sent">
          {say('pay.codeSent', { recipient: recipientIn(lang, form.recipient), minutes })}
        </p>
        <ErrorBox message={form.error} id="code-error" otherwise="pay.errCodeWrong" />
        <form method="post" action={`${base(summary)}/saved-card/verify`}>
          <HiddenFields fields={planFields(plan)} />
          <label class="field">
            {say('pay.code')}
            <input
              type="text"
              name="code"
              inputmode="numeric"
              autocomplete="one-time-code"
              required
              maxlength={6}
              aria-invalid={form.error ? 'true' : undefined}
              aria-describedby={form.error ? 'code-error' : undefined}
            />
          </label>
          <button type="submit">{say('pay.confirm')}</button>
        </form>
        <p class="muted">{say('pay.triesLeft', { count: form.attemptsLeft })}</p>
        <form method="post" action={`${base(summary)}/saved-card/code`}>
          <HiddenFields fields={planFields(plan)} />
          <button type="submit" class="secondary">
            {say('pay.newCode')}
          </button>
        </form>
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </>
  );
}

/** Confirmed: the customer's masked cards, each a button that pays with it. */
export function savedCardsPage(summary: Summary, plan: Plan, cards: SavedCardRow[]): HostedPage {
  return (
    <Page summary={summary} title={titled}>
      <SavedCards summary={summary} plan={plan} cards={cards} />
    </Page>
  );
}

function SavedCards(props: { summary: Summary; plan: Plan; cards: SavedCardRow[] }) {
  const { summary, plan } = props;
  const { say } = usePageWords();
  const money = useMoney();
  return (
    <>
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="saved-title">
        <h1 id="saved-title">{say('pay.savedTitle')}</h1>
        <Breakdown summary={summary} plan={plan} />
        <p>{say('pay.savedPay', { amount: money(plan.totalPence, summary) })}</p>
        {props.cards.map((card) => (
          <form method="post" action={`${base(summary)}/saved-card`}>
            <HiddenFields fields={{ ...planFields(plan), cardId: card.id }} />
            <button type="submit" data-testid="saved-card">
              {say('pay.savedCard', {
                brand: card.brand,
                last4: card.last4,
                expiry: card.expiry_date,
              })}
            </button>
          </form>
        ))}
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </>
  );
}
