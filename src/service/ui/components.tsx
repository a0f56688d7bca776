/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The parts hosted pages share: the merchant header, messages, hidden fields, the card form, the
 * 3D Secure challenge and the status card. They read nothing and change nothing; every value
 * reaches the page through hono/jsx, which escapes text and attribute values, so merchant or
 * customer text can never become markup.
 */
import type { Child } from 'hono/jsx';
import type { MessageKey } from '../../shared/i18n';
import { usePageWords } from './shell';
import type { Said } from './words';

/** The top card of a shop-themed page: whom the customer deals with, and about what. */
export function MerchantHeader(props: {
  merchantName: string;
  /** The merchant's logo (its path on this service), shown above the name. */
  logo?: string | null | undefined;
  /** The main figure, e.g. the amount to pay ("£12.50"). */
  amount?: string;
  notes?: string | null;
  /** A reference the customer can quote, e.g. "Order A-1001". */
  reference?: string;
  children?: Child;
}) {
  return (
    <section
      class="card"
      aria-label={usePageWords().say('hosted.from', { merchant: props.merchantName })}
    >
      {props.logo && <img class="logo" src={props.logo} alt="" />}
      <p class="merchant">{props.merchantName}</p>
      {props.amount !== undefined && (
        <p class="amount" data-testid="amount">
          {props.amount}
        </p>
      )}
      {props.notes && <p class="notes">{props.notes}</p>}
      {props.reference && <p class="muted">{props.reference}</p>}
      {props.children}
    </section>
  );
}

/**
 * A form or action error, announced by screen readers when the page loads with it; in the page's
 * language, `otherwise` standing in for an English text the catalogue does not have.
 */
export function ErrorBox(props: {
  message?: Said | undefined;
  id?: string;
  otherwise?: MessageKey;
}) {
  const { words } = usePageWords();
  if (!props.message) return null;
  return (
    <div class="error" role="alert" id={props.id} data-testid="form-error">
      {words(props.message, props.otherwise)}
    </div>
  );
}

/** Carries earlier choices to the next step as plain form fields (so it works without JS). */
export function HiddenFields(props: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(props.fields).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A full-width link styled as a button (Back, Continue, Try again). */
export function LinkButton(props: {
  href: string;
  secondary?: boolean;
  testId?: string;
  children: Child;
}) {
  return (
    <a
      class={props.secondary ? 'button secondary' : 'button'}
      href={props.href}
      data-testid={props.testId}
    >
      {props.children}
    </a>
  );
}

export interface CardFormValues {
  name?: string | undefined;
  expiry?: string | undefined;
}

/** The card form's fields, as an error names them. */
export type CardField = 'name' | 'number' | 'expiry' | 'cvc';

/**
 * Name, number, expiry and CVC, posted to `action` with `hidden` fields. Only name and expiry
 * are written back into the page (after an error), never the number or the CVC: a page is
 * kept in the browser's history and session restore, and a service whose responses never
 * carry a full card number keeps it out of every log, proxy and crash dump that records them.
 * A page that must not lose them on a refusal keeps them in the browser instead, by sending
 * the form with a script and showing the refusal without reloading (hosted/card-views.tsx).
 * `errorField` marks the field the error is about (aria-invalid), so the error names it.
 */
export function CardForm(props: {
  action: string;
  submitLabel: string;
  hidden?: Record<string, string>;
  values?: CardFormValues;
  error?: Said | undefined;
  errorField?: CardField | undefined;
  /** Something between the fields and the button, e.g. a "save this card" choice. */
  children?: Child;
}) {
  const { say } = usePageWords();
  const values = props.values ?? {};
  // Without a field named, the error may be about any of them.
  const described = (field: CardField) =>
    props.error && (!props.errorField || props.errorField === field) ? 'card-error' : undefined;
  const invalid = (field: CardField) => (props.errorField === field ? 'true' : undefined);
  return (
    <>
      <ErrorBox message={props.error} id="card-error" otherwise="pay.errCard" />
      <form method="post" action={props.action} autocomplete="on" data-card-form>
        <HiddenFields fields={props.hidden ?? {}} />
        <label class="field">
          {say('pay.cardName')}
          <input
            type="text"
            name="name"
            autocomplete="cc-name"
            required
            maxlength={60}
            value={values.name ?? ''}
            aria-describedby={described('name')}
            aria-invalid={invalid('name')}
          />
        </label>
        <label class="field">
          {say('pay.cardNumber')}
          <input
            type="text"
            name="number"
            inputmode="numeric"
            autocomplete="cc-number"
            required
            maxlength={23}
            placeholder="1234 1234 1234 1234"
            aria-describedby={described('number')}
            aria-invalid={invalid('number')}
          />
        </label>
        <div class="row">
          <label class="field">
            {say('pay.cardExpiry')}
            <input
              type="text"
              name="expiry"
              inputmode="numeric"
              autocomplete="cc-exp"
              required
              maxlength={7}
              placeholder={say('pay.expiryPlaceholder')}
              value={values.expiry ?? ''}
              aria-describedby={described('expiry')}
              aria-invalid={invalid('expiry')}
            />
          </label>
          <label class="field">
            {say('pay.cvc')}
            <input
              type="text"
              name="cvc"
              inputmode="numeric"
              autocomplete="cc-csc"
              required
              maxlength={4}
              placeholder="123"
              aria-describedby={described('cvc')}
              aria-invalid={invalid('cvc')}
            />
          </label>
        </div>
        {props.children}
        <button type="submit">{props.submitLabel}</button>
      </form>
    </>
  );
}

/**
 * The sandbox issuer's two outcomes of a 3D Secure challenge, posting `decision=complete|fail`
 * to `action`: the one form both challenges use (a payment's here, a card being saved in
 * cards/save-card-page.tsx).
 */
export function SandboxChallengeForm(props: { action: string }) {
  const { say } = usePageWords();
  return (
    <form method="post" action={props.action}>
      <button type="submit" name="decision" value="complete">
        {say('pay.completeAuth')}
      </button>
      <button type="submit" name="decision" value="fail" class="danger">
        {say('pay.failAuth')}
      </button>
    </form>
  );
}

/**
 * The card issuer's 3D Secure challenge (use inside a PageShell with theme "issuer"): who asks,
 * for how much, on which card; the two outcomes post `decision=complete|fail` to `action`.
 */
export function ThreeDSChallenge(props: {
  merchantName: string;
  cardLast4: string;
  amount: string;
  action: string;
}) {
  const { say } = usePageWords();
  return (
    <section class="card">
      <h1>{say('pay.confirmItsYou')}</h1>
      <p>{say('pay.issuerAsks')}</p>
      <dl class="sum">
        <dt>{say('pay.merchant')}</dt>
        <dd>{props.merchantName}</dd>
        <dt>{say('pay.card')}</dt>
        <dd>•••• {props.cardLast4}</dd>
        <dt class="total">{say('pay.amount')}</dt>
        <dd class="total">{props.amount}</dd>
      </dl>
      <SandboxChallengeForm action={props.action} />
      <p class="muted">{say('pay.sandbox3ds')}</p>
    </section>
  );
}

/**
 * A final or waiting state: a heading, an optional ✓ or ! mark, and what to do next. The mark
 * is decoration (aria-hidden); the heading says it in words.
 */
export function StatusCard(props: {
  title: string;
  icon?: 'ok' | 'bad';
  testId?: string;
  children?: Child;
}) {
  return (
    <section class="card" data-testid={props.testId} aria-labelledby="status-title">
      {props.icon && (
        <div class={props.icon === 'ok' ? 'status-icon' : 'status-icon bad'} aria-hidden="true">
          {props.icon === 'ok' ? '✓' : '!'}
        </div>
      )}
      <h1 id="status-title">{props.title}</h1>
      {props.children}
    </section>
  );
}
