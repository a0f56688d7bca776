/**
 * GET and PATCH /api/merchant: the merchant's profile and settings (docs/merchant-profile.md), and the
 * logo its pages show, served publicly as an image only.
 */
import { routes } from '../../shared/contract/routes';
import type { Merchant } from '../../shared/contract/merchants';
import type { Area } from '../http/context';
import type { MerchantsContext } from './context';
import { answer, etagOf } from '../http/caching';
import { mount } from '../http/mount';
import type { Environment } from '../kernel/caller';
import { notFound } from '../kernel/errors';
import { prepareLogo } from './logo';
import type { MerchantProfile, ProfileChange } from './profile';

const ENVIRONMENTS: Environment[] = ['production', 'sandbox'];

export const merchantRoutes: Area<MerchantsContext> = (app, ctx) => {
  const record = (p: MerchantProfile): Merchant => ({
    id: p.id,
    name: p.name,
    ...(p.address ? { address: p.address } : {}),
    ...(p.companyNumber ? { companyNumber: p.companyNumber } : {}),
    ...(p.vatNumber ? { vatNumber: p.vatNumber } : {}),
    ...(p.supportEmail ? { supportEmail: p.supportEmail } : {}),
    ...(p.supportPhone ? { supportPhone: p.supportPhone } : {}),
    ...(p.logoPath ? { logoUrl: `${ctx.publicUrl()}${p.logoPath}` } : {}),
    settings: p.settings,
  });

  // The caller's environment's profile: a sandbox secret reads and changes the sandbox's copy.
  mount(app, ctx.auth, routes.getMerchant, async ({ caller }) =>
    record((await ctx.profiles.get(caller.merchantId, caller.environment))!),
  );

  mount(app, ctx.auth, routes.updateMerchant, async ({ body, caller }) => {
    // Checked (an SVG drawn into a PNG) before anything is written: a refused logo leaves the
    // rest unchanged too.
    const logo =
      body.logo === undefined
        ? undefined
        : body.logo === null
          ? null
          : await prepareLogo(body.logo);
    let change: ProfileChange | undefined;
    await ctx.outbox.tx(async () => {
      // What each environment shows: the sandbox shows production's until it has its own copy.
      const shown = () =>
        Promise.all(ENVIRONMENTS.map((e) => ctx.profiles.get(caller.merchantId, e)));
      const was = await shown();
      await ctx.profiles.update(
        caller.merchantId,
        caller.environment,
        body,
        logo,
        ctx.clock.now('production'),
      );
      const now = await shown();
      change = {
        merchantId: caller.merchantId,
        body,
        shown: ENVIRONMENTS.map((environment, i) => ({ environment, was: was[i]!, now: now[i]! })),
      };
      // Terminals re-read the shop at once (terminals/profile-push.ts), in this transaction.
      await ctx.profiles.announce(change);
    });
    // What payments and saved-card charges keep of the settings is forgotten (their listeners).
    ctx.profiles.announceCommitted(change!);
    // Answered once every instance sharing the database has been told: their next payment is
    // made under the new settings, as this one's is.
    await ctx.store.caughtUp();
    return record((await ctx.profiles.get(caller.merchantId, caller.environment))!);
  });

  mount(app, ctx.auth, routes.getMerchantLogo, async ({ params, query, c }) => {
    const logo = await ctx.profiles.logoOf(params.merchantId, query.environment ?? 'production');
    if (!logo) throw notFound('This merchant has no logo');
    // Only ever a PNG (an SVG is drawn into one at upload), with nosniff: never a document.
    return answer(c, 'image/png', 'no-cache', {
      body: logo.bytes,
      etag: etagOf(logo.contentType, logo.bytes.toString('base64')),
    });
  });
};
