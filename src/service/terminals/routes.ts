/**
 * Terminals (docs/terminals.md): pairing codes, pairing, List Terminals, rename, switch remote
 * payments, set the largest payment and move it to another store, unpair, FCM token
 * registration, a terminal's own record. The stores themselves are in stores.ts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { routes } from '../../shared/contract/routes';
import { poundsToPence } from '../../shared/money';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import type { TerminalsContext } from './context';
import type { Environment } from '../kernel/caller';
import { keepSecret, newSecret, secretWrites } from '../kernel/secrets';
import { ApiError, badField, storeArchived } from '../kernel/errors';
import { mount } from '../http/mount';
import { terminalRecord } from './model';
import { tellTerminalsOfProfileChanges } from './profile-push';
import { terminalWrites } from './repo/terminals';
import { createStoreViews } from '../merchants';
import { terminalShiftRoutes } from './shifts';
import { profileLines } from '../merchants';

/** Pairing codes live 10 minutes and work once. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

export const terminalRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { store, clock, terminals, presence } = ctx;
  tellTerminalsOfProfileChanges(ctx);
  const { openOrArchived: storeOf, primaryOf } = createStoreViews(store);
  const sql = terminalWrites(store);
  const secrets = secretWrites(store);
  terminalShiftRoutes(app, ctx);
  /**
   * The merchant's open store as `environment` sees it: 404 for another merchant's, another
   * environment's or an unknown id, 409 if archived (in the sandbox: by the sandbox).
   */
  async function openStore(
    storeId: string,
    merchantId: string,
    environment: Environment,
    field = 'storeId',
  ) {
    const found = await storeOf(storeId, merchantId, environment);
    if (!found)
      throw new ApiError(404, 'No store with this id for this merchant', [
        { field, message: 'is not a store of this merchant' },
      ]);
    if (found.archived_at !== null) throw storeArchived(found.name, field);
  }

  // Before /api/terminal/{id}: Hono takes the first route that matches.
  mount(app, ctx.auth, routes.setPushToken, async ({ body, caller }) => {
    await sql.setPushToken.run(
      body.fcmToken,
      body.fcmToken,
      clock.now(caller.environment, caller.merchantId),
      caller.terminalId,
    );
    return terminalRecord((await terminals.get(caller.terminalId))!, presence);
  });

  // The kiosk reads its own record (name, limit) and its shop's profile with its terminal
  // secret, now and then, so the display and printed receipts follow a change of the profile.
  mount(app, ctx.auth, routes.getOwnTerminal, async ({ caller }) => {
    const profile = (await ctx.profiles.get(caller.merchantId, caller.environment))!;
    return {
      ...terminalRecord((await terminals.get(caller.terminalId))!, presence),
      shop: {
        name: profile.name,
        lines: profileLines(profile),
        // Absolute: the kiosk's windows are served from another origin than this service.
        ...(profile.logoPath ? { logoUrl: `${ctx.publicUrl()}${profile.logoPath}` } : {}),
      },
    };
  });

  mount(app, ctx.auth, routes.createPairingCode, async ({ body, caller }) => {
    const storeId = body.storeId ?? (await primaryOf(caller.merchantId))!;
    await openStore(storeId, caller.merchantId, caller.environment);
    const expiresAt = clock.now(caller.environment, caller.merchantId) + PAIRING_CODE_TTL_MS;
    // Retry on the rare collision with a live code.
    for (;;) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A live code is compared with its own time (repo/terminals.ts).
      const inserted = await sql.putPairingCode.run(
        code,
        caller.merchantId,
        caller.environment,
        storeId,
        expiresAt,
        clock.now('production'),
      );
      if (inserted.changes === 1) return { code, storeId, expiresAt: iso(expiresAt) };
    }
  });

  mount(app, ctx.auth, routes.pairTerminal, async ({ body }) => {
    const result = await store.tx(async () => {
      const code = await sql.pairingCode.get(body.code);
      const now = clock.now(code?.environment ?? 'production', code?.merchant_id);
      if (!code || code.used_at !== null || code.expires_at <= now)
        throw badField(
          'code',
          'is unknown, expired or already used; make a new one on the dashboard',
        );
      // The store may have been archived since the code was made; the code stays unused, so
      // it pairs if the store is opened again within its ten minutes.
      await openStore(code.store_id, code.merchant_id, code.environment, 'code');
      await sql.useCode.run(now, code.code);
      const id = randomUUID();
      await sql.insert.run(id, code.merchant_id, code.environment, code.store_id, body.name, now);
      const secret = newSecret('terminal', code.environment);
      await keepSecret(store, {
        secret,
        merchantId: code.merchant_id,
        environment: code.environment,
        kind: 'terminal',
        terminalId: id,
        now,
      });
      const merchant = (await ctx.profiles.get(code.merchant_id, code.environment))!;
      return { id, secret, environment: code.environment, merchantName: merchant.name };
    });
    return {
      terminal: terminalRecord((await terminals.get(result.id))!, presence),
      secret: result.secret,
      environment: result.environment,
      merchantName: result.merchantName,
    };
  });

  mount(app, ctx.auth, routes.listTerminals, async ({ caller }) =>
    (await terminals.list(caller.merchantId, caller.environment)).map((t) =>
      terminalRecord(t, presence),
    ),
  );

  mount(app, ctx.auth, routes.updateTerminal, async ({ params, body, caller }) => {
    const row = await terminals.owned(params.id, caller.merchantId, caller.environment);
    const moved = body.storeId !== undefined && body.storeId !== row.store_id;
    if (moved) await openStore(body.storeId!, caller.merchantId, caller.environment);
    await sql.update.run(
      body.name ?? null,
      body.remotePaymentsEnabled === undefined ? null : Number(body.remotePaymentsEnabled),
      body.maxAmount === undefined ? null : poundsToPence(body.maxAmount),
      moved ? body.storeId! : null,
      row.id,
    );
    // The terminal's secret carries its store (http/auth.ts caches the caller by the secret's
    // hash): forget it before answering, so the terminal's next request is the new store's.
    if (moved) await ctx.auth.forgetAll();
    return terminalRecord((await terminals.get(row.id))!, presence);
  });

  mount(app, ctx.auth, routes.deleteTerminal, async ({ params, caller }) => {
    const row = await terminals.owned(params.id, caller.merchantId, caller.environment);
    const now = clock.now(caller.environment, caller.merchantId);
    await store.tx(async () => {
      await sql.remove.run(now, row.id);
      await secrets.revokeTerminal(row.id, now);
    });
    await ctx.auth.forgetAll();
    presence.disconnect(row.id); // its push stream ends now, not at the next heartbeat
    return { message: `Terminal ${row.name} unpaired` };
  });
};
