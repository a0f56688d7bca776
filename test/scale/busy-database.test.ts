/**
 * Work PostgreSQL keeps aborting for concurrent changes (a serialization failure each time it
 * runs) is answered 503 with `Retry-After`, as a database that cannot be reached is: the client
 * may send it again, and nothing of it was kept. Never "Internal error".
 */
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/postgres';
import { startService, type Harness } from '../helpers/service';

let h: Harness | undefined;
let sql: pg.Client | undefined;
afterAll(async () => {
  await h?.close();
  await sql?.end();
});

const BUSY = {
  name: 'SERVICE_UNAVAILABLE',
  status: 503,
  message: 'The database is busy; nothing was done, try again',
  errors: [],
};

/** What a hot spot under many writers does to each attempt, made certain by a trigger. */
const conflictOn = (event: 'INSERT' | 'UPDATE') => `
  CREATE TRIGGER always_conflict BEFORE ${event} ON payment_requests
    FOR EACH ROW EXECUTE FUNCTION always_conflict()`;

it(
  'answers 503 for a write aborted as unserializable every time, and keeps nothing',
  { timeout: 60_000 },
  async () => {
    const url = await freshDatabaseUrl();
    h = await startService({ dataDir: null, databaseUrl: url });
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    await sql.query(`CREATE FUNCTION always_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure';
    END $$`);
    const create = () =>
      h!.call('POST', '/api/payments/process-payment', {
        amount: 2,
        customerId: 'c',
        orderId: 'BUSY',
      });
    const count = async () =>
      (await sql!.query('SELECT count(*)::int AS n FROM payment_requests')).rows[0].n as number;

    // A single statement: the payment request's insert.
    await sql.query(conflictOn('INSERT'));
    const refused = await create();
    expect([refused.status, refused.body]).toEqual([503, BUSY]);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await count()).toBe(0);
    await sql.query('DROP TRIGGER always_conflict ON payment_requests');
    const made = await create();
    expect(made.status).toBe(200);

    // A transaction the store runs again and again: paying the request.
    await sql.query(conflictOn('UPDATE'));
    const id = made.body.paymentRequestId as string;
    const pay = () =>
      h!.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
    const busy = await pay();
    expect([busy.status, busy.body]).toEqual([503, BUSY]);
    expect((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body.status).not.toBe(
      'COMPLETED',
    );
    await sql.query('DROP TRIGGER always_conflict ON payment_requests');
    expect((await pay()).status).toBe(200);
    expect((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body.status).toBe(
      'COMPLETED',
    );
  },
);
