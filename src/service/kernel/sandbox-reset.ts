/**
 * What a sandbox reset (POST /api/sandbox/reset) clears, area by area. The sandbox area deletes
 * none of another area's rows itself: each area that keeps sandbox rows registers its own reset,
 * with its own statements, from its own repository, and the sandbox runs them all in one
 * transaction, so a reset is all or nothing.
 *
 * An area's rows may point at another area's (a contract at its customer): its reset names the
 * areas it points at in `refersTo` and runs before theirs, so no foreign key is left dangling.
 */
import type { Store } from './store/port';

/** Deletes one merchant's sandbox rows of an area; runs inside the reset's transaction. */
export type ResetRows = (merchantId: string) => Promise<void>;

export interface SandboxReset {
  /** The area whose rows it clears. */
  area: string;
  /** Areas whose rows this area's rows point at: cleared after this one. */
  refersTo?: readonly string[];
  /** Prepares the area's statements once per store. */
  prepare: (store: Store) => ResetRows;
}

const registered: SandboxReset[] = [];
const prepared = new WeakMap<Store, ResetRows[]>();

/** Adds an area's reset (called once, when the area's repository module loads). */
export function registerSandboxReset(reset: SandboxReset): void {
  if (registered.some((r) => r.area === reset.area))
    throw new Error(`a sandbox reset for ${reset.area} is already registered`);
  registered.push(reset);
}

/** Registration order, except that an area runs before every area it refers to. */
function inOrder(): SandboxReset[] {
  const left = [...registered];
  const ordered: SandboxReset[] = [];
  while (left.length > 0) {
    const next = left.findIndex(
      (r) => !left.some((other) => other !== r && other.refersTo?.includes(r.area)),
    );
    if (next < 0) throw new Error('sandbox resets refer to each other in a cycle');
    ordered.push(...left.splice(next, 1));
  }
  return ordered;
}

/**
 * Every registered area's reset of one merchant's sandbox rows, in order; run it inside a
 * transaction. Prepared once per store.
 */
export function sandboxReset(store: Store): ResetRows {
  let resets = prepared.get(store);
  if (!resets || resets.length !== registered.length) {
    resets = inOrder().map((r) => r.prepare(store));
    prepared.set(store, resets);
  }
  const all = resets;
  return async (merchantId) => {
    for (const reset of all) await reset(merchantId);
  };
}
