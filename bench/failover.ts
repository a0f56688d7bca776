/**
 * A PostgreSQL failover under load (docs/scaling.md's HA set-up): two service instances reach
 * PostgreSQL 15 through HAProxy (Patroni, etcd, synchronous replication; test/helpers/ha-stack.ts,
 * from Debian's packages, needs root) while clients create, read, pay and refund payments and
 * send remote payments to a streaming terminal; the primary is killed (kill -9 of its postgres
 * and of its Patroni). Reports the time without service, the requests answered 503, answers lost
 * on the way, and the check afterwards: answered payments missing or in another state, keys run
 * twice, remote payments not streamed exactly once, paid payments or refunds whose webhook never
 * came (all must be 0), and webhooks delivered again.
 * Run alone: `npm run bench -- --only failover`. Env: BENCH_SECONDS (load before and after the
 * kill, default 10).
 */
import {
  checkDatabase,
  checkStream,
  checkWebhooks,
  internalErrors,
  repeatedWebhooks,
  secondsWithoutService,
  startRig,
  settled,
  underLoad,
} from '../test/helpers/failover-load';
import { haStackAvailable, PATRONI_TTL_S, startHaStack } from '../test/helpers/ha-stack';
import type { Figure } from './lib/result';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);

export async function figures(): Promise<Figure[]> {
  if (!haStackAvailable())
    throw new Error('failover needs root and patroni, etcd-server, haproxy, postgresql-15');
  const stack = await startHaStack(2);
  try {
    const rig = await startRig(stack.url);
    try {
      const old = (await stack.primary())!;
      const { load, at } = await underLoad(rig, SECONDS * 1000, async () => {
        stack.kill(old);
        await stack.waitForPrimary(old);
      });
      // The stream and the webhooks may trail the answers by a moment.
      const problems = [
        ...(await checkDatabase(rig, load)),
        ...(await settled(() => checkStream(rig, load))),
        ...(await settled(() => checkWebhooks(rig, load))),
        ...load.failures,
        ...internalErrors(rig),
      ];
      for (const problem of problems) console.error(`failover: ${problem}`);
      const restarted = rig.instances.filter((i) => i.proc.child.exitCode !== null).length;
      return [
        {
          name: 'time without service after kill -9 of the primary',
          value: secondsWithoutService(load, at),
          unit: 's',
          digits: 1,
          target: { op: '<=', value: PATRONI_TTL_S + 5 },
        },
        { name: 'requests answered 503 (sent again)', value: load.unavailable, unit: 'requests' },
        { name: 'answers lost (sent again)', value: load.lostAnswers, unit: 'requests' },
        { name: 'payments answered', value: load.payments.size, unit: 'payments' },
        {
          name: 'webhooks delivered again (same webhook-id)',
          value: repeatedWebhooks(rig),
          unit: 'deliveries',
        },
        {
          name: 'answered but wrong afterwards (missing, run twice, not streamed once, no webhook)',
          value: problems.length,
          unit: 'problems',
          target: { op: '<=', value: 0 },
        },
        {
          name: 'service processes that exited',
          value: restarted,
          unit: 'processes',
          target: { op: '<=', value: 0 },
        },
      ];
    } finally {
      await rig.close();
    }
  } finally {
    await stack.stop();
  }
}
