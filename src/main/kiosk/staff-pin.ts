/**
 * The staff PIN: the one guard in front of every staff-only command (refunds, end of day,
 * settings and pairing, leaving kiosk mode, card on file, a hold's capture and release). The
 * shop chooses it in the console on first start (or presets it with COUNTER_KIOSK_PIN) and
 * changes it in Settings behind the old one.
 *
 * Only a scrypt hash with a random salt is kept, in the kiosk's database, so a copy of kiosk.db
 * does not hand over the PIN. Wrong PINs are counted once for the whole kiosk, whichever screen
 * they came from: after five in a row every check is refused for a minute, so a customer at the
 * till cannot try the 10,000 four-digit PINs one screen after another. The count and the end of a
 * lockout are kept in the database too, so pulling the kiosk's plug (or any restart) neither ends
 * a lockout nor wipes the wrong PINs counted so far.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Connection } from '../../sqlite';

export const MAX_TRIES = 5;
export const LOCKOUT_MS = 60_000;

/** scrypt's cost: about 16 MiB and a few tens of milliseconds a check, once per staff action. */
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_BYTES = 32;
const PIN_SHAPE = /^\d{4,8}$/;

export const PIN_WRONG = 'That PIN is not right';
export const PIN_LOCKED = 'Too many wrong PINs; wait a minute, then try again';
export const PIN_NOT_CHOSEN = 'Choose a staff PIN first (the console asks for one on first start)';

interface Lockout {
  /** Wrong PINs in a row since the last right one or the last lockout. */
  failures: number;
  /** The kiosk's clock (ms) until which every check is refused; 0 when never locked. */
  locked_until: number;
}

interface Row {
  salt: Buffer;
  hash: Buffer;
  cost_n: number;
  block_r: number;
  parallel_p: number;
}

export interface StaffPin {
  /** Whether the shop has chosen its PIN. */
  isSet(): boolean;
  /** Why `attempt` does not open the staff area, or null when it is the staff PIN. */
  check(attempt: string | undefined): Promise<string | null>;
  /** First start: sets the PIN; refused once one is set (it is then changed behind the old one). */
  choose(pin: string): Promise<string | null>;
  /** Settings: the current PIN (checked like any other attempt), then the new one. */
  change(current: string, next: string): Promise<string | null>;
}

function hashOf(pin: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export function createStaffPin(
  db: Connection,
  options: { now: () => number; preset?: string | undefined },
): StaffPin {
  const read = db.prepare<[], Row>(
    'SELECT salt, hash, cost_n, block_r, parallel_p FROM staff_pin WHERE id = 1',
  );
  const write = db.prepare(
    `INSERT INTO staff_pin (id, salt, hash, cost_n, block_r, parallel_p, set_at)
     VALUES (1, @salt, @hash, @N, @r, @p, @at)
     ON CONFLICT (id) DO UPDATE SET salt = excluded.salt, hash = excluded.hash,
       cost_n = excluded.cost_n, block_r = excluded.block_r, parallel_p = excluded.parallel_p,
       set_at = excluded.set_at`,
  );
  const readLockout = db.prepare<[], Lockout>(
    'SELECT failures, locked_until FROM staff_pin_lockout WHERE id = 1',
  );
  const writeLockout = db.prepare(
    `INSERT INTO staff_pin_lockout (id, failures, locked_until) VALUES (1, @failures, @locked_until)
     ON CONFLICT (id) DO UPDATE SET failures = excluded.failures,
       locked_until = excluded.locked_until`,
  );
  const saveLockout = (lockout: Lockout) => writeLockout.run(lockout);

  /**
   * The lockout as kept. A lock that ends more than a minute from now was set by a clock that
   * has since gone back (a restart with the time wrong): it is cut to a minute from now, and
   * kept so, rather than refusing staff for however long the clock was out.
   */
  function lockoutNow(now: number): Lockout {
    const lockout = readLockout.get() ?? { failures: 0, locked_until: 0 };
    if (lockout.locked_until > now + LOCKOUT_MS) {
      lockout.locked_until = now + LOCKOUT_MS;
      saveLockout(lockout);
    }
    return lockout;
  }
  /**
   * Checks run one after another: scrypt is asynchronous, and attempts sent together must not
   * all pass the lockout test before the first of them is counted.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function store(pin: string) {
    const salt = randomBytes(16);
    const hash = await hashOf(pin, salt, COST);
    write.run({ salt, hash, ...COST, at: options.now() });
  }

  async function verify(attempt: string | undefined): Promise<string | null> {
    const row = read.get();
    if (!row) return PIN_NOT_CHOSEN;
    const lockout = lockoutNow(options.now());
    if (options.now() < lockout.locked_until) return PIN_LOCKED;
    const given =
      attempt !== undefined && PIN_SHAPE.test(attempt)
        ? await hashOf(attempt, row.salt, { N: row.cost_n, r: row.block_r, p: row.parallel_p })
        : null;
    if (given && given.length === row.hash.length && timingSafeEqual(given, row.hash)) {
      if (lockout.failures > 0) saveLockout({ ...lockout, failures: 0 });
      return null;
    }
    // Written before the answer goes back: a restart right after it still counts this one.
    const failures = lockout.failures + 1;
    saveLockout(
      failures >= MAX_TRIES
        ? { failures: 0, locked_until: options.now() + LOCKOUT_MS }
        : { ...lockout, failures },
    );
    return PIN_WRONG;
  }

  const ready =
    options.preset !== undefined && !read.get()
      ? serial(() => store(options.preset!))
      : Promise.resolve();

  return {
    isSet: () => options.preset !== undefined || read.get() !== undefined,
    check: (attempt) => ready.then(() => serial(() => verify(attempt))),
    choose: (pin) =>
      ready.then(() =>
        serial(async () => {
          if (read.get()) return 'A staff PIN is already set; change it in Settings';
          if (!PIN_SHAPE.test(pin)) return 'The PIN must be 4 to 8 digits';
          await store(pin);
          return null;
        }),
      ),
    change: (current, next) =>
      ready.then(() =>
        serial(async () => {
          const refusal = await verify(current);
          if (refusal) return refusal;
          if (!PIN_SHAPE.test(next)) return 'The new PIN must be 4 to 8 digits';
          await store(next);
          return null;
        }),
      ),
  };
}
