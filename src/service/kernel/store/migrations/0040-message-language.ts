import type { Migration } from './migration';

/**
 * The language a message to a customer is written in (a code of the catalogue), so that its
 * e-mail's HTML part says so (`lang`, `dir`); none for a message written in English only.
 */
const migration: Migration = {
  name: 'message-language',
  sql: `ALTER TABLE messages ADD COLUMN lang TEXT;`,
};
export default migration;
