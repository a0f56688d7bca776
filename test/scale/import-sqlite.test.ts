/**
 * A sandbox that grew up on SQLite moves to PostgreSQL with `--import-sqlite`: every row with
 * its ids, so its secrets, terminals, payments, refunds, customers and webhooks work as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/service/kernel/store/postgres/store';
import { importSqlite } from '../../src/service/kernel/store/postgres/import-sqlite';
import { PairResponse } from '../../src/shared/contract/terminals';
import { freshDatabaseUrl } from '../helpers/postgres';
import { startService, type Harness } from '../helpers/service';
import { connectSse } from '../helpers/sse';

const dataDir = mkdtempSync(join(tmpdir(), 'counter-import-'));
let moved: Harness | undefined;
afterAll(async () => {
  await moved?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('copies a SQLite service database into an empty PostgreSQL one, ids kept', async () => {
  // The sandbox as it grew on SQLite.
  const old = await startService({ dataDir });
  const created = await old.call('POST', '/api/payments/process-payment', {
    amount: 12.5,
    customerId: 'c-9',
    orderId: 'IMPORT-1',
    metadata: { table: '4' },
    // Its basket moves with it (payment_line_items): the status read below carries it.
    lineItems: [
      { description: 'Lunch', quantity: 2, unitAmount: 5 },
      { description: 'Cake', quantity: 1, unitAmount: 2.5 },
    ],
  });
  const id = created.body.paymentRequestId as string;
  await old.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    outcome: 'COMPLETED',
    paymentMethod: 'CARD',
  });
  expect((await old.call('POST', `/api/refund/${id}`, { amount: 2.5 })).status).toBe(201);
  const customer = await old.call('POST', '/api/customers', {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  await old.call('POST', '/api/webhooks', {
    url: 'https://example.com/hooks',
    eventTypes: ['PAYMENTS_STATUS'],
  });
  const code = await old.call('POST', '/api/terminal/pairing-codes', {});
  const till = PairResponse.parse(
    (await old.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till' }, null))
      .body,
  );
  // Let the refund finish, so nothing is still moving when the two are compared.
  await old.call('POST', '/api/sandbox/clock/advance', { ms: 3_600_000 });
  const before = {
    status: (await old.call('GET', `/api/payments/v1/payment-status/${id}`)).body,
    refunds: (await old.call('GET', `/api/refund/${id}`)).body,
    customers: (await old.call('GET', '/api/customers?search=lovelace')).body,
    webhooks: (await old.call('GET', '/api/webhooks')).body,
  };
  expect(before.status.lineItems).toHaveLength(2);
  await old.close();

  const databaseUrl = await freshDatabaseUrl();
  const store = await createPostgresStore({ url: databaseUrl });
  try {
    const summary = await importSqlite(dataDir, store.pool);
    expect(summary.rows).toBeGreaterThan(10);
    // A second import is refused and changes nothing.
    await expect(importSqlite(dataDir, store.pool)).rejects.toThrow(/already holds data/);
  } finally {
    await store.close();
  }

  moved = await startService({ dataDir: null, databaseUrl });
  expect((await moved.call('GET', `/api/payments/v1/payment-status/${id}`)).body).toEqual(
    before.status,
  );
  expect((await moved.call('GET', `/api/refund/${id}`)).body).toEqual(before.refunds);
  expect((await moved.call('GET', '/api/customers?search=lovelace')).body).toEqual(
    before.customers,
  );
  expect((await moved.call('GET', `/api/customers/${customer.body.id as string}`)).status).toBe(
    200,
  );
  expect((await moved.call('GET', '/api/webhooks')).body).toEqual(before.webhooks);
  // The terminal's secret still works, and new events follow the old ones.
  expect((await moved.call('GET', '/api/terminal/me', undefined, till.secret)).status).toBe(200);
  const stream = await connectSse(`${moved.url}/api/terminal/events`, till.secret, '0');
  try {
    const sent = await moved.call('POST', '/api/terminal/process-remote-payment', {
      id: till.terminal.id,
      amount: 1,
    });
    const event = await stream.next((e) => e.data.includes(sent.body.paymentRequestId as string));
    const oldEvents = stream.events.filter((e) => e !== event && e.id);
    for (const e of oldEvents) expect(Number(event.id)).toBeGreaterThan(Number(e.id));
  } finally {
    stream.close();
  }
});
