/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's card screens: the card form (with the sandbox's test cards) and the
 * card issuer's 3D Secure challenge. Plain data in, a page out, escaped by hono/jsx.
 */
import { TEST_CARDS } from '../cards';
import type { TransactionRow } from '../payments';
import { CardForm, LinkButton, ThreeDSChallenge, type HostedPage } from '../ui';
import { planFields, type Plan } from './plan';
import { Breakdown, Header, Page, base, money, type Summary } from './views';

export interface CardFormState {
  error?: string;
  name?: string;
  expiry?: string;
}

function TestCards() {
  return (
    <details class="testcards">
      <summary>Test cards</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr>
              <td>
                <code>{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{card.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">Any future expiry, any 3-digit CVC. Other valid numbers succeed.</p>
    </details>
  );
}

export function cardFormPage(summary: Summary, plan: Plan, form: CardFormState = {}): HostedPage {
  return (
    <Page summary={summary} title="Pay by card">
      <Header summary={summary} />
      <section class="card" aria-labelledby="method-title">
        <h1 id="method-title">Pay by card</h1>
        <Breakdown summary={summary} plan={plan} />
        <CardForm
          action={`${base(summary)}/card`}
          submitLabel={`Pay ${money(plan.totalPence, summary)}`}
          hidden={planFields(plan)}
          values={{ name: form.name, expiry: form.expiry }}
          error={form.error}
        />
        {summary.sandbox && <TestCards />}
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          Back
        </LinkButton>
      </section>
    </Page>
  );
}

/** The card issuer's 3D Secure challenge. */
export function challengePage(summary: Summary, tx: TransactionRow): HostedPage {
  return (
    <Page
      summary={summary}
      title="3D Secure"
      theme="issuer"
      brand={`${tx.card_brand ?? 'Card'} Secure`}
    >
      <ThreeDSChallenge
        merchantName={summary.merchantName}
        cardLast4={tx.card_last4 ?? ''}
        amount={money(tx.amount_pence + tx.tip_pence, summary)}
        action={`${base(summary)}/card/${tx.id}/challenge`}
      />
    </Page>
  );
}
