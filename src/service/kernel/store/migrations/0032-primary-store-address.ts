import type { Migration } from './migration';

/**
 * A merchant's primary store was made with a copy of the merchant's address, so a shop that
 * changed its address in its profile kept printing the old one under the store's name on its
 * receipts. A store without an address shows the merchant's; the primary store's copy that
 * still equals the merchant's address is dropped, so it follows the profile from now on.
 */
const migration: Migration = {
  name: 'primary-store-address',
  sql: `
  UPDATE stores SET address = NULL
  WHERE is_primary = 1
    AND address = (SELECT merchants.address FROM merchants WHERE merchants.id = stores.merchant_id);
  `,
};
export default migration;
