/**
 * Kiosk settings set centrally (docs/fleet.md, Kiosk settings by store): the merchant's document
 * (GET/PUT /api/kiosk-settings), a store's and a kiosk's overrides, a kiosk's settings in force,
 * and the record of every change. Each change is pushed, in the transaction that makes it, to
 * every kiosk whose settings in force it may alter (a TERMINAL_SETTINGS event carrying them), so a
 * store's change reaches that store's kiosks only, from whichever instance they stream.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { KioskSettingsBody } from '../../shared/contract/kiosk-settings';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import type { Caller, Environment } from '../kernel/caller';
import { iso } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import { newId } from '../kernel/ids';
import type { TerminalRow } from '../terminals';
import type { KioskConfigContext } from './context';
import { documentOf, effectiveOf } from './model';
import { settingsStatements, type Level } from './repo';

type Body = z.output<typeof KioskSettingsBody>;
type Merchant = Extract<Caller, { kind: 'merchant' }>;

/** Who made a change, as the record says it: the dashboard says so; any other caller is its secret. */
const whoOf = (c: Context, caller: Merchant) =>
  c.req.header('x-counter-client') === 'dashboard'
    ? `dashboard (${caller.environment})`
    : `merchant secret (${caller.environment})`;

export const kioskSettingsRoutes: Area<KioskConfigContext> = (app, ctx) => {
  const { store, clock, terminals, outbox } = ctx;
  const sql = settingsStatements(store);

  const effectiveFor = async (t: TerminalRow) =>
    effectiveOf(t, await sql.forTerminal.all(t.merchant_id, t.environment, t.store_id, t.id));

  /** Tells each kiosk a change may concern its settings now in force. */
  async function push(merchantId: string, environment: Environment, level: Level, id: string) {
    const all = await terminals.list(merchantId, environment);
    const reached = all.filter(
      (t) =>
        level === 'merchant' ||
        (level === 'store' && t.store_id === id) ||
        (level === 'terminal' && t.id === id),
    );
    const inputs = [];
    for (const t of reached)
      inputs.push({
        merchantId,
        environment,
        type: 'TERMINAL_SETTINGS' as const,
        terminalId: t.id,
        data: await effectiveFor(t),
      });
    await outbox.emitMany(inputs);
  }

  async function read(caller: Merchant, level: Level, id: string) {
    return documentOf(await sql.one.get(caller.merchantId, caller.environment, level, id));
  }

  async function write(c: Context, caller: Merchant, level: Level, id: string, body: Body) {
    const { merchantId, environment } = caller;
    const locked = [...new Set(body.locked)];
    const now = clock.now(environment, merchantId);
    await store.tx(async () => {
      const before = documentOf(await sql.one.get(merchantId, environment, level, id));
      const after = { settings: body.settings, locked };
      await sql.put.run(
        merchantId,
        environment,
        level,
        id,
        JSON.stringify(after.settings),
        JSON.stringify(locked),
        now,
      );
      const was = { settings: before.settings, locked: before.locked };
      await sql.record.run(
        newId(),
        merchantId,
        environment,
        level,
        id,
        whoOf(c, caller),
        now,
        JSON.stringify(was),
        JSON.stringify(after),
      );
      await push(merchantId, environment, level, id);
    });
    return read(caller, level, id);
  }

  async function ownStore(caller: Merchant, id: string) {
    if (!(await sql.storeOf.get(id, caller.merchantId, caller.environment)))
      throw notFound('No store with this id for this merchant');
  }
  const ownTerminal = (caller: Merchant, id: string) =>
    terminals.owned(id, caller.merchantId, caller.environment);

  mount(app, ctx.auth, routes.getMerchantKioskSettings, ({ caller }) =>
    read(caller, 'merchant', ''),
  );
  mount(app, ctx.auth, routes.putMerchantKioskSettings, ({ c, caller, body }) =>
    write(c, caller, 'merchant', '', body),
  );
  mount(app, ctx.auth, routes.getStoreKioskSettings, async ({ caller, params }) => {
    await ownStore(caller, params.id);
    return read(caller, 'store', params.id);
  });
  mount(app, ctx.auth, routes.putStoreKioskSettings, async ({ c, caller, params, body }) => {
    await ownStore(caller, params.id);
    return write(c, caller, 'store', params.id, body);
  });
  mount(app, ctx.auth, routes.getTerminalKioskSettings, async ({ caller, params }) => {
    await ownTerminal(caller, params.id);
    return read(caller, 'terminal', params.id);
  });
  mount(app, ctx.auth, routes.putTerminalKioskSettings, async ({ c, caller, params, body }) => {
    await ownTerminal(caller, params.id);
    return write(c, caller, 'terminal', params.id, body);
  });

  mount(app, ctx.auth, routes.getEffectiveKioskSettings, async ({ caller, params }) => {
    // A kiosk reads its own settings only; another's id is as unknown to it as a stranger's.
    if (caller.kind === 'terminal' && caller.terminalId !== params.id)
      throw notFound('No terminal with this id for this merchant');
    return effectiveFor(await terminals.owned(params.id, caller.merchantId, caller.environment));
  });

  mount(app, ctx.auth, routes.listKioskSettingsChanges, async ({ caller }) => ({
    changes: (await sql.changes.all(caller.merchantId, caller.environment)).map((r) => ({
      id: r.id,
      level: r.level,
      targetId: r.level === 'merchant' ? null : r.target_id,
      by: r.changed_by,
      at: iso(r.changed_at),
      before: JSON.parse(r.before_doc) as never,
      after: JSON.parse(r.after_doc) as never,
    })),
  }));
};
