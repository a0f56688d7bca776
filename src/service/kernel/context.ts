/**
 * What every area is handed, whatever else it needs: the store, the clock, the outbox, the group
 * commit, its public address and the scheduler. Built once by app.ts. An area that needs another
 * area's services says so in its own context type (`<area>/context.ts`), naming them through that
 * area's public module, so what an area depends on is written where it is used and checked
 * against the floor plan.
 */
import type { Clock } from './clock';
import type { Outbox } from './events/outbox';
import type { GroupCommit } from './store/group-commit';
import type { Store } from './store/port';

export interface KernelContext {
  store: Store;
  clock: Clock;
  outbox: Outbox;
  /** Writes that commit together with the others of this moment (store/group-commit.ts). */
  commit: GroupCommit;
  /** Base of every link the service returns, without a trailing slash. */
  publicUrl: () => string;
  /** Runs due work now: expiries, card settlements, refunds, webhook deliveries, and every area's own. */
  tick: () => Promise<void>;
  /** An area adds its own due work (e.g. Agent Pay's settlements) to every tick. */
  everyTick: (work: () => Promise<unknown>) => void;
}
