/**
 * The business behind a contract as its hosted pages (authorize, revoke) and messages name it:
 * read from the merchant's profile in the contract's environment, as the hosted payment page
 * does, so a rename or a new logo shows on them at once.
 */
import type { Environment } from '../kernel/caller';
import type { MerchantProfiles } from '../merchants';

export interface Business {
  name: string;
  /** The logo's path on this service; null without one. */
  logo: string | null;
}

export async function businessOf(
  profiles: MerchantProfiles,
  merchantId: string,
  environment: Environment,
): Promise<Business> {
  const profile = await profiles.get(merchantId, environment);
  return { name: profile?.name ?? 'The business', logo: profile?.logoPath ?? null };
}
