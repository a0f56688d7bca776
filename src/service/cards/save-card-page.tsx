/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted card page at {publicUrl}/save-card/{token}: the customer types a card, completes
 * the sandbox's 3D Secure challenge, and the card is saved to them. No amount, no money moves.
 * Then the browser goes to successRedirectUrl, or failureRedirectUrl on a decline, a failed
 * challenge or "Cancel". A used or expired link says so. Plain forms (POST → 303 → GET), so it
 * works without JavaScript and on any phone.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { z } from 'zod';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import { createCustomerStore } from '../customers';
import { SandboxChallengeForm } from '../ui/components';
import { shopNameStatement } from './repo';
import { pageSecurityHeaders } from '../ui/html';
import { challengePath, readCardForm } from './card-entry';
import { createCardStore } from './model';
import { createLinkStore, pendingCardOf, type LinkRow } from './links';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1b22;background:#f4f3f8}
main{max-width:26rem;margin:0 auto;padding:1.25rem}
.sandbox{background:#ffe9a8;text-align:center;padding:.4rem;font-size:.9rem}
h1{font-size:1.35rem;margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin:.9rem 0 .25rem}
input{width:100%;font:inherit;padding:.7rem;border:1px solid #8a879c;border-radius:.4rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{width:100%;font:inherit;font-weight:600;padding:.8rem;margin-top:1.2rem;border:0;border-radius:.4rem;background:#2f5bd3;color:#fff;cursor:pointer}
button.secondary{background:#e3e1ec;color:#1c1b22}
button.danger{background:#8a1c12}
.error{background:#fde2e0;border:1px solid #b3261e;color:#7a1610;padding:.6rem;border-radius:.4rem}
.note{color:#55536a;font-size:.92rem}
a.button{display:block;text-align:center;padding:.8rem;margin-top:1.2rem;border-radius:.4rem;background:#2f5bd3;color:#fff;text-decoration:none;font-weight:600}
`;

const Decision = z.object({ decision: z.enum(['complete', 'fail']) });

function Page(props: { title: string; nonce: string; sandbox: boolean; children: Child }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <style nonce={props.nonce}>{STYLE}</style>
      </head>
      <body>
        {props.sandbox ? <header class="sandbox">Sandbox: no real card is used</header> : null}
        <main>{props.children}</main>
      </body>
    </html>
  );
}

function send(c: Context, status: number, title: string, sandbox: boolean, body: Child) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>${(
    <Page title={title} nonce={nonce} sandbox={sandbox}>
      {body}
    </Page>
  ).toString()}`;
  return c.body(html, status as 200, {
    ...pageSecurityHeaders({ nonce, formAction: "'self'", referrerPolicy: 'no-referrer' }),
    'Content-Type': 'text/html; charset=utf-8',
  });
}

interface FormState {
  error?: string;
  name?: string;
  expiry?: string;
}

function CardForm(props: { shop: string; action: string; form: FormState }) {
  return (
    <>
      <h1>Save a card for {props.shop}</h1>
      <p class="note">
        Your card is kept for future payments to {props.shop}. No money is taken now.
      </p>
      {props.form.error ? (
        <p class="error" role="alert">
          {props.form.error}
        </p>
      ) : null}
      <form method="post" action={props.action}>
        <label for="name">Name on card</label>
        <input
          id="name"
          name="name"
          autocomplete="cc-name"
          required
          value={props.form.name ?? ''}
        />
        <label for="number">Card number</label>
        <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required />
        <div class="row">
          <div>
            <label for="expiry">Expiry (MM/YY)</label>
            <input
              id="expiry"
              name="expiry"
              autocomplete="cc-exp"
              placeholder="MM/YY"
              required
              value={props.form.expiry ?? ''}
            />
          </div>
          <div>
            <label for="cvc">Security code</label>
            <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required />
          </div>
        </div>
        <button type="submit">Save card</button>
      </form>
      <form method="post" action={`${props.action}/cancel`}>
        <button type="submit" class="secondary">
          Cancel
        </button>
      </form>
    </>
  );
}

function Challenge(props: { action: string; brand: string; last4: string }) {
  return (
    <>
      <h1>3D Secure: confirm it is you</h1>
      <p>
        Your bank asks you to confirm saving your {props.brand} card ending {props.last4}. This is
        the sandbox issuer: choose how the check ends.
      </p>
      <SandboxChallengeForm action={props.action} />
    </>
  );
}

function Outcome(props: { title: string; text: string; back?: string }) {
  return (
    <>
      <h1>{props.title}</h1>
      <p>{props.text}</p>
      {props.back ? (
        <a class="button" href={props.back}>
          Return to the shop
        </a>
      ) : null}
    </>
  );
}

/** A merchant URL with the outcome appended; only http(s), so no script can run from it. */
function withOutcome(url: string | null, params: Record<string, string>): string | undefined {
  if (!url) return undefined;
  try {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return undefined;
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return target.href;
  } catch {
    return undefined;
  }
}

async function formBody(c: Context): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(await c.req.parseBody()))
    if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** The page that says why a link cannot be used (unknown, used or expired), or undefined. */
function unusablePage(
  c: Context,
  row: LinkRow | undefined,
  expired: (row: LinkRow) => boolean,
): Response | undefined {
  const sandbox = row?.environment !== 'production';
  if (!row)
    return send(
      c,
      404,
      'Link not found',
      true,
      <Outcome
        title="This link does not work"
        text="Check the link, or ask the shop for a new one."
      />,
    );
  if (row.status === 'SAVED')
    return send(
      c,
      410,
      'Link already used',
      sandbox,
      <Outcome
        title="This link has already been used"
        text="Your card was saved. Ask the shop for a new link to save another card."
        back={withOutcome(row.success_url, {
          status: 'SAVED',
          customerId: row.customer_id,
          paymentMethodId: row.card_id ?? '',
        })}
      />,
    );
  if (row.status === 'FAILED')
    return send(
      c,
      410,
      'Link already used',
      sandbox,
      <Outcome
        title="This link has already been used"
        text="No card was saved with it. Ask the shop for a new link."
        back={withOutcome(row.failure_url, { status: 'FAILED', customerId: row.customer_id })}
      />,
    );
  if (expired(row))
    return send(
      c,
      410,
      'Link expired',
      sandbox,
      <Outcome
        title="This link has expired"
        text="No card was saved. Ask the shop for a new link."
        back={withOutcome(row.failure_url, { status: 'EXPIRED', customerId: row.customer_id })}
      />,
    );
  return undefined;
}

export const saveCardPageRoutes: Area<CardsContext> = (app, ctx) => {
  const links = createLinkStore(ctx.store, ctx.clock);
  const cards = createCardStore(ctx.store, ctx.clock);
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const shopOf = shopNameStatement(ctx.store);
  const shop = async (row: LinkRow) => (await shopOf.get(row.merchant_id))?.name ?? 'the shop';
  const base = (row: LinkRow) => `/save-card/${row.token}`;
  const seeOther = (c: Context, location: string) =>
    c.body(null, 303, {
      ...pageSecurityHeaders({ formAction: "'none'", referrerPolicy: 'no-referrer' }),
      Location: location,
    });

  // Forms here post only from this page: another site cannot save a card to someone.
  app.use('/save-card/*', async (c, next) => {
    const site = c.req.header('sec-fetch-site');
    if (c.req.method === 'POST' && site && site !== 'same-origin' && site !== 'none')
      return c.text('Forms on this page can only be sent from this page.', 403);
    await next();
  });

  /** The link as it stands, or the page that says why it cannot be used. */
  async function open(c: Context): Promise<{ row: LinkRow } | { page: Response }> {
    const row = await links.get(c.req.param('token') ?? '');
    const page = unusablePage(c, row, links.expired);
    return page ? { page } : { row: row! };
  }

  /** Ends the link as FAILED and goes to the failure URL, or says so here. */
  async function fail(c: Context, row: LinkRow, reason: string) {
    await links.finish(row, 'FAILED');
    const url = withOutcome(row.failure_url, {
      status: 'FAILED',
      customerId: row.customer_id,
      reason,
    });
    if (url) return seeOther(c, url);
    return send(
      c,
      200,
      'Card not saved',
      row.environment === 'sandbox',
      <Outcome title="Your card was not saved" text={reason} />,
    );
  }

  const formPage = async (c: Context, row: LinkRow, status: number, form: FormState = {}) =>
    send(
      c,
      status,
      'Save a card',
      row.environment === 'sandbox',
      <CardForm shop={await shop(row)} action={base(row)} form={form} />,
    );

  app.get('/save-card/:token', async (c) => {
    const link = await open(c);
    if ('page' in link) return link.page;
    if (link.row.pending_card) return seeOther(c, `${base(link.row)}/challenge`);
    return formPage(c, link.row, 200);
  });

  app.post('/save-card/:token', async (c) => {
    const link = await open(c);
    if ('page' in link) return link.page;
    const row = link.row;
    const fields = await formBody(c);
    const entry = readCardForm(fields, ctx.clock.now(row.environment, row.merchant_id));
    if (!entry.ok && entry.declined) return await fail(c, row, entry.error);
    if (!entry.ok)
      return formPage(c, row, 400, {
        error: entry.error,
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.expiry !== undefined ? { expiry: fields.expiry } : {}),
      });
    await links.holdCard(row, entry.card);
    return seeOther(c, challengePath(row));
  });

  app.post('/save-card/:token/cancel', async (c) => {
    const link = await open(c);
    if ('page' in link) return link.page;
    return await fail(c, link.row, 'You cancelled saving the card');
  });

  app.get('/save-card/:token/challenge', async (c) => {
    const link = await open(c);
    if ('page' in link) return link.page;
    const card = pendingCardOf(link.row);
    if (!card) return seeOther(c, base(link.row));
    return send(
      c,
      200,
      '3D Secure',
      link.row.environment === 'sandbox',
      <Challenge
        action={`${base(link.row)}/challenge`}
        brand={card.profile.brand}
        last4={card.last4}
      />,
    );
  });

  app.post('/save-card/:token/challenge', async (c) => {
    const link = await open(c);
    if ('page' in link) return link.page;
    const row = link.row;
    const card = pendingCardOf(row);
    if (!card) return seeOther(c, base(row));
    const decision = Decision.safeParse(await formBody(c));
    if (!decision.success) return seeOther(c, `${base(row)}/challenge`);
    if (decision.data.decision === 'fail')
      return await fail(c, row, '3D Secure authentication failed');
    const saved = () =>
      ctx.store.tx(async () => {
        const customer = await customers.get(
          { merchantId: row.merchant_id, environment: row.environment },
          row.customer_id,
        );
        const created = await cards.save(customer, card);
        // Compare-and-set: a second submit of the same challenge saves nothing more.
        if (!(await links.finish(row, 'SAVED', created.id))) throw new Error('link already used');
        return created;
      });
    let cardId: string;
    try {
      cardId = (await saved()).id;
    } catch {
      return seeOther(c, base(row));
    }
    const url = withOutcome(row.success_url, {
      status: 'SAVED',
      customerId: row.customer_id,
      paymentMethodId: cardId,
    });
    if (url) return seeOther(c, url);
    return send(
      c,
      200,
      'Card saved',
      row.environment === 'sandbox',
      <Outcome
        title="Your card is saved"
        text={`Your ${card.profile.brand} card ending ${card.last4} is saved for future payments to ${await shop(row)}.`}
      />,
    );
  });
};
