/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted authorization page behind a contract's authorizationUrl: the account holder (SEND)
 * or the customer (COLLECT) reads the limits in plain words and approves or declines. The agent
 * holds the link too, so approving also needs the one-time code sent to the approver the
 * contract names (approval-codes.ts): the page first offers to send it, then asks for it. A
 * COLLECT customer also chooses which saved card is charged, or adds one with 3D Secure. Built
 * from the hosted pages' shell and components; plain forms, so it works without JavaScript.
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
} from '../pages/hosted';
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
  /** COLLECT: the customer's saved cards, newest first. */
  cards: LinkedMethod[];
  /** COLLECT: the card checked at first (the one just added, else the newest). */
  selected?: string | undefined;
  /** COLLECT update: the card the contract charges. */
  linked?: LinkedMethod | undefined;
  /** What went wrong with the decision, or with adding a card. */
  error?: string | undefined;
  cardError?: string | undefined;
  cardValues?: CardFormValues | undefined;
  /** Good news to show first, e.g. the card just saved. */
  notice?: string | undefined;
  /** The approval code: where it goes (masked; absent when no approver is named) and its state. */
  approval: { to?: string | undefined; live: boolean; locked: boolean; sendsLeft: number };
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

/** Approve is offered once a code is on its way and the link's approval is not locked. */
const approvable = (view: AuthorizeView) =>
  view.approval.to !== undefined && view.approval.live && !view.approval.locked;

/** The step before approving: send the code to the approver (again, if it did not arrive). */
function ApprovalCode(props: { view: AuthorizeView; action: string }) {
  const { to, live, locked, sendsLeft } = props.view.approval;
  if (to === undefined)
    return (
      <p>
        This contract names no one to send an approval code to, so it cannot be approved here. You
        can decline it.
      </p>
    );
  if (locked)
    return (
      <p role="alert">
        Too many wrong codes: this link can no longer approve. You can still decline; ask for a new
        authorization link to approve.
      </p>
    );
  return (
    <form method="post" action={`${props.action}/code`}>
      <p>
        {live
          ? `Type the code we sent to ${to} below. It works for 10 minutes.`
          : `To approve, we send a one-time code to ${to}. Only you should see it: do not pass it on.`}
      </p>
      {sendsLeft > 0 ? (
        <button class={live ? 'secondary' : undefined} type="submit">
          {live ? 'Send a new code' : 'Send me a code'}
        </button>
      ) : null}
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
        {view.type === 'COLLECT' && update && view.linked ? (
          <p>Charges go to your {cardWords(view.linked)}.</p>
        ) : null}
      </section>
      <section class="card" aria-label="Your decision">
        {view.notice ? (
          <p class="ok" role="status">
            {view.notice}
          </p>
        ) : null}
        <ErrorBox message={view.error} />
        <ApprovalCode view={view} action={action} />
        <form method="post" action={action}>
          {collectNew && view.cards.length > 0 ? (
            <CardChoice cards={view.cards} selected={view.selected} />
          ) : null}
          {collectNew && view.cards.length === 0 ? (
            <p>You have no saved card yet: add one below, then approve.</p>
          ) : approvable(view) ? (
            <>
              <label for="code">The code we sent you</label>
              <input
                id="code"
                name="code"
                inputmode="numeric"
                autocomplete="one-time-code"
                maxlength={12}
              />
              <button type="submit" name="decision" value="APPROVE">
                Approve
              </button>
            </>
          ) : null}
          <button class="secondary" type="submit" name="decision" value="DECLINE">
            Decline
          </button>
        </form>
        <p class="muted">This link works until {when(view.expiresAt)}.</p>
      </section>
      {collectNew ? (
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
