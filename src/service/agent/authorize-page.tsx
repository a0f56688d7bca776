/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted authorization page behind a contract's authorizationUrl: the account holder (SEND)
 * or the customer (COLLECT) reads the limits in plain words and approves or declines. The
 * link's token is its only credential, single-purpose and short-lived (docs/agent-pay.md).
 */
import type { FC, PropsWithChildren } from 'hono/jsx';
import { limitSentences, when, type LimitsValue } from '../../shared/agent-words';
import type { LinkedMethod } from './collect-cards';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1b1f24; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 12px;
         box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  ul { padding-left: 1.2rem; } li { margin: .3rem 0; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 8px; border: 1px solid #8a939e; background: #fff; cursor: pointer; }
  button.approve { background: #0a6b3d; border-color: #0a6b3d; color: #fff; }
  .note { color: #4a535e; font-size: .9rem; }
  fieldset { border: 1px solid #d4d9de; border-radius: 8px; }
`;

const Layout: FC<PropsWithChildren<{ title: string }>> = ({ title, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <style>{STYLE}</style>
    </head>
    <body>
      <main>{children}</main>
    </body>
  </html>
);

export interface AuthorizeView {
  token: string;
  businessName: string;
  agentName: string;
  contractName: string;
  description?: string;
  type: 'SEND' | 'COLLECT';
  /** Set when the page asks about a pending update rather than a new contract. */
  current?: LimitsValue;
  limits: LimitsValue;
  expiresAt: string;
  cards: LinkedMethod[];
}

export const AuthorizePage: FC<{ view: AuthorizeView }> = ({ view }) => {
  const update = view.current !== undefined;
  const who =
    view.type === 'SEND'
      ? `${view.agentName}, an agent of ${view.businessName}, asks to send payments from ${view.businessName}'s account.`
      : `${view.businessName} asks to charge your card, through its agent ${view.agentName}, without you being present each time.`;
  return (
    <Layout title={update ? 'Approve the new limits' : 'Approve a spending contract'}>
      <h1>
        {update ? 'New limits for ' : 'Approve '}“{view.contractName}”
      </h1>
      <p>{who}</p>
      {view.description ? <p>{view.description}</p> : null}
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
      <form method="post" action={`/agents/authorize/${view.token}`}>
        {view.type === 'COLLECT' && !update ? (
          view.cards.length > 0 ? (
            <fieldset>
              <legend>The card to charge</legend>
              {view.cards.map((card, i) => (
                <label style="display:block">
                  <input
                    type="radio"
                    name="paymentMethodId"
                    value={card.paymentMethodId}
                    checked={i === 0}
                  />{' '}
                  {card.brand} ending {card.lastFourDigits}, expires {card.expiryDate}
                </label>
              ))}
            </fieldset>
          ) : (
            <p class="note">
              You have no saved card yet: the contract can be approved now, and a card linked to it
              later.
            </p>
          )
        ) : null}
        <div class="actions">
          <button class="approve" type="submit" name="decision" value="APPROVE">
            Approve
          </button>
          <button type="submit" name="decision" value="DECLINE">
            Decline
          </button>
        </div>
      </form>
      <p class="note">This link works until {when(view.expiresAt)}.</p>
    </Layout>
  );
};

export const OutcomePage: FC<{ heading: string; text: string }> = ({ heading, text }) => (
  <Layout title={heading}>
    <h1>{heading}</h1>
    <p>{text}</p>
  </Layout>
);
