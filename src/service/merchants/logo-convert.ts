/**
 * SVG logos stored before logos became PNG only (docs/security.md, "The merchant's logo"). The
 * migration that made the logo tables PNG only moved every SVG logo to svg_logos_to_convert;
 * at start each is drawn into a PNG with the same limits as an upload and put back, or dropped
 * (and the reason logged) when it is refused. Until then the merchant shows no logo: an SVG is
 * never served again, not even once.
 */
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { logoFromSvg } from './logo';
import { heldLogoStatements } from './repo/logos';

/**
 * Draws each held SVG logo (one instance at a time on a shared database). A logo that could not
 * be drawn for a reason of this machine (no process could start) stays held for the next start.
 */
export async function convertHeldSvgLogos(
  store: Store,
  log: (line: string) => void,
): Promise<void> {
  const sql = heldLogoStatements(store);
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
