/**
 * The database fails over under load: two service processes reach PostgreSQL 15 through HAProxy
 * (Patroni, etcd, synchronous replication: test/helpers/ha-stack.ts, as docs/scaling.md sets it
 * up) while clients create payments, read them, refund them and send remote payments to a
 * terminal streaming from one instance, each write with an Idempotency-Key and sent again with
 * it after a 503 or a lost answer. The primary is killed (kill -9 of its postgres and of its
 * Patroni); later the old primary comes back as a replica and a switchover moves the primary
 * back to it. Every payment answered is in the database as answered, no key ran twice, no
 * payment is over-refunded, the terminal received each remote payment once, the service is back
 * within Patroni's failover time plus 5 s, and neither process restarted.
 *
 * Part of `npm test` where the stack can run (root, Debian's packages: .ci/run installs them);
 * FAILOVER_LONG=1 keeps the load up longer around each failover (the default is bounded so the
 * whole file runs in about two minutes).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDatabase,
  checkStream,
  checkWebhooks,
  internalErrors,
  repeatedWebhooks,
  secondsWithoutService,
  startRig,
  underLoad,
  type Load,
  type Rig,
} from '../helpers/failover-load';
import { haStackAvailable, PATRONI_TTL_S, startHaStack, type HaStack } from '../helpers/ha-stack';
import { postgresMigrations } from '../../src/service/kernel/store/migrations';

const LOAD_MS = process.env.FAILOVER_LONG ? 20_000 : 3_000;
let stack: HaStack | undefined;
let rig: Rig | undefined;

async function expectSafe(load: Load, at: number, name: string) {
  // The stream catches up with what was answered.
  await expect.poll(() => checkStream(rig!, load), { timeout: 15_000, interval: 250 }).toEqual([]);
  expect(await checkDatabase(rig!, load)).toEqual([]);
  await expect
    .poll(() => checkWebhooks(rig!, load), { timeout: 30_000, interval: 500 })
    .toEqual([]);
  expect(internalErrors(rig!)).toEqual([]);
  expect(load.failures).toEqual([]);
  for (const inst of rig!.instances)
    expect(inst.proc.child.exitCode, inst.proc.output()).toBeNull();
  const down = secondsWithoutService(load, at);
  console.log(
    `${name}: ${load.payments.size} payments, ${load.remote.size} remote; ` +
      `${down.toFixed(1)} s without service, ${load.unavailable} answered 503, ` +
      `${load.lostAnswers} answers lost, ${repeatedWebhooks(rig!)} webhooks repeated`,
  );
  expect(down).toBeLessThan(PATRONI_TTL_S + 5);
  expect(load.payments.size).toBeGreaterThan(5);
}

// The stack needs root (to run PostgreSQL as the postgres user) and Debian's packages, which
// .ci/run installs: under CI a machine without them fails here rather than skipping.
if (process.env.CI && !haStackAvailable())
  throw new Error('the failover test needs patroni, etcd-server, haproxy and postgresql-15');
describe.runIf(haStackAvailable())('a PostgreSQL failover under load', () => {
  beforeAll(async () => {
    stack = await startHaStack(2);
    rig = await startRig(stack.url);
  }, 180_000);

  afterAll(async () => {
    await rig?.close();
    await stack?.stop();
  }, 60_000);

  it("runs the schema on Debian 12's PostgreSQL 15 as on the embedded 18", async () => {
    const client = new pg.Client({ connectionString: stack!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string; n: string }>(
        "SELECT current_setting('server_version_num') AS v, (SELECT version FROM schema_version) AS n",
      );
      expect(Math.floor(Number(rows[0]!.v) / 10_000)).toBe(15);
      expect(Number(rows[0]!.n)).toBe(postgresMigrations.length);
    } finally {
      await client.end();
    }
  });

  it('loses no answered payment when the primary is killed, and needs no one', async () => {
    const old = (await stack!.primary())!;
    const { load, at } = await underLoad(rig!, LOAD_MS, async () => {
      stack!.kill(old);
      await stack!.waitForPrimary(old);
    });
    await expectSafe(load, at, 'kill -9');
  }, 150_000);

  it('the same when the old primary is back as a replica and a switchover moves to it', async () => {
    const current = (await stack!.primary())!;
    const old = stack!.nodes.find((n) => n !== current)!;
    stack!.restart(old);
    await stack!.waitForReplica(old, 90_000);
    const { load, at } = await underLoad(rig!, LOAD_MS, async () => {
      stack!.switchover(old);
      await stack!.waitForPrimary(current);
    });
    await expectSafe(load, at, 'switchover');
  }, 180_000);
});
