/** Agent Pay's SQL for the receipt signing keys (receipt-signer.ts). */
import type { Store } from '../../kernel/store/port';

export interface KeyRow {
  generation: number;
  kid: string;
  private_key_pem: string;
  public_jwk: string;
  created_at: number;
}

/** receipt_keys' statements. */
export function keyRows(store: Store) {
  return {
    newest: store.prepare<[], KeyRow>(
      'SELECT * FROM receipt_keys ORDER BY generation DESC LIMIT 1',
    ),
    // Each key with when the next generation superseded it (NULL for the newest).
    published: store.prepare<[], { public_jwk: string; superseded_at: number | null }>(`
      SELECT k.public_jwk,
        (SELECT min(n.created_at) FROM receipt_keys n WHERE n.generation > k.generation)
          AS superseded_at
      FROM receipt_keys k ORDER BY k.generation DESC`),
    // Two instances making the same generation at once: one insert wins, both use the winner.
    insert: store.prepare(`
      INSERT INTO receipt_keys (generation, kid, private_key_pem, public_jwk, created_at)
      VALUES (@generation, @kid, @pem, @jwk, @now) ON CONFLICT (generation) DO NOTHING`),
    // Only the newest key signs: an older one's private half is of no more use to anyone.
    eraseOlder: store.prepare<[number]>(
      "UPDATE receipt_keys SET private_key_pem = '' WHERE generation < ? AND private_key_pem <> ''",
    ),
  };
}
