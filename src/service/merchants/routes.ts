/**
 * GET and PATCH /api/merchant: the merchant's profile and settings (docs/merchant.md), and the
 * logo its pages show, served publicly as an image only.
 */
import { routes } from '../../shared/contract/routes';
import type { Merchant } from '../../shared/contract/merchants';
import { forgetChargeable } from '../cards/charges';
import type { Area } from '../context';
import { mount } from '../http/mount';
import { answer, etagOf } from '../images/routes';
import { notFound } from '../kernel/errors';
import { shopChanged, tellTerminalsOfProfile } from '../terminals/profile-push';
import { checkLogo } from './logo';
import type { MerchantProfile } from './profile';

export const merchantRoutes: Area = (app, ctx) => {
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

  mount(app, ctx.auth, routes.getMerchant, async ({ caller }) =>
    record((await ctx.profiles.get(caller.merchantId))!),
  );

  mount(app, ctx.auth, routes.updateMerchant, async ({ body, caller }) => {
    // Checked before anything is written: a refused logo leaves the rest unchanged too.
    const logo =
      body.logo === undefined ? undefined : body.logo === null ? null : checkLogo(body.logo);
    await ctx.outbox.tx(async () => {
      const was = (await ctx.profiles.get(caller.merchantId))!;
      await ctx.profiles.update(caller.merchantId, body, logo, ctx.clock.now('production'));
      // Terminals show the name, address and logo: they re-read them now, not within a minute.
      if (shopChanged(was, (await ctx.profiles.get(caller.merchantId))!))
        await tellTerminalsOfProfile(ctx, caller.merchantId);
    });
    ctx.creator.merchantChanged(caller.merchantId);
    // A saved-card charge keeps what it read of the merchant; the card setting may have changed.
    if (body.settings?.cardPayments !== undefined) forgetChargeable(ctx.store);
    return record((await ctx.profiles.get(caller.merchantId))!);
  });

  mount(app, ctx.auth, routes.getMerchantLogo, async ({ params, c }) => {
    const logo = await ctx.profiles.logoOf(params.merchantId);
    if (!logo) throw notFound('This merchant has no logo');
    // Shown only as an image (<img>): nosniff and a policy with no script, whatever the file.
    return answer(c, logo.contentType, 'no-cache', {
      body: logo.bytes,
      etag: etagOf(logo.contentType, logo.bytes.toString('base64')),
    });
  });
};
