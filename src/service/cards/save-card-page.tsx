/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted card page at {publicUrl}/save-card/{token}: the customer types a card, completes
 * the sandbox's 3D Secure challenge, and the card is saved to them. No amount, no money moves.
 * Then the browser goes to successRedirectUrl, or failureRedirectUrl on a decline, a failed
 * challenge or "Cancel". A used or expired link says so. Plain forms (POST → 303 → GET), so it
 * works without JavaScript and on any phone.
 */
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { z } from 'zod';
import { t, type MessageKey } from '../../shared/i18n';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import { createCustomerStore } from '../customers';
import {
  CardForm,
  LinkButton,
  PageShell,
  SandboxChallengeForm,
  StatusCard,
  guardHostedPages,
  seeOther,
  sendPage,
  setMerchantLanguage,
  usePageWords,
  type CardField,
  type Said,
} from '../ui';
import { shopNameStatement } from './repo';
import { challengePath, readCardForm } from './card-entry';
import { createCardStore } from './model';
import { createLinkStore, pendingCardOf, type LinkRow, type LinkStore } from './links';

const Decision = z.object({ decision: z.enum(['complete', 'fail']) });

/** The shared page shell, in the customer's language (ui/render-page.ts chooses it). */
function Page(props: { title: MessageKey; sandbox: boolean; children: Child }) {
  return (
    <PageShell
      title={(lang) => t(lang, props.title)}
      sandbox={props.sandbox}
      footer={(lang) => t(lang, 'saveCard.footer')}
      translated
    >
      {props.children}
    </PageShell>
  );
}

/** `formTargets`: where the page's forms may end up (the merchant's return addresses). */
function send(
  c: Context,
  status: number,
  title: MessageKey,
  sandbox: boolean,
  body: Child,
  formTargets: string[] = [],
) {
  return sendPage(
    c,
    status,
    <Page title={title} sandbox={sandbox}>
      {body}
    </Page>,
    formTargets,
  );
}

interface FormState {
  error?: Said;
  errorField?: CardField;
  name?: string;
  expiry?: string;
}

/** `shop`: the merchant's name, or null when it has none (then "the shop", in the language). */
function SaveCardForm(props: { shop: string | null; action: string; form: FormState }) {
  const { say } = usePageWords();
  const shop = props.shop ?? say('saveCard.theShop');
  return (
    <section class="card">
      <h1>{say('saveCard.heading', { shop })}</h1>
      <p class="muted">{say('saveCard.note', { shop })}</p>
      <CardForm
        action={props.action}
        submitLabel={say('saveCard.submit')}
        values={{ name: props.form.name, expiry: props.form.expiry }}
        error={props.form.error}
        errorField={props.form.errorField}
      />
      <form method="post" action={`${props.action}/cancel`}>
        <button type="submit" class="secondary">
          {say('link.cancel')}
        </button>
      </form>
    </section>
  );
}

function Challenge(props: { action: string; brand: string; last4: string }) {
  const { say } = usePageWords();
  return (
    <section class="card">
      <h1>{say('saveCard.challengeHeading')}</h1>
      <p>{say('saveCard.challengeLine', { brand: props.brand, last4: props.last4 })}</p>
      <SandboxChallengeForm action={props.action} />
    </section>
  );
}

/** A link's end or why it cannot be used; `text` may be a refusal decided in English. */
function Outcome(props: { heading: MessageKey; text: Said; back?: string; icon?: 'ok' | 'bad' }) {
  const { say, words } = usePageWords();
  return (
    <StatusCard title={say(props.heading)} {...(props.icon ? { icon: props.icon } : {})}>
      <p>{words(props.text, 'pay.errCard')}</p>
      {props.back ? (
        <LinkButton href={props.back}>{say('saveCard.returnToShop')}</LinkButton>
      ) : null}
    </StatusCard>
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

/** A message of the catalogue, said in the page's language when it renders. */
const say =
  (key: MessageKey): Said =>
  (lang) =>
    t(lang, key);

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
      'link.notFoundTitle',
      true,
      <Outcome heading="saveCard.notFoundHeading" text={say('saveCard.notFoundLine')} />,
    );
  if (row.status === 'SAVED')
    return send(
      c,
      410,
      'link.usedTitle',
      sandbox,
      <Outcome
        heading="link.usedHeading"
        text={say('saveCard.usedSavedLine')}
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
      'link.usedTitle',
      sandbox,
      <Outcome
        heading="link.usedHeading"
        text={say('saveCard.usedFailedLine')}
        back={withOutcome(row.failure_url, { status: 'FAILED', customerId: row.customer_id })}
      />,
    );
  if (expired(row))
    return send(
      c,
      410,
      'link.expiredTitle',
      sandbox,
      <Outcome
        heading="link.expiredHeading"
        text={say('saveCard.expiredLine')}
        back={withOutcome(row.failure_url, { status: 'EXPIRED', customerId: row.customer_id })}
      />,
    );
  return undefined;
}

/** Where a link's last form may send the browser: the merchant's return addresses. */
function formTargets(row: LinkRow): string[] {
  const origins = new Set<string>();
  for (const url of [row.success_url, row.failure_url]) {
    const target = url && withOutcome(url, {});
    if (target) origins.add(new URL(target).origin);
  }
  return [...origins];
}

/** A customer who has not chosen a language sees the merchant's (its kiosk settings), if set. */
function merchantLanguageFirst(app: Hono, ctx: CardsContext, links: LinkStore) {
  app.use('/save-card/*', async (c, next) => {
    const row = await links.get(new URL(c.req.url).pathname.split('/')[2] ?? '');
    await setMerchantLanguage(c, ctx, row);
    await next();
  });
}

export const saveCardPageRoutes: Area<CardsContext> = (app, ctx) => {
  const links = createLinkStore(ctx.store, ctx.clock);
  const cards = createCardStore(ctx.store, ctx.clock);
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const shopOf = shopNameStatement(ctx.store);
  const shop = async (row: LinkRow) => (await shopOf.get(row.merchant_id))?.name ?? null;
  const base = (row: LinkRow) => `/save-card/${row.token}`;

  // No caching, framing or foreign loads; forms here post only from this page: another site
  // cannot save a card to someone.
  guardHostedPages(app, ctx, '/save-card/*');

  merchantLanguageFirst(app, ctx, links);

  /** The link as it stands, or the page that says why it cannot be used. */
  async function open(c: Context): Promise<{ row: LinkRow } | { page: Response }> {
    const row = await links.get(c.req.param('token') ?? '');
    const page = unusablePage(c, row, links.expired);
    return page ? { page } : { row: row! };
  }

  /**
   * Ends the link as FAILED and goes to the failure URL with `reason` (in English, for the
   * merchant), or says so here in the customer's language.
   */
  async function fail(c: Context, row: LinkRow, reason: string, said: Said = reason) {
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
      'saveCard.notSavedTitle',
      row.environment === 'sandbox',
      <Outcome heading="saveCard.notSavedHeading" text={said} icon="bad" />,
    );
  }

  const formPage = async (c: Context, row: LinkRow, status: number, form: FormState = {}) =>
    send(
      c,
      status,
      'saveCard.title',
      row.environment === 'sandbox',
      <SaveCardForm shop={await shop(row)} action={base(row)} form={form} />,
      formTargets(row),
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
    if (!entry.ok && entry.declined) return await fail(c, row, entry.error, entry.said);
    if (!entry.ok)
      return formPage(c, row, 400, {
        error: entry.said,
        ...(entry.errorField ? { errorField: entry.errorField } : {}),
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
      'pay.threeDS',
      link.row.environment === 'sandbox',
      <Challenge
        action={`${base(link.row)}/challenge`}
        brand={card.profile.brand}
        last4={card.last4}
      />,
      formTargets(link.row),
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
    const shopName = await shop(row);
    const brand = card.profile.brand;
    return send(
      c,
      200,
      'saveCard.savedTitle',
      row.environment === 'sandbox',
      <Outcome
        heading="saveCard.savedHeading"
        icon="ok"
        text={(lang) =>
          t(lang, 'saveCard.savedLine', {
            brand,
            last4: card.last4,
            shop: shopName ?? t(lang, 'saveCard.theShop'),
          })
        }
      />,
    );
  });
};
