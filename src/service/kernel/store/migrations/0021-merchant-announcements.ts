import type { Migration } from './migration';

/**
 * PostgreSQL only: a merchant's settings, kept by every new payment's creator, are announced when
 * they change (see 0016).
 */
const migration: Migration = {
  name: 'merchant-announcements',
  postgres: `
  CREATE TRIGGER merchants_changed AFTER UPDATE ON merchants
    FOR EACH ROW EXECUTE FUNCTION counter_announce('merchant', 'id');
  `,
};
export default migration;
