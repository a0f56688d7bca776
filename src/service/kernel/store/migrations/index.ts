/**
 * The service database's numbered migrations: one list for SQLite and PostgreSQL, a file each
 * (NNNN-name.ts, NNNN its place in this list). Each runs once, in a transaction that also records
 * how far the database has got; never edit one that has shipped: add the next file at the end of
 * this list, with the SQL both databases run written once and, where they differ, what each runs
 * (migration.ts says how; postgres/store.test.ts holds the two schemas to the same tables,
 * columns and indexes).
 *
 * Each database counts the migrations it has run: SQLite in PRAGMA user_version, PostgreSQL in
 * its schema_version table. A migration with nothing for a database (PostgreSQL's change
 * announcements, 0016, 0021 and 0026) is neither run nor counted there, so SQLite's count is not
 * the number of the last file it ran once PostgreSQL-only ones come before it, while
 * PostgreSQL's, which runs them all, is. PostgreSQL databases made before this list, whose first
 * migration was 0001 to 0013 together, are renumbered once (postgres/migrate.ts).
 */
import { sqlFor, type Dialect, type Migration } from './migration';
import m0001 from './0001-payments';
import m0002 from './0002-terminal-max-amount';
import m0003 from './0003-bank-feed';
import m0004 from './0004-refunds';
import m0005 from './0005-idempotency-keys';
import m0006 from './0006-agent-pay';
import m0007 from './0007-customers';
import m0008 from './0008-contract-settled-sends';
import m0009 from './0009-outbox-indexes';
import m0010 from './0010-refunds-open';
import m0011 from './0011-checkout-verifications';
import m0012 from './0012-contract-approvers';
import m0013 from './0013-webhook-attempts';
import m0014 from './0014-webhook-claims';
import m0015 from './0015-failure-buckets';
import m0016 from './0016-change-announcements';
import m0017 from './0017-line-items';
import m0018 from './0018-secret-ids';
import m0019 from './0019-contract-end';
import m0020 from './0020-merchant-profile';
import m0021 from './0021-merchant-announcements';
import m0022 from './0022-store-archiving';
import m0023 from './0023-stream-leases';
import m0024 from './0024-sandbox-clocks';
import m0025 from './0025-agent-approvers';
import m0026 from './0026-receipt-key-announcements';
import m0027 from './0027-sandbox-shop';
import m0028 from './0028-png-logos';
import m0029 from './0029-payment-history';
import m0030 from './0030-receipt-shops';
import m0031 from './0031-commit-markers';
import m0032 from './0032-primary-store-address';
import m0033 from './0033-cash-tendered';
import m0034 from './0034-fleet-health';
import m0035 from './0035-more-time';
import m0036 from './0036-kiosk-settings';
import m0037 from './0037-z-reports';
import m0038 from './0038-store-staff';
import m0039 from './0039-fleet-noted';
import m0040 from './0040-message-language';
import m0041 from './0041-simulated-kiosks';

export const migrations: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0024,
  m0025,
  m0026,
  m0027,
  m0028,
  m0029,
  m0030,
  m0031,
  m0032,
  m0033,
  m0034,
  m0035,
  m0036,
  m0037,
  m0038,
  m0039,
  m0040,
  m0041,
];

/** What `dialect` runs, in order: its version is how many of these it has run. */
export function migrationsFor(dialect: Dialect): readonly string[] {
  return migrations.flatMap((migration) => sqlFor(migration, dialect) ?? []);
}

export const sqliteMigrations = migrationsFor('sqlite');
export const postgresMigrations = migrationsFor('postgres');
