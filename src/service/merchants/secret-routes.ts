/**
 * GET/POST/DELETE /api/merchant/secrets: a merchant lists, makes and revokes its own access
 * secrets. Only the hash of a secret is kept, so the list shows its last four characters and a
 * new one is shown once. A merchant sees only its own (another merchant's ids answer 404), and a
 * sandbox secret only the sandbox ones: it cannot reach, make or revoke production access.
 * A revoked secret is refused from the next request on: this process forgets the callers it
 * remembers, and on a database shared by instances no process remembers any (http/auth.ts).
 */
import type { AccessSecret } from '../../shared/contract/secrets';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { MerchantsContext } from './context';
import type { Caller, Environment } from '../kernel/caller';
import { iso } from '../kernel/clock';
import { ApiError, notFound } from '../kernel/errors';
import { keepSecret, newSecret, secretWrites } from '../kernel/secrets';
import { mount } from '../http/mount';
import { presentedSecretHash } from '../http/auth';
import { secretStatements, type SecretRow } from './repo/secrets';

type MerchantCaller = Extract<Caller, { kind: 'merchant' }>;

const NO_SECRET = 'No access secret with this id';

/** The environments a caller's secret may manage: production's both, sandbox's its own. */
const reach = (caller: MerchantCaller): Environment[] =>
  caller.environment === 'production' ? ['sandbox', 'production'] : ['sandbox'];

export const secretRoutes: Area<MerchantsContext> = (app, ctx) => {
  const { store } = ctx;
  const { inUse, owned } = secretStatements(store);
  const { revoke } = secretWrites(store);

  const out = (row: SecretRow, currentHash: string | undefined): AccessSecret => ({
    id: row.id,
    environment: row.environment,
    kind: row.kind,
    terminalId: row.terminal_id,
    lastFour: row.last_four,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    current: row.hash === currentHash,
  });

  const envs = (caller: MerchantCaller): [string, string] => {
    const [first, second] = reach(caller);
    return [first!, second ?? first!];
  };

  mount(app, ctx.auth, routes.listAccessSecrets, async ({ caller, c }) => {
    const current = presentedSecretHash(c.req.header('authorization'));
    return (await inUse.all(caller.merchantId, ...envs(caller))).map((row) => out(row, current));
  });

  mount(app, ctx.auth, routes.createAccessSecret, async ({ caller, body }) => {
    if (!reach(caller).includes(body.environment))
      throw new ApiError(
        403,
        'environment: a sandbox secret cannot make a production secret; use a production secret',
        [{ field: 'environment', message: 'must be sandbox with a sandbox secret' }],
      );
    const secret = newSecret('merchant', body.environment);
    const id = await keepSecret(store, {
      secret,
      merchantId: caller.merchantId,
      environment: body.environment,
      kind: 'merchant',
      now: ctx.clock.now('production'),
    });
    const row = (await owned.get(id, caller.merchantId, body.environment, body.environment))!;
    return { ...out(row, undefined), secret };
  });

  mount(app, ctx.auth, routes.revokeAccessSecret, async ({ caller, params, c }) => {
    const row = await owned.get(params.id, caller.merchantId, ...envs(caller));
    if (!row) throw notFound(NO_SECRET);
    if (row.hash === presentedSecretHash(c.req.header('authorization')))
      throw new ApiError(
        409,
        'This is the secret making the request, and a secret cannot revoke itself: revoke it with another secret (make one first with POST /api/merchant/secrets)',
      );
    if (row.kind === 'terminal')
      throw new ApiError(
        409,
        `This secret is terminal ${row.terminal_id}'s: unpair the terminal (DELETE /api/terminal/${row.terminal_id}) to revoke it`,
      );
    const revoked = await revoke(row.id, ctx.clock.now('production'));
    await ctx.auth.forgetAll();
    if (revoked.changes === 0) throw notFound(NO_SECRET);
    return {
      message: `Access secret …${row.last_four ?? ''} revoked: it is refused from now on`,
    };
  });
};
