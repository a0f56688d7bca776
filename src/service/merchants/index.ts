/** The merchants area as other areas see it: a merchant's profile, settings and shops. */
export type { MerchantProfiles } from './profile';
export { ofEnvironment, profileLines, sandboxCopyJoin, signature } from './profile';
export type { MerchantProfile } from './profile';
export { createStoreViews, seenIn, storeColumn, storesWithCopy } from './repo/stores';
export { createStaffBook, staffRecord, type StaffBook } from './staff';
