/**
 * A lost database connection: the service answers 503 in the error envelope while PostgreSQL is
 * away, changes nothing, and serves again by itself once it is back.
 */
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl, sharedServer } from '../helpers/postgres';
import { startService, type Harness } from '../helpers/service';

let h: Harness | undefined;
afterAll(async () => {
  await h?.close();
});

// With DATABASE_URL the server is not this test's to stop.
it.skipIf(process.env.DATABASE_URL)(
  'answers 503 while PostgreSQL is away and recovers by itself',
  async () => {
    const server = (await sharedServer())!;
    h = await startService({ dataDir: null, databaseUrl: await freshDatabaseUrl() });
    const create = () =>
      h!.call('POST', '/api/payments/process-payment', {
        amount: 2,
        customerId: 'c',
        orderId: 'AWAY',
      });
    let made = 0;
    const counted = async () => {
      const res = await create();
      if (res.status === 200) made++;
      return res;
    };
    expect((await counted()).status).toBe(200);

    await server.stop();
    try {
      const away = await counted();
      expect(away.status).toBe(503);
      expect(away.body).toMatchObject({
        name: 'SERVICE_UNAVAILABLE',
        status: 503,
        message: 'The database cannot be reached; try again shortly',
      });
      expect(away.headers.get('retry-after')).toBe('1');
      expect((await h.call('GET', '/readyz', undefined, null)).status).toBe(503);
    } finally {
      await server.start();
    }
    await expect.poll(async () => (await counted()).status, { timeout: 15_000 }).toBe(200);
    // Exactly the payments that were answered 200 exist: the refused one left nothing behind.
    const listed = await h.call('GET', '/api/payment-requests?size=100');
    expect(listed.body.totalCount).toBe(made);
  },
);
