import type { Migration } from './migration';

/**
 * access secrets a merchant manages itself (GET/POST/DELETE /api/merchant/secrets): an id to name
 * one by (secrets made before get a random one), the last four characters to tell them apart
 * (unknown for those: only their hash was kept), and when each was last used (written at most once
 * a minute per secret: http/auth.ts).
 */
const migration: Migration = {
  name: 'secret-ids',
  sql: [
    `
  ALTER TABLE access_secrets ADD COLUMN id TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_four TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_used_at INTEGER;
  `,
    {
      sqlite: `
  UPDATE access_secrets SET id = lower(hex(randomblob(16))) WHERE id IS NULL;
  `,
      postgres: `
  UPDATE access_secrets SET id = md5(random()::text || hash) WHERE id IS NULL;
  `,
    },
    `
  CREATE UNIQUE INDEX access_secrets_id ON access_secrets(id);
  CREATE INDEX access_secrets_merchant ON access_secrets(merchant_id, created_at);
  `,
  ],
};
export default migration;
