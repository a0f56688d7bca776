/**
 * The customers area's SQL for customer records and their metadata pairs: the statements the
 * model runs, prepared once per store, and the list's query shapes, each prepared once and kept.
 */
import { insertionOrder, orderedJoin, type Statement, type Store } from '../../kernel/store/port';
import type { CustomerRow, Scope } from '../model';
import { customerSearchSql } from './search';
import { registerSandboxReset } from '../../kernel/sandbox-reset';

/** Above this many matches a search pages in index order instead of sorting them all. */
const MANY_MATCHES = 200;

export interface ListInput {
  page: number;
  size: number;
  search?: string;
  metadata: Record<string, string>;
}

export function customerStatements(store: Store) {
  const byId = store.prepare<[string, string, string], CustomerRow>(
    'SELECT * FROM customers WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const byEmail = store.prepare<[string, string, string], CustomerRow>(
    // "email IS NOT NULL" lets SQLite use the partial unique index on lower(email).
    `SELECT * FROM customers WHERE merchant_id = ? AND environment = ? AND lower(email) = lower(?)
       AND email IS NOT NULL`,
  );
  const insert = store.prepare(`
    INSERT INTO customers (id, merchant_id, environment, full_name, email, type, phone_country_code,
      phone_number, address, city, postcode, vat_number, metadata, created_at)
    VALUES (@id, @merchant_id, @environment, @full_name, @email, @type, @phone_country_code,
      @phone_number, @address, @city, @postcode, @vat_number, @metadata, @created_at)`);
  const update = store.prepare(`
    UPDATE customers SET full_name = @full_name, email = @email, type = @type,
      phone_country_code = @phone_country_code, phone_number = @phone_number, address = @address,
      city = @city, postcode = @postcode, vat_number = @vat_number, metadata = @metadata
    WHERE id = @id AND merchant_id = @merchant_id AND environment = @environment`);
  const clearPairs = store.prepare('DELETE FROM customer_metadata WHERE customer_id = ?');
  const insertPair = store.prepare(
    `INSERT INTO customer_metadata (customer_id, merchant_id, environment, key, value, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  // The filters a list combines make a handful of shapes; each is prepared once.
  type Params = Record<string, string | number>;
  interface Shape {
    count: Statement<Params, { n: number }>;
    page: Statement<Params, CustomerRow>;
  }
  const shapes = new Map<string, Shape>();
  const estimate = store.prepare<[string, string, string, string], { n: number }>(`
    SELECT count(*) AS n FROM (SELECT 1 FROM customer_metadata
      WHERE merchant_id = ? AND environment = ? AND key = ? AND value = ? LIMIT 2000)`);
  const totals = store.prepare<[string, string], { n: number }>(
    'SELECT n FROM customer_counts WHERE merchant_id = ? AND environment = ?',
  );
  function statementsFor(from: string, countFrom: string, where: string, order: string): Shape {
    const key = `${from}|${countFrom}|${where}|${order}`;
    let found = shapes.get(key);
    if (!found) {
      found = {
        count: store.prepare<Params, { n: number }>(
          `SELECT count(*) AS n FROM ${countFrom} WHERE ${where}`,
        ),
        page: store.prepare<Params, CustomerRow>(
          `SELECT c.* FROM ${from} WHERE ${where}
           ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        ),
      };
      if (shapes.size < 200) shapes.set(key, found);
    }
    return found;
  }

  /**
   * One page, newest first, with the total of everything that matches. The most selective
   * index drives the query (CROSS JOIN fixes the order): the first metadata pair, else the
   * search index, else the merchant's customers by date. Left to itself SQLite walks every
   * customer by date to skip the sort, which costs milliseconds with 100,000 of them.
   */
  async function list(scope: Scope, input: ListInput) {
    const where = ['c.merchant_id = @merchantId', 'c.environment = @environment'];
    const params: Params = { ...scope };
    let from = 'customers c';
    let order = `c.created_at DESC, c.${insertionOrder(store)} DESC`;
    // The pair that matches fewest customers drives; the others are checked per customer.
    const pairs = Object.entries(input.metadata);
    if (pairs.length > 1) {
      const size = new Map<string, number>();
      for (const [key, value] of pairs)
        size.set(key, (await estimate.get(scope.merchantId, scope.environment, key, value))!.n);
      pairs.sort(([a], [b]) => size.get(a)! - size.get(b)!);
    }
    pairs.forEach(([key, value], i) => {
      params[`key${i}`] = key;
      params[`value${i}`] = value;
      if (i === 0) {
        // The pair's own index gives merchant, environment and date order: no sort, no scan.
        from = `customer_metadata m0 ${orderedJoin(store)} customers c ON c.id = m0.customer_id`;
        where.splice(0, where.length);
        where.push(
          'm0.merchant_id = @merchantId AND m0.environment = @environment AND m0.key = @key0 AND m0.value = @value0',
        );
        order = `m0.created_at DESC, c.${insertionOrder(store)} DESC`;
      } else {
        where.push(`EXISTS (SELECT 1 FROM customer_metadata m${i}
          WHERE m${i}.customer_id = m0.customer_id AND m${i}.key = @key${i} AND m${i}.value = @value${i})`);
      }
    });
    const search = input.search?.trim() ?? '';
    let indexOrder: string | null = null;
    if (search !== '') {
      // A phone number is often typed with spaces, dashes or a + prefix: also look for its digits.
      const digits = search.replace(/[\s()+-]/g, '');
      const terms = [search, ...(/^\d+$/.test(digits) && digits !== search ? [digits] : [])];
      const found = customerSearchSql(store.dialect, terms, pairs.length === 0);
      Object.assign(params, found.params);
      if (found.from) from = found.from;
      where.push(found.where);
      indexOrder = found.indexOrder;
    }
    // Counting pairs needs no customer row: the join is left out unless the search needs it.
    const countFrom = pairs.length > 0 && search === '' ? 'customer_metadata m0' : from;
    const clause = where.join(' AND ');
    const { count, page } = statementsFor(from, countFrom, clause, order);
    const slice = { ...params, limit: input.size, offset: input.page * input.size };
    if (indexOrder) {
      // A search counts first: many matches are then paged in the index's rowid order, which
      // is creation order (newest first, as everywhere) without sorting every match; a few are
      // sorted, which beats walking a long phrase's index backwards.
      const total = (await count.get(params))!.n;
      const rows =
        total > MANY_MATCHES
          ? await statementsFor(from, countFrom, clause, indexOrder).page.all(slice)
          : await page.all(slice);
      return { rows, total };
    }
    const rows = await page.all(slice);
    const total =
      search === '' && pairs.length === 0
        ? ((await totals.get(scope.merchantId, scope.environment))?.n ?? 0)
        : pairs.length > 0 && search === ''
          ? (await count.get(params))!.n // from the pair's index alone
          : rows.length < input.size && (rows.length > 0 || input.page === 0)
            ? input.page * input.size + rows.length // the last page: no need to count
            : (await count.get(params))!.n;
    return { rows, total };
  }

  return { byId, byEmail, insert, update, clearPairs, insertPair, list };
}

/**
 * A customer by id alone, whichever merchant: for checkout, whose payment request already names
 * its merchant's customer (cards/checkout.ts).
 */
export function customerByIdAnyScope(store: Store) {
  return store.prepare<[string], CustomerRow>('SELECT * FROM customers WHERE id = ?');
}

/**
 * A sandbox reset clears the merchant's sandbox customers (their metadata, saved cards, links
 * and checkout rows go with them: ON DELETE CASCADE) and the terminals' customer lookups.
 */
registerSandboxReset({
  area: 'customers',
  prepare(store) {
    const statements = [
      `DELETE FROM terminal_lookups WHERE merchant_id = ? AND environment = 'sandbox'`,
      `DELETE FROM customers WHERE merchant_id = ? AND environment = 'sandbox'`,
    ].map((sql) => store.prepare(sql));
    return async (merchantId) => {
      for (const statement of statements) await statement.run(merchantId);
    };
  },
});
