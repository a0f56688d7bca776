/**
 * The service's due work: expiries, card settlements, refunds, every area's own, then webhook
 * deliveries and messages, run every `tickMs` and on demand (`tick`, which the sandbox clock's
 * advance awaits).
 */
import type { Clock, SandboxOffset } from './kernel/clock';
import type { Store } from './kernel/store/port';
import type { Lifecycle } from './payments/lifecycle';
import type { RefundLifecycle } from './refunds/lifecycle';

export interface SchedulerParts {
  store: Store;
  clock: Clock;
  lifecycle: Lifecycle;
  refunds: RefundLifecycle;
  /** Every area's own due work (ServiceContext.everyTick). */
  areaWork: readonly (() => Promise<unknown>)[];
  /** What runs after the sweep, outside its lock: deliveries and messages wake. */
  after: () => Promise<void>;
  /** The merchants' sandbox clocks as the database holds them. */
  sandboxOffsets: () => Promise<SandboxOffset[]>;
  log: (line: string) => void;
}

export function createScheduler(parts: SchedulerParts, tickMs = 100) {
  const { store, clock, lifecycle, refunds, areaWork } = parts;

  /**
   * With several instances on one database, one instance at a time sweeps (store.exclusive);
   * each first takes the merchants' sandbox clocks the database holds, which any instance may
   * have moved.
   */
  async function sweep(): Promise<void> {
    if (!store.open) return;
    if (!store.soleWriter) clock.sync(await parts.sandboxOffsets());
    await store.exclusive('sweep', async () => {
      await lifecycle.expireDue();
      await lifecycle.settleDue();
      await refunds.advanceDue();
      for (const work of areaWork) await work();
      await lifecycle.authorizationsDue();
    });
    await parts.after();
  }

  // One sweep at a time. A tick while one runs is answered by the next sweep, one shared by every
  // tick that comes meanwhile, so a caller (the sandbox clock's advance) waits for at most two.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function tick(): Promise<void> {
    if (!running) {
      running = sweep().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return tick();
      });
    return queued;
  }

  const timer = setInterval(() => {
    tick().catch((error: Error) => parts.log(`scheduler: ${error.message}`));
  }, tickMs);
  timer.unref();

  return {
    tick,
    /** No more ticks; resolves once the sweep under way (if any) has ended. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
