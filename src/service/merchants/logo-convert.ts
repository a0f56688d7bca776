/**
 * SVG logos stored before logos became PNG only (docs/security.md, "The merchant's logo"). The
 * migration that made the logo tables PNG only moved every SVG logo to svg_logos_to_convert;
 * at start each is drawn into a PNG with the same limits as an upload and put back, or dropped
 * (and the reason logged) when it is refused. Until then the merchant shows no logo: an SVG is
 * never served again, not even once.
 */
import type { Environment } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { logoFromSvg } from './logo';

interface Held {
  merchant_id: string;
  environment: Environment;
  data: string;
  updated_at: number;
}

function statements(store: Store) {
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

/**
 * Draws each held SVG logo (one instance at a time on a shared database). A logo that could not
 * be drawn for a reason of this machine (no process could start) stays held for the next start.
 */
export async function convertHeldSvgLogos(
  store: Store,
  log: (line: string) => void,
): Promise<void> {
  const sql = statements(store);
  if ((await sql.held.all()).length === 0) return;
  await store.exclusive('svg-logos', async () => {
    for (const row of await sql.held.all()) {
      let png: Buffer | undefined;
      let refused: string | undefined;
      try {
        png = (await logoFromSvg(Buffer.from(row.data, 'base64'))).bytes;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) {
          log(`logo of merchant ${row.merchant_id} not converted yet: ${(error as Error).message}`);
          continue;
        }
        refused = error.message;
      }
      await store.tx(async () => {
        // A new version, so that nothing keeps what it had under the old one.
        if (png)
          await sql.put[row.environment].run(
            row.merchant_id,
            png.toString('base64'),
            row.updated_at + 1,
          );
        await sql.release.run(row.merchant_id, row.environment);
      });
      log(
        png
          ? `logo of merchant ${row.merchant_id} (${row.environment}): its SVG is now a PNG`
          : `logo of merchant ${row.merchant_id} (${row.environment}) removed: ${refused}`,
      );
    }
  });
}
