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
 * works without JavaScript. Every word is in the customer's language (the catalogue's agent.*).
 */
import type { FC } from 'hono/jsx';
import type { LimitsValue } from '../../shared/agent-words';
import { t } from '../../shared/i18n';
import {
  CardForm,
  ErrorBox,
  MerchantHeader,
  PageShell,
  StatusCard,
  sayIn,
  usePageWords,
  type CardFormValues,
  type Said,
} from '../ui';
import type { Business } from './business';
import type { LinkedMethod } from './collect-cards';
import { cardIn, limitLines, whenIn } from './words';

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
  /** What went wrong with the decision, or with adding a card, in the page's language. */
  error?: Said | undefined;
  cardError?: Said | undefined;
  cardValues?: CardFormValues | undefined;
  /** Good news to show first, e.g. the card just saved. */
  notice?: Said | undefined;
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

/** The COLLECT choice of card: the saved ones as radio buttons, inside the decision form. */
function CardChoice(props: { cards: LinkedMethod[]; selected?: string | undefined }) {
  const { say, lang } = usePageWords();
  const checked = props.cards.some((c) => c.paymentMethodId === props.selected)
    ? props.selected
    : props.cards[0]?.paymentMethodId;
  return (
    <fieldset>
      <legend>{say('agent.cardToCharge')}</legend>
      {props.cards.map((card) => (
        <label class="choice">
          <input
            type="radio"
            name="paymentMethodId"
            value={card.paymentMethodId}
            checked={card.paymentMethodId === checked}
          />
          <span>{cardIn(lang, card)}</span>
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
  const key = props.view.type === 'SEND' ? 'agent.noOneSend' : 'agent.noOneCollect';
  return <p role="alert">{usePageWords().say(key, { business })}</p>;
}

/**
 * The step before approving: the person picks who gets the code (when more than one may) and
 * sends it (again, if it did not arrive).
 */
function ApprovalCode(props: { view: AuthorizeView; action: string }) {
  const { recipients, sentTo, live, locked, sendsLeft } = props.view.approval;
  const { say } = usePageWords();
  if (recipients.length === 0) return <NoOneToAsk view={props.view} />;
  if (locked) return <p role="alert">{say('agent.locked')}</p>;
  const only = recipients.length === 1 ? recipients[0]! : undefined;
  return (
    <form method="post" action={`${props.action}/code`}>
      <p>
        {live && sentTo
          ? say('agent.typeCodeSent', { to: sentTo })
          : only
            ? say('agent.weSendOne', { to: only.to })
            : say('agent.weSendChoose')}
      </p>
      {only ? (
        <input type="hidden" name="to" value={only.id} />
      ) : (
        <fieldset>
          <legend>{say('agent.sendTo')}</legend>
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
          {say(live ? 'agent.sendNew' : 'agent.sendMe')}
        </button>
      ) : null}
    </form>
  );
}

/** The code field, as the person types it. */
const CodeInput = () => (
  <>
    <label for="code">{usePageWords().say('agent.codeLabel')}</label>
    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength={12} />
  </>
);

const DeclineButton = () => (
  <button class="secondary" type="submit" name="decision" value="DECLINE">
    {usePageWords().say('agent.decline')}
  </button>
);

const ApproveButton = () => (
  <button type="submit" name="decision" value="APPROVE">
    {usePageWords().say('agent.approve')}
  </button>
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
          <button type="submit">{usePageWords().say('agent.continue')}</button>
        </form>
      ) : null}
      <form method="post" action={props.action}>
        <DeclineButton />
      </form>
    </>
  );
}

/** The decision: SEND approves with the code; COLLECT, after the code, with the card chosen. */
function Decision(props: { view: AuthorizeView; action: string; collectNew: boolean }) {
  const { view, action, collectNew } = props;
  const { twoStep, verified } = view.approval;
  const { say, lang } = usePageWords();
  if (twoStep && !verified) return <VerifyFirst view={view} action={action} />;
  return (
    <form method="post" action={action}>
      {collectNew && view.cards.length > 0 ? (
        <CardChoice cards={view.cards} selected={view.selected} />
      ) : null}
      {view.type === 'COLLECT' && !collectNew && view.linked ? (
        <p>{say('agent.chargesGo', { card: cardIn(lang, view.linked) })}</p>
      ) : null}
      {collectNew && view.cards.length === 0 ? (
        <p>{say('agent.noCardYet')}</p>
      ) : twoStep ? (
        <ApproveButton />
      ) : approvable(view) && view.approval.recipients.length > 0 ? (
        <>
          <CodeInput />
          <ApproveButton />
        </>
      ) : null}
      <DeclineButton />
    </form>
  );
}

/** The limits as they are now and as approving would make them (or simply as asked). */
function Limits(props: { view: AuthorizeView }) {
  const { view } = props;
  const { say, lang } = usePageWords();
  const list = (limits: LimitsValue, testId?: string) => (
    <ul data-testid={testId}>
      {limitLines(lang, limits).map((line) => (
        <li>{line}</li>
      ))}
    </ul>
  );
  return (
    <>
      {view.current !== undefined ? (
        <>
          <h2>{say('agent.now')}</h2>
          {list(view.current)}
          <h2>{say('agent.ifApprove')}</h2>
        </>
      ) : (
        <h2>{say('agent.theLimits')}</h2>
      )}
      {list(view.limits, 'limits')}
    </>
  );
}

/** COLLECT, once the code is right: a new card, saved after its 3D Secure check. */
function AddCard(props: { view: AuthorizeView; action: string }) {
  const { view } = props;
  const { say } = usePageWords();
  return (
    <section class="card" aria-labelledby="add-card">
      <h2 id="add-card">{say(view.cards.length > 0 ? 'agent.addNewCard' : 'agent.addCard')}</h2>
      <p class="muted">{say('agent.addCardNote')}</p>
      <CardForm
        action={`${props.action}/card`}
        submitLabel={say('agent.addCardSubmit')}
        error={view.cardError}
        values={view.cardValues}
      />
    </section>
  );
}

export const AuthorizePage: FC<{ view: AuthorizeView }> = ({ view }) => {
  const update = view.current !== undefined;
  const action = `/agents/authorize/${view.token}`;
  const collectNew = view.type === 'COLLECT' && !update;
  const business = view.business.name;
  const { say, words, lang } = usePageWords();
  const name = view.contractName;
  return (
    <PageShell
      title={(l) => t(l, update ? 'agent.titleUpdate' : 'agent.titleApprove')}
      sandbox={view.sandbox}
      translated
    >
      <MerchantHeader merchantName={business} logo={view.business.logo} />
      <section class="card">
        <h1>{say(update ? 'agent.headingUpdate' : 'agent.headingApprove', { name })}</h1>
        <p>
          {say(view.type === 'SEND' ? 'agent.whoSend' : 'agent.whoCollect', {
            agent: view.agentName,
            business,
          })}
        </p>
        {view.description ? <p class="notes">{view.description}</p> : null}
        <Limits view={view} />
      </section>
      <section class="card" aria-label={say('agent.decision')}>
        {view.notice ? (
          <p class="ok" role="status">
            {words(view.notice)}
          </p>
        ) : null}
        <ErrorBox message={view.error} otherwise="agent.errChanged" />
        {view.approval.twoStep && view.approval.verified ? (
          <p class="muted">{say('agent.codeConfirmed')}</p>
        ) : (
          <ApprovalCode view={view} action={action} />
        )}
        <Decision view={view} action={action} collectNew={collectNew} />
        <p class="muted">{say('agent.worksUntil', { when: whenIn(lang, view.expiresAt) })}</p>
      </section>
      {collectNew && view.approval.verified ? <AddCard view={view} action={action} /> : null}
    </PageShell>
  );
};

/** A page that says how things ended (or why the link does not work), in the page's language. */
export const OutcomePage: FC<{
  heading: Said;
  text: Said;
  sandbox?: boolean;
  ok?: boolean;
  /** A contract just approved: the human's own link to revoke it (revoke-routes.tsx). */
  revokeUrl?: string;
}> = (props) => {
  const { say, words } = usePageWords();
  return (
    <PageShell
      title={(lang) => sayIn(lang, props.heading)}
      sandbox={props.sandbox ?? false}
      translated
    >
      <StatusCard
        title={words(props.heading)}
        {...(props.ok !== undefined ? { icon: props.ok ? ('ok' as const) : ('bad' as const) } : {})}
      >
        <p>{words(props.text)}</p>
        {props.revokeUrl ? (
          <>
            <p>{say('agent.revokeAnyTime')}</p>
            <p>
              <a href={props.revokeUrl}>{say('agent.revokeLink')}</a>
            </p>
          </>
        ) : null}
      </StatusCard>
    </PageShell>
  );
};
