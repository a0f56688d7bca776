/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted authorization page behind a contract's authorizationUrl: one of the business's
 * approvers (SEND) or the customer (COLLECT) reads the limits in plain words and approves or
 * declines. The agent holds the link too, so approving also needs a one-time code
 * (approval-codes.ts), sent to the one of those who may approve that the person picks from the
 * masked list: the page first offers to send it, then asks for it. A COLLECT customer types the
 * code first and only then sees anything of theirs: which saved card is charged, or a form to add
 * one with 3D Secure. Built from the hosted pages' shell and components; plain forms, so it
 * works without JavaScript.
 */
import type { FC } from 'hono/jsx';
import { limitSentences, when, type LimitsValue } from '../../shared/agent-words';
import {
  CardForm,
  ErrorBox,
  MerchantHeader,
  PageShell,
  StatusCard,
  type CardFormValues,
} from '../ui';
import type { Business } from './business';
import type { LinkedMethod } from './collect-cards';

export interface AuthorizeView {
  token: string;
  sandbox: boolean;
  business: Business;
  agentName: string;
  contractName: string;
  description?: string;
  type: 'SEND' | 'COLLECT';
  /** Set when the page asks about a pending update rather than a new contract. */
  current?: LimitsValue;
  limits: LimitsValue;
  expiresAt: string;
  /** COLLECT, once the code was typed: the customer's saved cards, newest first. */
  cards: LinkedMethod[];
  /** COLLECT: the card checked at first (the one just added, else the newest). */
  selected?: string | undefined;
  /** COLLECT update, once the code was typed: the card the contract charges. */
  linked?: LinkedMethod | undefined;
  /** What went wrong with the decision, or with adding a card. */
  error?: string | undefined;
  cardError?: string | undefined;
  cardValues?: CardFormValues | undefined;
  /** Good news to show first, e.g. the card just saved. */
  notice?: string | undefined;
  /** The approval code: who may get it (masked), where the live one went, and its state. */
  approval: {
    recipients: { id: string; to: string; checked: boolean }[];
    sentTo?: string | undefined;
    live: boolean;
    locked: boolean;
    sendsLeft: number;
    /** COLLECT: the code is typed first (and opens this browser's session), then the card. */
    twoStep: boolean;
    /** This browser typed a right code. */
    verified: boolean;
  };
}

export const cardWords = (card: LinkedMethod) =>
  `${card.brand} card ending ${card.lastFourDigits}, expires ${card.expiryDate}`;

/** The COLLECT choice of card: the saved ones as radio buttons, inside the decision form. */
function CardChoice(props: { cards: LinkedMethod[]; selected?: string | undefined }) {
  const checked = props.cards.some((c) => c.paymentMethodId === props.selected)
    ? props.selected
    : props.cards[0]?.paymentMethodId;
  return (
    <fieldset>
      <legend>The card to charge</legend>
      {props.cards.map((card) => (
        <label class="choice">
          <input
            type="radio"
            name="paymentMethodId"
            value={card.paymentMethodId}
            checked={card.paymentMethodId === checked}
          />
          <span>{cardWords(card)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Approve with the code is offered once a code is on its way and approval is not locked. */
const approvable = (view: AuthorizeView) => view.approval.live && !view.approval.locked;

/** Why nobody can be sent a code, and who can put it right. */
function NoOneToAsk(props: { view: AuthorizeView }) {
  const business = props.view.business.name;
  return props.view.type === 'SEND' ? (
    <p role="alert">
      No one can approve this contract yet: {business} has not named who approves its agents'
      spending. {business} adds its approvers in its dashboard's Settings (Agent Pay approvers);
      then open this link again. You can decline it now.
    </p>
  ) : (
    <p role="alert">
      {business} has no e-mail address or phone number for you, so we cannot send you the code that
      approving needs. Ask {business} to add one to your details, then open this link again. You can
      decline it now.
    </p>
  );
}

/**
 * The step before approving: the person picks who gets the code (when more than one may) and
 * sends it (again, if it did not arrive).
 */
function ApprovalCode(props: { view: AuthorizeView; action: string }) {
  const { recipients, sentTo, live, locked, sendsLeft } = props.view.approval;
  if (recipients.length === 0) return <NoOneToAsk view={props.view} />;
  if (locked)
    return (
      <p role="alert">
        Too many wrong codes: this link can no longer approve. You can still decline; ask for a new
        authorization link to approve.
      </p>
    );
  const only = recipients.length === 1 ? recipients[0]! : undefined;
  return (
    <form method="post" action={`${props.action}/code`}>
      <p>
        {live && sentTo
          ? `Type the code we sent to ${sentTo} below. It works for 10 minutes.`
          : only
            ? `To approve, we send a one-time code to ${only.to}. Only you should see it: do not pass it on.`
            : 'To approve, we send a one-time code to one of these. Choose yours; only you should see the code: do not pass it on.'}
      </p>
      {only ? (
        <input type="hidden" name="to" value={only.id} />
      ) : (
        <fieldset>
          <legend>Send the code to</legend>
          {recipients.map((r, i) => (
            <label class="choice">
              <input
                type="radio"
                name="to"
                value={r.id}
                checked={r.checked || (i === 0 && !recipients.some((o) => o.checked))}
              />
              <span>{r.to}</span>
            </label>
          ))}
        </fieldset>
      )}
      {sendsLeft > 0 ? (
        <button class={live ? 'secondary' : undefined} type="submit">
          {live ? 'Send a new code' : 'Send me a code'}
        </button>
      ) : null}
    </form>
  );
}

/** The code field, as the person types it. */
const CodeInput = () => (
  <>
    <label for="code">The code we sent you</label>
    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength={12} />
  </>
);

/**
 * COLLECT before the code: the code is typed on its own; nothing of the customer shows until it
 * is right. Decline needs none.
 */
function VerifyFirst(props: { view: AuthorizeView; action: string }) {
  return (
    <>
      {approvable(props.view) ? (
        <form method="post" action={`${props.action}/verify`}>
          <CodeInput />
          <button type="submit">Continue</button>
        </form>
      ) : null}
      <form method="post" action={props.action}>
        <button class="secondary" type="submit" name="decision" value="DECLINE">
          Decline
        </button>
      </form>
    </>
  );
}

/** The decision: SEND approves with the code; COLLECT, after the code, with the card chosen. */
function Decision(props: { view: AuthorizeView; action: string; collectNew: boolean }) {
  const { view, action, collectNew } = props;
  const { twoStep, verified } = view.approval;
  if (twoStep && !verified) return <VerifyFirst view={view} action={action} />;
  return (
    <form method="post" action={action}>
      {collectNew && view.cards.length > 0 ? (
        <CardChoice cards={view.cards} selected={view.selected} />
      ) : null}
      {view.type === 'COLLECT' && !collectNew && view.linked ? (
        <p>Charges go to your {cardWords(view.linked)}.</p>
      ) : null}
      {collectNew && view.cards.length === 0 ? (
        <p>You have no saved card yet: add one below, then approve.</p>
      ) : twoStep ? (
        <button type="submit" name="decision" value="APPROVE">
          Approve
        </button>
      ) : approvable(view) && view.approval.recipients.length > 0 ? (
        <>
          <CodeInput />
          <button type="submit" name="decision" value="APPROVE">
            Approve
          </button>
        </>
      ) : null}
      <button class="secondary" type="submit" name="decision" value="DECLINE">
        Decline
      </button>
    </form>
  );
}

export const AuthorizePage: FC<{ view: AuthorizeView }> = ({ view }) => {
  const update = view.current !== undefined;
  const action = `/agents/authorize/${view.token}`;
  const collectNew = view.type === 'COLLECT' && !update;
  const businessName = view.business.name;
  const who =
    view.type === 'SEND'
      ? `${view.agentName}, an agent of ${businessName}, asks to send payments from ${businessName}'s account.`
      : `${businessName} asks to charge your card, through its agent ${view.agentName}, without you being present each time.`;
  return (
    <PageShell
      title={update ? 'Approve the new limits' : 'Approve a spending contract'}
      sandbox={view.sandbox}
    >
      <MerchantHeader merchantName={businessName} logo={view.business.logo} />
      <section class="card">
        <h1>
          {update ? 'New limits for ' : 'Approve '}“{view.contractName}”
        </h1>
        <p>{who}</p>
        {view.description ? <p class="notes">{view.description}</p> : null}
        {update ? (
          <>
            <h2>Now</h2>
            <ul>
              {limitSentences(view.current!).map((line) => (
                <li>{line}</li>
              ))}
            </ul>
            <h2>If you approve</h2>
          </>
        ) : (
          <h2>The limits</h2>
        )}
        <ul data-testid="limits">
          {limitSentences(view.limits).map((line) => (
            <li>{line}</li>
          ))}
        </ul>
      </section>
      <section class="card" aria-label="Your decision">
        {view.notice ? (
          <p class="ok" role="status">
            {view.notice}
          </p>
        ) : null}
        <ErrorBox message={view.error} />
        {view.approval.twoStep && view.approval.verified ? (
          <p class="muted">Your code is confirmed.</p>
        ) : (
          <ApprovalCode view={view} action={action} />
        )}
        <Decision view={view} action={action} collectNew={collectNew} />
        <p class="muted">This link works until {when(view.expiresAt)}.</p>
      </section>
      {collectNew && view.approval.verified ? (
        <section class="card" aria-labelledby="add-card">
          <h2 id="add-card">{view.cards.length > 0 ? 'Or add a new card' : 'Add a card'}</h2>
          <p class="muted">
            Your bank asks you to confirm the card (3D Secure). No money is taken now.
          </p>
          <CardForm
            action={`${action}/card`}
            submitLabel="Add card"
            error={view.cardError}
            values={view.cardValues}
          />
        </section>
      ) : null}
    </PageShell>
  );
};

export const OutcomePage: FC<{
  heading: string;
  text: string;
  sandbox?: boolean;
  ok?: boolean;
  /** A contract just approved: the human's own link to revoke it (revoke-routes.tsx). */
  revokeUrl?: string;
}> = (props) => (
  <PageShell title={props.heading} sandbox={props.sandbox ?? false}>
    <StatusCard
      title={props.heading}
      {...(props.ok !== undefined ? { icon: props.ok ? ('ok' as const) : ('bad' as const) } : {})}
    >
      <p>{props.text}</p>
      {props.revokeUrl ? (
        <p>
          You can revoke it at any time on <a href={props.revokeUrl}>your revoke link</a>, which we
          have also sent you. Keep it to yourself.
        </p>
      ) : null}
    </StatusCard>
  </PageShell>
);
