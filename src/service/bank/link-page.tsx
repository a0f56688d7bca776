/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted account-linking page: pick a sandbox bank, sign in, consent; then back to the
 * merchant's redirectUrl with `accountAuthId` and `accountIds` (comma-separated), or with
 * `error=access_denied` when the user declines or cancels. The link id in the path is the
 * only credential: long, random, single-use and short-lived.
 */
import type { Context, Hono } from 'hono';
import type { Child, FC, PropsWithChildren } from 'hono/jsx';
import { randomBytes } from 'node:crypto';
import { SandboxBankId } from '../../shared/contract/bank';
import type { BankContext } from './context';
import { pageSecurityHeaders } from '../ui/html';
import { BANKS, bankOf, type SandboxBank } from './banks';
import type { Ledger } from './ledger';
import { linkPageStatements, type LinkRow, type Stage } from './repo';

/** A linking session lasts this long from POST /api/bank/links. */
export const LINK_TTL_MS = 30 * 60_000;

const STYLE = `
body{font-family:system-ui,sans-serif;background:#eef1f5;color:#1d2733;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:12px;padding:1.5rem 1.75rem;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .5rem}
p.hint{color:#52606d;font-size:.9rem}
ul.banks{list-style:none;padding:0;margin:1rem 0}
ul.banks li{margin:.5rem 0}
button{font:inherit;padding:.7rem 1rem;border-radius:8px;border:1px solid #b6c0cc;background:#fff;cursor:pointer;width:100%;text-align:left}
button.primary{background:#1f5fbf;color:#fff;border-color:#1f5fbf;text-align:center}
button.secondary{text-align:center}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #b6c0cc;border-radius:8px}
.error{color:#a61b1b;font-weight:600}
.logo{display:block;max-height:56px;max-width:160px;margin:0 0 8px}
p.merchant{font-weight:600;margin:0 0 .75rem}
.row{display:flex;gap:.75rem;margin-top:1.25rem}
.row form{flex:1}
small{color:#52606d}
`;

const Page: FC<PropsWithChildren<{ title: string; nonce: string }>> = ({
  title,
  nonce,
  children,
}) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLE }} />
    </head>
    <body>
      <main>{children}</main>
    </body>
  </html>
);

const CancelForm: FC<{ id: string }> = ({ id }) => (
  <form method="post" action={`/bank/link/${id}/cancel`}>
    <button type="submit" class="secondary">
      Cancel
    </button>
  </form>
);

const ChooseBank: FC<{ id: string }> = ({ id }) => (
  <>
    <h1>Link your bank account</h1>
    <p class="hint">Choose your bank. You will sign in with it and choose what to share.</p>
    <ul class="banks">
      {Object.values(BANKS).map((bank) => (
        <li>
          <form method="post" action={`/bank/link/${id}/bank`}>
            <input type="hidden" name="bank" value={bank.id} />
            <button type="submit">{bank.name}</button>
          </form>
        </li>
      ))}
    </ul>
    <CancelForm id={id} />
  </>
);

const SignIn: FC<{ id: string; bank: SandboxBank; error?: string }> = ({ id, bank, error }) => (
  <>
    <h1>Sign in to {bank.name}</h1>
    <p class="hint">Sandbox: any user name and any password sign in.</p>
    {error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : null}
    <form method="post" action={`/bank/link/${id}/sign-in`}>
      <label for="username">User name</label>
      <input id="username" name="username" autocomplete="username" required />
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="current-password"
        required
      />
      <div class="row">
        <button type="submit" class="primary">
          Sign in
        </button>
      </div>
    </form>
    <div class="row">
      <CancelForm id={id} />
    </div>
  </>
);

/**
 * The party the bank shares the accounts with is the app that reads them, not the merchant (who
 * is the account holder giving consent): the app acts on the merchant's behalf.
 */
const APP_NAME = 'Counter';

const Consent: FC<{ id: string; bank: SandboxBank; merchant: string; logo: string | null }> = ({
  id,
  bank,
  merchant,
  logo,
}) => (
  <>
    {logo && <img class="logo" src={logo} alt="" />}
    <p class="merchant">{merchant}</p>
    <h1>Share your accounts with {APP_NAME}?</h1>
    <p class="hint">
      {bank.name} will let {APP_NAME} read these accounts' details and transactions on behalf of{' '}
      {merchant}, until you revoke it:
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
          Don't allow
        </button>
      </form>
      <form method="post" action={`/bank/link/${id}/consent`}>
        <input type="hidden" name="decision" value="allow" />
        <button type="submit" class="primary">
          Allow
        </button>
      </form>
    </div>
  </>
);

const Ended: FC<{ message: string }> = ({ message }) => (
  <>
    <h1>This link cannot be used</h1>
    <p>{message}</p>
    <p>
      <small>Start again from the app that sent you here.</small>
    </p>
  </>
);

export function linkPageRoutes(app: Hono, ctx: BankContext, ledger: Ledger): void {
  const { byId, moveStage } = linkPageStatements(ctx.store);

  function render(c: Context, status: number, title: string, body: Child, redirectOrigin?: string) {
    const nonce = randomBytes(16).toString('base64');
    const headers = pageSecurityHeaders({
      nonce,
      formAction: "'self'",
      referrerPolicy: 'no-referrer',
    });
    // Chromium applies form-action to where a form's response redirects: allow the merchant's
    // redirectUrl, where the last form ends up.
    if (redirectOrigin)
      headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace(
        "form-action 'self'",
        `form-action 'self' ${redirectOrigin}`,
      );
    const html = (
      <Page title={title} nonce={nonce}>
        {body}
      </Page>
    );
    return c.html(`<!doctype html>${html.toString()}`, status as 200, headers);
  }

  /** The link if it can still be used; otherwise the page saying why not. */
  async function open(c: Context): Promise<LinkRow | Response> {
    const row = await byId.get(c.req.param('id') ?? '');
    if (!row)
      return render(c, 404, 'Link not found', <Ended message="There is no such linking link." />);
    if (row.stage === 'DONE')
      return render(c, 410, 'Link used', <Ended message="This link has already been used." />);
    if (row.expires_at <= ctx.clock.now(row.environment, row.merchant_id))
      return render(c, 410, 'Link expired', <Ended message="This link has expired." />);
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
        return render(c, 200, 'Link your bank account', <ChooseBank id={row.id} />, o);
      case 'SIGN_IN':
        return render(c, 200, `Sign in to ${bank.name}`, <SignIn id={row.id} bank={bank} />, o);
      default: {
        // The merchant as its profile names and shows it, as on the hosted payment page.
        const profile = await ctx.profiles.get(row.merchant_id, row.environment);
        return render(
          c,
          200,
          'Share your accounts',
          <Consent
            id={row.id}
            bank={bank}
            merchant={profile?.name ?? 'this merchant'}
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
        `Sign in to ${bank.name}`,
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
