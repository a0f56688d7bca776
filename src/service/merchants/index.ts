/** The merchants area as other areas see it: a merchant's profile, settings and shops. */
export type { MerchantProfiles } from './profile';
