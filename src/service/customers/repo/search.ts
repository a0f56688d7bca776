/**
 * Customer search in each dialect: the text typed is found anywhere (a substring, whatever its
 * case) in a customer's full name, email or phone number. Both dialects answer the same
 * customers; only the index differs.
 *
 * - SQLite: the FTS5 trigram table customers_fts (migration 0007) for 3 characters or more, which
 *   it needs; shorter text scans the merchant's rows with LIKE (ASCII case-insensitive).
 * - PostgreSQL: ILIKE over the three columns, served by the pg_trgm GIN index customers_search
 *   (migration 0007 too) for 3 characters or more; shorter text scans as SQLite's does.
 *
 * A customer table alias `c` is assumed, and named parameters (`@match`, `@like0`, ...).
 */
import type { Dialect } from '../../kernel/store/port';

/** The trigram indexes need 3 characters; shorter searches scan the merchant's rows. */
export const TRIGRAM = 3;

/** A phrase for FTS5 MATCH: quoted, with quotes doubled, so nothing in it is syntax. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** LIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface CustomerSearch {
  /**
   * The FROM clause when the search index drives the query (no metadata filter), or null to
   * keep the caller's. SQLite's joins customers_fts as `f`.
   */
  from: string | null;
  /** A condition to AND into the WHERE clause. */
  where: string;
  params: Record<string, string>;
  /**
   * With `from`: an order that pages many matches in the index's own order (newest first)
   * without sorting them all, or null when the caller's order serves.
   */
  indexOrder: string | null;
}

/**
 * `terms` are the alternatives to look for (the text typed, and its digits when it looks like a
 * phone number); `driving` says whether the search may drive the query (no metadata pair does).
 */
export function customerSearchSql(
  dialect: Dialect,
  terms: readonly string[],
  driving: boolean,
): CustomerSearch {
  const params: Record<string, string> = {};
  if (dialect === 'sqlite' && terms.every((t) => t.length >= TRIGRAM)) {
    params.match = terms.map(phrase).join(' OR ');
    return driving
      ? {
          from: 'customers_fts f CROSS JOIN customers c ON c.rowid = f.rowid',
          where: 'customers_fts MATCH @match',
          params,
          indexOrder: 'f.rowid DESC',
        }
      : {
          from: null,
          where: 'c.rowid IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH @match)',
          params,
          indexOrder: null,
        };
  }
  // SQLite's LIKE ignores case (ASCII); PostgreSQL's needs ILIKE.
  const like = dialect === 'sqlite' ? 'LIKE' : 'ILIKE';
  const alternatives = terms.map((t, i) => {
    params[`like${i}`] = containing(t);
    return `(c.full_name ${like} @like${i} ESCAPE '\\' OR c.email ${like} @like${i} ESCAPE '\\'
      OR c.phone_number ${like} @like${i} ESCAPE '\\')`;
  });
  return { from: null, where: `(${alternatives.join(' OR ')})`, params, indexOrder: null };
}
