import type { Migration } from './migration';

/**
 * logos are PNG only (docs/security.md, "The merchant's logo"): an SVG is drawn into a PNG at
 * upload and never served. Stored SVG logos move to svg_logos_to_convert, which the service draws
 * into PNGs at start (merchants/logo-convert.ts); both logo tables are made again with a CHECK that
 * holds them to image/png.
 */
const migration: Migration = {
  name: 'png-logos',
  sql: [
    `
  CREATE TABLE svg_logos_to_convert (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'production', data, updated_at FROM merchant_logos
    WHERE content_type <> 'image/png';
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'sandbox', data, updated_at FROM sandbox_logos
    WHERE content_type <> 'image/png';
  `,
    {
      // SQLite cannot change a CHECK: each table is made again.
      sqlite: `
  CREATE TABLE merchant_logos_png (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type = 'image/png'),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO merchant_logos_png (merchant_id, content_type, data, updated_at)
    SELECT merchant_id, content_type, data, updated_at FROM merchant_logos
    WHERE content_type = 'image/png';
  DROP TABLE merchant_logos;
  ALTER TABLE merchant_logos_png RENAME TO merchant_logos;
  CREATE TABLE sandbox_logos_png (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type = 'image/png'),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO sandbox_logos_png (merchant_id, content_type, data, updated_at)
    SELECT merchant_id, content_type, data, updated_at FROM sandbox_logos
    WHERE content_type = 'image/png';
  DROP TABLE sandbox_logos;
  ALTER TABLE sandbox_logos_png RENAME TO sandbox_logos;
  `,
      postgres: `
  DELETE FROM merchant_logos WHERE content_type <> 'image/png';
  DELETE FROM sandbox_logos WHERE content_type <> 'image/png';
  ALTER TABLE merchant_logos DROP CONSTRAINT merchant_logos_content_type_check;
  ALTER TABLE merchant_logos ADD CONSTRAINT merchant_logos_content_type_check
    CHECK (content_type = 'image/png');
  ALTER TABLE sandbox_logos DROP CONSTRAINT sandbox_logos_content_type_check;
  ALTER TABLE sandbox_logos ADD CONSTRAINT sandbox_logos_content_type_check
    CHECK (content_type = 'image/png');
  `,
    },
  ],
};
export default migration;
