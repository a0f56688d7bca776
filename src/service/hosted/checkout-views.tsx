/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The saved-card screens of the hosted payment page: confirming it is the customer (a code is
 * sent to them), typing the code, and, only then, the customer's cards. Plain data in, a page
 * out; checkout.ts decides which one a browser gets.
 */
import { formatPence } from '../../shared/money';
import { CODE_TTL_MS } from '../cards';
import type { SavedCardRow } from '../cards';
import { ErrorBox, HiddenFields, LinkButton, type HostedPage } from '../ui';
import { planFields, planQuery, type Plan } from './plan';
import { Breakdown, Header, Page, type Summary } from './views';

const base = (summary: Summary) => `/pay/${encodeURIComponent(summary.id)}`;
const minutes = CODE_TTL_MS / 60_000;

function AnotherCard({ summary, plan }: { summary: Summary; plan: Plan }) {
  return (
    <LinkButton href={`${base(summary)}/card?${planQuery(plan)}&new=1`} secondary>
      Use another card
    </LinkButton>
  );
}

/** Before anything about the cards is shown: ask for a code to the customer's email or phone. */
export function confirmItsYouPage(summary: Summary, plan: Plan, error?: string): HostedPage {
  return (
    <Page summary={summary} title="Pay with a saved card">
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="saved-title">
        <h1 id="saved-title">Pay with a saved card</h1>
        <Breakdown summary={summary} plan={plan} />
        <ErrorBox message={error} />
        <p>
          To use a card you saved with {summary.merchantName}, first confirm it's you: we will send
          a one-time code to the email address (or phone) they have for you.
        </p>
        <form method="post" action={`${base(summary)}/saved-card/code`}>
          <HiddenFields fields={planFields(plan)} />
          <button type="submit">Send me a code</button>
        </form>
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </Page>
  );
}

/** The code was sent: type it (or ask for a new one). */
export function codeEntryPage(
  summary: Summary,
  plan: Plan,
  form: { recipient: string; attemptsLeft: number; error?: string },
): HostedPage {
  return (
    <Page summary={summary} title="Enter your code">
      <Header summary={summary} />
      <section class="card" aria-labelledby="code-title">
        <h1 id="code-title">Enter your code</h1>
        <p role="status" data-testid="code-sent">
          We sent a 6-digit code to {form.recipient}. It works once, for {minutes} minutes.
        </p>
        <ErrorBox message={form.error} id="code-error" />
        <form method="post" action={`${base(summary)}/saved-card/verify`}>
          <HiddenFields fields={planFields(plan)} />
          <label class="field">
            Code
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
          <button type="submit">Confirm</button>
        </form>
        <p class="muted">
          {form.attemptsLeft === 1 ? '1 try left.' : `${form.attemptsLeft} tries left.`}
        </p>
        <form method="post" action={`${base(summary)}/saved-card/code`}>
          <HiddenFields fields={planFields(plan)} />
          <button type="submit" class="secondary">
            Send a new code
          </button>
        </form>
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </Page>
  );
}

/** Confirmed: the customer's masked cards, each a button that pays with it. */
export function savedCardsPage(summary: Summary, plan: Plan, cards: SavedCardRow[]): HostedPage {
  return (
    <Page summary={summary} title="Pay with a saved card">
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="saved-title">
        <h1 id="saved-title">Pay with a saved card</h1>
        <Breakdown summary={summary} plan={plan} />
        <p>Pay {formatPence(plan.totalPence, summary.currency)} with a card you saved:</p>
        {cards.map((card) => (
          <form method="post" action={`${base(summary)}/saved-card`}>
            <HiddenFields fields={{ ...planFields(plan), cardId: card.id }} />
            <button type="submit" data-testid="saved-card">
              {card.brand} ending {card.last4} (expires {card.expiry_date})
            </button>
          </form>
        ))}
        <AnotherCard summary={summary} plan={plan} />
      </section>
    </Page>
  );
}
