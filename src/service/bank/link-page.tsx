/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted account-linking page: pick a sandbox bank, sign in, consent; then back to the
 * merchant's redirectUrl with `accountAuthId` and `accountIds` (comma-separated), or with
 * `error=access_denied` when the user declines or cancels. The link id in the path is the
 * only credential: long, random, single-use and short-lived.
 */
import type { Context, Hono } from 'hono';
import type { Child, FC } from 'hono/jsx';
import { SandboxBankId } from '../../shared/contract/bank';
import { t, type MessageKey } from '../../shared/i18n';
import type { BankContext } from './context';
import {
  ErrorBox,
  MerchantHeader,
  PageShell,
  guardHostedPages,
  sendPage,
  setPageAddress,
  setMerchantLanguage,
  usePageWords,
  type Said,
} from '../ui';
import { BANKS, bankOf, type SandboxBank } from './banks';
import type { Ledger } from './ledger';
import { linkPageStatements, type LinkRow, type Stage } from './repo';

/** A linking session lasts this long from POST /api/bank/links. */
export const LINK_TTL_MS = 30 * 60_000;

/** The page's title, a message of the catalogue in the page's language. */
type Title = [MessageKey, Record<string, string>?];

const CancelForm: FC<{ id: string }> = ({ id }) => (
  <form method="post" action={`/bank/link/${id}/cancel`}>
    <button type="submit" class="secondary">
      {usePageWords().say('link.cancel')}
    </button>
  </form>
);

const ChooseBank: FC<{ id: string }> = ({ id }) => {
  const { say } = usePageWords();
  return (
    <section class="card">
      <h1>{say('bankLink.title')}</h1>
      <p class="muted">{say('bankLink.chooseHint')}</p>
      {Object.values(BANKS).map((bank) => (
        <form method="post" action={`/bank/link/${id}/bank`}>
          <input type="hidden" name="bank" value={bank.id} />
          <button type="submit">{bank.name}</button>
        </form>
      ))}
      <CancelForm id={id} />
    </section>
  );
};

const SignIn: FC<{ id: string; bank: SandboxBank; error?: Said }> = ({ id, bank, error }) => {
  const { say } = usePageWords();
  return (
    <section class="card">
      <h1>{say('bankLink.signInTitle', { bank: bank.name })}</h1>
      <p class="muted">{say('bankLink.signInHint')}</p>
      <ErrorBox message={error} otherwise="bankLink.errSignIn" />
      <form method="post" action={`/bank/link/${id}/sign-in`}>
        <label class="field">
          {say('bankLink.userName')}
          <input name="username" autocomplete="username" required />
        </label>
        <label class="field">
          {say('bankLink.password')}
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        <button type="submit">{say('bankLink.signIn')}</button>
      </form>
      <CancelForm id={id} />
    </section>
  );
};

/**
 * The party the bank shares the accounts with is the app that reads them, not the merchant (who
 * is the account holder giving consent): the app acts on the merchant's behalf.
 */
const APP_NAME = 'Counter';

const Consent: FC<{
  id: string;
  bank: SandboxBank;
  merchant: string | null;
  logo: string | null;
}> = ({ id, bank, merchant, logo }) => {
  const { say } = usePageWords();
  const name = merchant ?? say('bankLink.thisMerchant');
  return (
    <>
      <MerchantHeader merchantName={name} logo={logo} />
      <section class="card">
        <h1>{say('bankLink.shareHeading', { app: APP_NAME })}</h1>
        <p class="muted">
          {say('bankLink.shareLine', { bank: bank.name, app: APP_NAME, merchant: name })}
        </p>
        <ul>
          {bank.accounts.map((a) => (
            <li>{a.name}</li>
          ))}
        </ul>
        <div class="row">
          <form method="post" action={`/bank/link/${id}/consent`}>
            <input type="hidden" name="decision" value="deny" />
            <button type="submit" class="secondary">
              {say('bankLink.deny')}
            </button>
          </form>
          <form method="post" action={`/bank/link/${id}/consent`}>
            <input type="hidden" name="decision" value="allow" />
            <button type="submit">{say('bankLink.allow')}</button>
          </form>
        </div>
      </section>
    </>
  );
};

const Ended: FC<{ message: MessageKey }> = ({ message }) => {
  const { say } = usePageWords();
  return (
    <section class="card">
      <h1>{say('bankLink.endedHeading')}</h1>
      <p>{say(message)}</p>
      <p class="muted">{say('bankLink.startAgain')}</p>
    </section>
  );
};

/**
 * Before the account holder chooses a language: the merchant's (its kiosk settings), then the
 * browser's; a choice is kept for this link's own address alone.
 */
function languageOfLink(
  app: Hono,
  ctx: BankContext,
  byId: { get(id: string): Promise<LinkRow | undefined> },
) {
  app.use('/bank/link/*', async (c, next) => {
    const id = new URL(c.req.url).pathname.split('/')[3] ?? '';
    setPageAddress(c, `/bank/link/${id}`);
    const row = await byId.get(id);
    await setMerchantLanguage(c, ctx, row);
    await next();
  });
}

export function linkPageRoutes(app: Hono, ctx: BankContext, ledger: Ledger): void {
  const { byId, moveStage } = linkPageStatements(ctx.store);
  // No caching, framing or foreign loads; a form from another site links no account.
  guardHostedPages(app, ctx, '/bank/link/*');
  languageOfLink(app, ctx, byId);

  /**
   * The page in the account holder's language. Chromium applies form-action to where a form's
   * response redirects: `redirectOrigin` allows the merchant's redirectUrl, where the last form
   * ends up.
   */
  function render(
    c: Context,
    status: number,
    [title, values]: Title,
    body: Child,
    redirectOrigin?: string,
  ) {
    return sendPage(
      c,
      status,
      <PageShell
        title={(lang) => t(lang, title, values)}
        sandbox={false}
        footer={(lang) => t(lang, 'bankLink.footer')}
        translated
      >
        {body}
      </PageShell>,
      redirectOrigin ? [redirectOrigin] : [],
    );
  }

  /** The link if it can still be used; otherwise the page saying why not. */
  async function open(c: Context): Promise<LinkRow | Response> {
    const row = await byId.get(c.req.param('id') ?? '');
    if (!row)
      return render(c, 404, ['link.notFoundTitle'], <Ended message="bankLink.noSuchLink" />);
    if (row.stage === 'DONE')
      return render(c, 410, ['link.usedTitle'], <Ended message="bankLink.used" />);
    if (row.expires_at <= ctx.clock.now(row.environment, row.merchant_id))
      return render(c, 410, ['link.expiredTitle'], <Ended message="bankLink.expired" />);
    return row;
  }

  const origin = (row: LinkRow) => new URL(row.redirect_url).origin;
  const back = (c: Context, row: LinkRow, params: Record<string, string>) => {
    const url = new URL(row.redirect_url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return c.redirect(url.toString(), 303);
  };
  const step = (c: Context, row: LinkRow) => c.redirect(`/bank/link/${row.id}`, 303);
  const cas = async (row: LinkRow, to: Stage, patch: { bank?: string; consent?: string } = {}) =>
    (
      await moveStage.run({
        id: row.id,
        from: row.stage,
        to,
        bank: patch.bank ?? null,
        consent: patch.consent ?? null,
      })
    ).changes === 1;

  app.get('/bank/link/:id', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    const bank = bankOf(row.bank ?? '');
    const o = origin(row);
    switch (row.stage) {
      case 'CHOOSE':
        return render(c, 200, ['bankLink.title'], <ChooseBank id={row.id} />, o);
      case 'SIGN_IN':
        return render(
          c,
          200,
          ['bankLink.signInTitle', { bank: bank.name }],
          <SignIn id={row.id} bank={bank} />,
          o,
        );
      default: {
        // The merchant as its profile names and shows it, as on the hosted payment page.
        const profile = await ctx.profiles.get(row.merchant_id, row.environment);
        return render(
          c,
          200,
          ['bankLink.shareTitle'],
          <Consent
            id={row.id}
            bank={bank}
            merchant={profile?.name ?? null}
            logo={profile?.logoPath ?? null}
          />,
          o,
        );
      }
    }
  });

  app.post('/bank/link/:id/bank', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    const form = await c.req.parseBody();
    const bank = SandboxBankId.safeParse(form.bank);
    if (row.stage !== 'CHOOSE' || !bank.success) return step(c, row);
    await cas(row, 'SIGN_IN', { bank: bank.data });
    return step(c, row);
  });

  app.post('/bank/link/:id/sign-in', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (row.stage !== 'SIGN_IN') return step(c, row);
    const form = await c.req.parseBody();
    const user = typeof form.username === 'string' ? form.username.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    if (!user || !password) {
      const bank = bankOf(row.bank ?? '');
      return render(
        c,
        400,
        ['bankLink.signInTitle', { bank: bank.name }],
        <SignIn id={row.id} bank={bank} error="Enter your user name and password." />,
        origin(row),
      );
    }
    await cas(row, 'CONSENT');
    return step(c, row);
  });

  app.post('/bank/link/:id/consent', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (row.stage !== 'CONSENT') return step(c, row);
    const form = await c.req.parseBody();
    if (form.decision !== 'allow') {
      if (!(await cas(row, 'DONE'))) return step(c, row);
      return back(c, row, {
        error: 'access_denied',
        error_description: 'The account holder did not allow access',
      });
    }
    const bankId = SandboxBankId.parse(row.bank);
    const linked = await ctx.store.tx(async () => {
      const result = await ledger.link(row.merchant_id, row.environment, bankId);
      if (!(await cas(row, 'DONE', { consent: result.consent.id })))
        throw new Error('The link was used meanwhile');
      return result;
    });
    return back(c, row, {
      accountAuthId: linked.consent.id,
      accountIds: linked.accounts.map((a) => a.id).join(','),
    });
  });

  app.post('/bank/link/:id/cancel', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (!(await cas(row, 'DONE'))) return step(c, row);
    return back(c, row, {
      error: 'access_denied',
      error_description: 'The account holder cancelled linking',
    });
  });
}
