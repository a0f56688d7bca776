/** The SQL of converting SVG logos held since logos became PNG only (logo-convert.ts). */
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';

interface Held {
  merchant_id: string;
  environment: Environment;
  data: string;
  updated_at: number;
}

export function heldLogoStatements(store: Store) {
  // Put back only where no logo was uploaded since (another instance may have been first).
  const put = (table: string) =>
    store.prepare(
      `INSERT INTO ${table} (merchant_id, content_type, data, updated_at)
       VALUES (?, 'image/png', ?, ?) ON CONFLICT (merchant_id) DO NOTHING`,
    );
  return {
    held: store.prepare<[], Held>(
      'SELECT merchant_id, environment, data, updated_at FROM svg_logos_to_convert',
    ),
    put: { production: put('merchant_logos'), sandbox: put('sandbox_logos') },
    release: store.prepare(
      'DELETE FROM svg_logos_to_convert WHERE merchant_id = ? AND environment = ?',
    ),
  };
}
