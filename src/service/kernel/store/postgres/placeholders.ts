/**
 * The service writes SQL once, with SQLite's parameters: `?` in order, or `@name` bound from one
 * object (as better-sqlite3 takes them). PostgreSQL numbers its parameters (`$1`, `$2`), so each
 * statement's text is rewritten once, when it is prepared. Quoted text is left alone: string
 * literals ('it''s ?'), E'' literals, quoted identifiers, dollar-quoted bodies and comments.
 *
 * PostgreSQL's own `?` operators (jsonb `?`, `?|`, `?&`) cannot be written through the port;
 * their functions (`jsonb_exists`, ...) can.
 */
export interface Numbered {
  /** The text with `$1..$n`. */
  text: string;
  /** For `@name` parameters, the name of each `$i` (a name used twice keeps one number). */
  names: string[] | null;
  /** How many values the statement takes. */
  count: number;
}

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;

export function numberPlaceholders(sql: string): Numbered {
  let out = '';
  let positional = 0;
  const names: string[] = [];
  let i = 0;
  const n = sql.length;
  /** Copies up to and including the closing `quote` (doubled quotes stay inside). */
  const quoted = (quote: string, backslashes: boolean) => {
    let j = i + 1;
    while (j < n) {
      if (backslashes && sql[j] === '\\') j += 2;
      else if (sql[j] === quote) {
        if (sql[j + 1] === quote) j += 2;
        else break;
      } else j++;
    }
    out += sql.slice(i, j + 1);
    i = j + 1;
  };
  while (i < n) {
    const ch = sql[i]!;
    if (ch === "'") {
      const prev = sql[i - 1];
      const escaped = (prev === 'E' || prev === 'e') && !IDENT.test(sql[i - 2] ?? ' ');
      quoted("'", escaped);
    } else if (ch === '"') quoted('"', false);
    else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (ch === '$' && !IDENT.test(sql[i - 1] ?? ' ')) {
      // A dollar quote ($$...$$ or $tag$...$tag$); `$1` is not one.
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? n : end + tag[0].length;
        out += sql.slice(i, stop);
        i = stop;
      } else {
        out += ch;
        i++;
      }
    } else if (ch === '?') {
      out += `$${++positional}`;
      i++;
    } else if (ch === '@' && IDENT_START.test(sql[i + 1] ?? '') && !IDENT.test(sql[i - 1] ?? ' ')) {
      let j = i + 1;
      while (j < n && IDENT.test(sql[j]!)) j++;
      const name = sql.slice(i + 1, j);
      let at = names.indexOf(name);
      if (at === -1) at = names.push(name) - 1;
      out += `$${at + 1}`;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  if (positional > 0 && names.length > 0)
    throw new Error('A statement takes either ? or @name parameters, not both');
  return {
    text: out,
    names: names.length > 0 ? names : null,
    count: names.length > 0 ? names.length : positional,
  };
}
