/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's screens up to a way to pay (the method choice with tip and split,
 * the bank's screens) and the parts every screen of it shares (the page, the header, the
 * breakdown). Functions from plain data to a page element: they read no database and change
 * nothing; routes.ts decides which one a request gets and sends it with `sendPage`. Merchant and
 * customer text reaches the page only through hono/jsx, which escapes it; the card screens are
 * in card-views.tsx, the outcomes in outcome-views.tsx, the shared kit in ../ui.
 */
import type { Child } from 'hono/jsx';
import { lineTotalPence, type BasketLine } from '../../shared/basket';
import { formatMoney, formatPercent, localDigits, t, type LanguageCode } from '../../shared/i18n';
import { formatPence } from '../../shared/money';
import type { Method, TransactionRow } from '../payments';
import {
  ErrorBox,
  HiddenFields,
  LinkButton,
  MerchantHeader,
  PageShell,
  usePageWords,
  type HostedPage,
  type Said,
  type ShellProps,
} from '../ui';
import { MAX_PEOPLE, TIP_PERCENTAGES, percentOf, planFields, shareOf, type Plan } from './plan';

export const SANDBOX_BANKS = [
  'Sandbox Bank',
  'Demo Building Society',
  'Test Credit Union',
] as const;

/** What every screen shows about the request. */
export interface Summary {
  id: string;
  merchantName: string;
  /** The merchant's logo, a path on this service; null without one. */
  merchantLogo: string | null;
  amountPence: number;
  currency: string;
  notes: string | null;
  orderId: string;
  /** Paid towards the amount so far (tips excluded). */
  paidPence: number;
  tipPaidPence: number;
  outstandingPence: number;
  sandbox: boolean;
  splitOn: boolean;
  tipsOn: boolean;
  /** The tip the customer chose at the counter (not asked again); null when none was chosen. */
  tipChosenPence: number | null;
  methods: Method[];
  /** The basket the request was made with, in order; absent or empty without one. */
  lines?: readonly BasketLine[];
}

export const money = (pence: number, summary: Summary) => formatPence(pence, summary.currency);
/** The request's page; every other screen's address starts with it. */
export const base = (summary: Summary) => `/pay/${encodeURIComponent(summary.id)}`;

/**
 * The shell for a page about this request (null: no request, e.g. not found): every screen of
 * the payment is in the customer's language, with the language control.
 */
export function Page(props: Omit<ShellProps, 'sandbox'> & { summary: Summary | null }) {
  const { summary, ...shell } = props;
  return <PageShell sandbox={summary?.sandbox ?? false} translated {...shell} />;
}

/** An amount of the request's currency as the page's language writes it. */
export function useMoney(): (pence: number, summary: Summary) => string {
  const { lang } = usePageWords();
  return (pence, summary) => formatMoney(lang, pence, summary.currency);
}

/** A basket this long starts folded, so the ways to pay stay near the top of a phone's screen. */
const FOLDED_FROM_LINES = 7;

/**
 * What the customer is paying for, a line each: quantity × name (the price of one under it) and
 * the line's amount on the right. A list, not a table: on a phone the name wraps in its own
 * column and the amounts stay whole.
 */
export function Basket({ summary }: { summary: Summary }) {
  const { lang, say } = usePageWords();
  const money = (pence: number, s: Summary) => formatMoney(lang, pence, s.currency);
  const lines = summary.lines ?? [];
  if (lines.length === 0) return null;
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <details class="basket" open={lines.length < FOLDED_FROM_LINES} data-testid="basket">
      <summary>{say('hosted.basket', { count: items })}</summary>
      <ul>
        {lines.map((line) => (
          <li>
            <span>
              {localDigits(lang, String(line.quantity))} × {line.description}
              {line.quantity > 1 && (
                <span class="each">
                  {say('hosted.each', { amount: money(line.unitPence, summary) })}
                </span>
              )}
            </span>
            <span class="line-total">{money(lineTotalPence(line), summary)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The merchant, the amount, the notes and the order; for a part-paid split bill, progress; on
 * the screens where the customer is choosing how to pay (`basket`), the basket too.
 */
export function Header({ summary, basket }: { summary: Summary; basket?: boolean }) {
  const { lang, say } = usePageWords();
  const money = (pence: number, s: Summary) => formatMoney(lang, pence, s.currency);
  const partPaid = summary.paidPence > 0 && summary.outstandingPence > 0;
  return (
    <MerchantHeader
      merchantName={summary.merchantName}
      logo={summary.merchantLogo}
      amount={money(summary.amountPence, summary)}
      notes={summary.notes}
      reference={say('hosted.order', { orderId: summary.orderId })}
    >
      {basket && <Basket summary={summary} />}
      {partPaid && (
        <dl class="sum" data-testid="split-progress">
          <dt>{say('hosted.paidSoFar')}</dt>
          <dd>{money(summary.paidPence, summary)}</dd>
          <dt>{say('hosted.remaining')}</dt>
          <dd>{money(summary.outstandingPence, summary)}</dd>
        </dl>
      )}
    </MerchantHeader>
  );
}

export function Breakdown({ summary, plan }: { summary: Summary; plan: Plan }) {
  const { lang, say } = usePageWords();
  const money = useMoney();
  const tipLabel =
    plan.tip === 'custom'
      ? say('pay.tip')
      : plan.tip === 'none'
        ? null
        : say('pay.tipPercent', { percent: formatPercent(lang, Number(plan.tip)) });
  return (
    <dl class="sum" data-testid="breakdown">
      <dt>
        {plan.sharePence !== undefined
          ? say('pay.share', { people: plan.people })
          : say('pay.amount')}
      </dt>
      <dd>{money(plan.payNowPence, summary)}</dd>
      {(tipLabel || plan.tipPence > 0) && (
        <>
          <dt>{tipLabel ?? say('pay.tip')}</dt>
          <dd>{money(plan.tipPence, summary)}</dd>
        </>
      )}
      <dt class="total">{say('pay.total')}</dt>
      <dd class="total" data-testid="total">
        {money(plan.totalPence, summary)}
      </dd>
    </dl>
  );
}

/** A radio choice in a bordered row (the whole row is the label, so it is a large target). */
function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  required?: boolean;
  children: Child;
}) {
  return (
    <label class="choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        required={props.required ?? false}
      />
      {props.children}
    </label>
  );
}

// ---- Choosing how to pay ------------------------------------------------------------------

export interface OptionsForm {
  error?: Said;
  /** The fields as submitted, to keep the customer's choices after an error. */
  values?: Record<string, string>;
  /** Confirms the share this customer just paid on a split bill. */
  sharePaidPence?: number;
}

function TipChoice({ summary, values }: { summary: Summary; values: Record<string, string> }) {
  const { lang, say } = usePageWords();
  const money = (pence: number, s: Summary) => formatMoney(lang, pence, s.currency);
  const chosen = values.tip ?? 'none';
  // Tip amounts are shown up front only when they cannot change with the split choice.
  const tipBase = summary.splitOn ? null : summary.outstandingPence;
  return (
    <fieldset>
      <legend>{say('hosted.addTip')}</legend>
      <Choice name="tip" value="none" checked={chosen === 'none'}>
        {say('hosted.noTip')}
      </Choice>
      {TIP_PERCENTAGES.map((p) => (
        <Choice name="tip" value={String(p)} checked={chosen === String(p)}>
          {formatPercent(lang, p)}
          {tipBase !== null && <span class="muted">({money(percentOf(tipBase, p), summary)})</span>}
        </Choice>
      ))}
      <Choice name="tip" value="custom" checked={chosen === 'custom'}>
        {say('hosted.customAmount')}
      </Choice>
      <label class="field">
        {say('hosted.customTip')}
        <input
          type="text"
          name="customTip"
          inputmode="decimal"
          autocomplete="off"
          placeholder={say('hosted.example')}
          value={values.customTip ?? ''}
        />
      </label>
    </fieldset>
  );
}

function SplitChoice({ summary, values }: { summary: Summary; values: Record<string, string> }) {
  const { lang, say } = usePageWords();
  const money = (pence: number, s: Summary) => formatMoney(lang, pence, s.currency);
  const people = values.people ?? '1';
  const counts = Array.from({ length: MAX_PEOPLE - 1 }, (_, i) => i + 2);
  return (
    <fieldset>
      <legend>{say('hosted.split')}</legend>
      <label class="field">
        {say(summary.paidPence > 0 ? 'hosted.peopleStill' : 'hosted.peoplePaying')}
        <select name="people">
          <option value="1" selected={people === '1'}>
            {say('hosted.dontSplit', { amount: money(summary.outstandingPence, summary) })}
          </option>
          {counts.map((n) => (
            <option value={String(n)} selected={people === String(n)}>
              {say('hosted.peopleEach', {
                count: n,
                amount: money(shareOf(summary.outstandingPence, n), summary),
              })}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** The first screen of a payment, in the customer's language (the language control above it). */
export function optionsPage(summary: Summary, form: OptionsForm = {}): HostedPage {
  return (
    <Page
      summary={summary}
      title={(lang) => t(lang, 'hosted.title', { merchant: summary.merchantName })}
      translated
    >
      <Options summary={summary} form={form} />
    </Page>
  );
}

function Options({ summary, form }: { summary: Summary; form: OptionsForm }) {
  const { lang, say } = usePageWords();
  const money = (pence: number, s: Summary) => formatMoney(lang, pence, s.currency);
  const values = form.values ?? {};
  return (
    <>
      <Header summary={summary} basket />
      {form.sharePaidPence !== undefined && (
        <div class="ok" role="status" data-testid="share-paid">
          {say('hosted.sharePaid', {
            paid: money(form.sharePaidPence, summary),
            outstanding: money(summary.outstandingPence, summary),
          })}
        </div>
      )}
      <section class="card" aria-labelledby="choose-title">
        <h1 id="choose-title">{say('hosted.howToPay')}</h1>
        <ErrorBox message={form.error} otherwise="pay.errChanged" />
        <form
          method="get"
          action={`${base(summary)}/${summary.methods[0] === 'CARD' ? 'card' : 'bank'}`}
        >
          {summary.tipsOn && <TipChoice summary={summary} values={values} />}
          {summary.tipChosenPence !== null && summary.tipChosenPence > 0 && (
            <p data-testid="tip-chosen">
              {say('hosted.tipChosen', { amount: money(summary.tipChosenPence, summary) })}
            </p>
          )}
          {summary.splitOn && <SplitChoice summary={summary} values={values} />}
          {summary.methods.map((method) =>
            method === 'PAY_BY_BANK' ? (
              <button type="submit" formAction={`${base(summary)}/bank`}>
                {say('hosted.payByBank')}
              </button>
            ) : (
              <button type="submit" formAction={`${base(summary)}/card`}>
                {say('hosted.payByCard')}
              </button>
            ),
          )}
        </form>
      </section>
    </>
  );
}

// ---- Pay by bank --------------------------------------------------------------------------

export function bankSelectPage(summary: Summary, plan: Plan, error?: Said): HostedPage {
  return (
    <Page summary={summary} title={(lang) => t(lang, 'hosted.payByBank')}>
      <BankSelect summary={summary} plan={plan} error={error} />
    </Page>
  );
}

function BankSelect({ summary, plan, error }: { summary: Summary; plan: Plan; error?: Said }) {
  const { say } = usePageWords();
  return (
    <>
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="method-title">
        <h1 id="method-title">{say('hosted.payByBank')}</h1>
        <Breakdown summary={summary} plan={plan} />
        <ErrorBox message={error} otherwise="pay.chooseBank" />
        <form method="post" action={`${base(summary)}/bank`}>
          <HiddenFields fields={planFields(plan)} />
          <fieldset>
            <legend>{say('pay.chooseBank')}</legend>
            {SANDBOX_BANKS.map((bank, i) => (
              <Choice name="bank" value={bank} checked={i === 0} required>
                {bank}
              </Choice>
            ))}
          </fieldset>
          <p class="muted">{say('pay.bankHint')}</p>
          <button type="submit">{say('pay.continueToBank')}</button>
        </form>
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          {say('pay.back')}
        </LinkButton>
      </section>
    </>
  );
}

/** The bank's own page: styled as somebody else's site, as a real bank hand-off would be. */
export function bankAuthorisePage(summary: Summary, tx: TransactionRow): HostedPage {
  // A bank's name is its own in every language; without one, "your bank" in the page's.
  const bankIn = (lang: LanguageCode) => tx.bank_name ?? t(lang, 'pay.yourBank');
  return (
    <Page
      summary={summary}
      title={(lang) => t(lang, 'pay.bankApproveTitle', { bank: bankIn(lang) })}
      theme="bank"
      brand={tx.bank_name ?? undefined}
    >
      <BankAuthorise summary={summary} tx={tx} bankIn={bankIn} />
    </Page>
  );
}

function BankAuthorise(props: {
  summary: Summary;
  tx: TransactionRow;
  bankIn(lang: LanguageCode): string;
}) {
  const { summary, tx } = props;
  const { lang, say } = usePageWords();
  const money = useMoney();
  return (
    <section class="card" aria-labelledby="bank-title">
      <p class="muted">{say('pay.bankApproval', { bank: props.bankIn(lang) })}</p>
      <h1 id="bank-title">{say('pay.approveQuestion')}</h1>
      <dl class="sum">
        <dt>{say('pay.payTo')}</dt>
        <dd>{summary.merchantName}</dd>
        <dt>{say('pay.reference')}</dt>
        <dd>{summary.orderId}</dd>
        <dt class="total">{say('pay.amount')}</dt>
        <dd class="total" data-testid="bank-amount">
          {money(tx.amount_pence + tx.tip_pence, summary)}
        </dd>
      </dl>
      <form method="post" action={`${base(summary)}/bank/${tx.id}`}>
        <button type="submit" name="decision" value="approve">
          {say('pay.approve')}
        </button>
        <button type="submit" name="decision" value="decline" class="danger">
          {say('pay.decline')}
        </button>
      </form>
      <p class="muted">{say('pay.sandboxBank')}</p>
    </section>
  );
}
