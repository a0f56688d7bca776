import type { Migration } from './migration';

/**
 * PostgreSQL only: a new receipt signing key (a rotation, by any instance or by `receipt-key
 * rotate`) is announced, so every instance signs with it at once (see 0016).
 */
const migration: Migration = {
  name: 'receipt-key-announcements',
  postgres: `
  CREATE TRIGGER receipt_keys_changed AFTER INSERT OR UPDATE OR DELETE ON receipt_keys
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('receipt_keys');
  `,
};
export default migration;
