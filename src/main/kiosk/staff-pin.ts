/**
 * The kiosk's staff: each person with a name, a role (cashier, manager, owner) and a PIN of their
 * own, the one guard in front of every staff-only command. The first start creates the owner
 * (the console asks, or COUNTER_KIOSK_PIN presets it); a kiosk that had the single shop PIN of
 * earlier versions keeps it as the PIN of an owner called "Owner" (kiosk migration 11).
 *
 * Only a scrypt hash with a random salt is kept for each person, so a copy of kiosk.db does not
 * hand over any PIN. A PIN names its person (PINs are unique on a kiosk), so finding who typed
 * one hashes it with each person's salt. Wrong PINs are counted where they are kept, in the
 * database: against the person when it is known who is typing (their own PIN change), else once
 * for the whole kiosk. Five in a row refuse every check of that person (or of the kiosk) for a
 * minute; pulling the plug neither ends a lockout nor wipes the count.
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { Connection } from '../../sqlite';

export const MAX_TRIES = 5;
export const LOCKOUT_MS = 60_000;

/** scrypt's cost: about 16 MiB and a few tens of milliseconds a hash. */
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_BYTES = 32;
const PIN_SHAPE = /^\d{4,8}$/;
/** The lockout of PINs that matched nobody. */
const KIOSK_WIDE = '*';

export const PIN_WRONG = 'That PIN is not right';
export const PIN_LOCKED = 'Too many wrong PINs; wait a minute, then try again';
export const PIN_NOT_CHOSEN = 'Choose a staff PIN first (the console asks for one on first start)';
export const PIN_TAKEN = 'Someone on this kiosk already has that PIN; choose another';
export const PIN_SHAPE_MESSAGE = 'The PIN must be 4 to 8 digits';

export const ROLES = ['cashier', 'manager', 'owner'] as const;
export type Role = (typeof ROLES)[number];
const RANK: Record<Role, number> = { cashier: 0, manager: 1, owner: 2 };
/** Whether `role` is at least `needed`. */
export const atLeast = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
}

/** A refusal (the message, and the field of the form it belongs to). */
export class StaffRefusal {
  constructor(
    readonly message: string,
    readonly field: string,
  ) {}
}

interface Row extends StaffMember {
  salt: Buffer;
  hash: Buffer;
  cost_n: number;
  block_r: number;
  parallel_p: number;
}
interface Lockout {
  failures: number;
  locked_until: number;
}

export interface StaffPin {
  /** Whether the kiosk has its owner (and so any staff). */
  isSet(): boolean;
  /** Who typed `attempt`, or why nobody: wrong, locked, none chosen yet. */
  identify(attempt: string | undefined): Promise<StaffMember | StaffRefusal>;
  /** Why `attempt` opens nothing, or null when it is someone's PIN. */
  check(attempt: string | undefined): Promise<string | null>;
  /** First start: creates the owner; refused once there is one. */
  choose(pin: string, name?: string): Promise<StaffMember | StaffRefusal>;
  /**
   * A new PIN behind the current one. With `personId` (the person signed in) the current PIN
   * must be theirs, and wrong tries lock that person only.
   */
  change(current: string, next: string, personId?: string): Promise<string | null>;
  list(): StaffMember[];
  get(id: string): StaffMember | null;
  /** Whether the person was pushed from the dashboard (changed only there). */
  fromDashboard(id: string): boolean;
  add(by: StaffMember, input: { name: string; role: Role; pin: string }): Promise<StaffMember>;
  update(
    by: StaffMember,
    id: string,
    input: { name?: string | undefined; role?: Role | undefined; pin?: string | undefined },
  ): Promise<StaffMember>;
  remove(by: StaffMember, id: string): Promise<void>;
  /**
   * The store's staff as the merchant set them (a TERMINAL_STAFF push): they replace the staff
   * pushed before and sign in with the PIN whose scrypt hash came with them; the kiosk's own
   * staff are untouched.
   */
  merge(pushed: readonly CentralMember[]): Promise<void>;
}

/** A member of the store's staff as pushed: their PIN's scrypt salt and key in base64. */
export interface CentralMember extends StaffMember {
  pinHash: { salt: string; hash: string; N: number; r: number; p: number };
}

export const CENTRAL_REFUSAL = 'This person is set in the dashboard: change them there';

function hashOf(pin: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function matches(row: Row, attempt: string): Promise<boolean> {
  const given = await hashOf(attempt, row.salt, {
    N: row.cost_n,
    r: row.block_r,
    p: row.parallel_p,
  });
  return given.length === row.hash.length && timingSafeEqual(given, row.hash);
}

/** A name staff see on every screen and record: one line of text, without control characters. */
export function checkName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name))
    throw new StaffRefusal('The name must not contain control characters', 'name');
  if (!trimmed) throw new StaffRefusal('Give the name staff know this person by', 'name');
  if (trimmed.length > 40) throw new StaffRefusal('The name must be at most 40 characters', 'name');
  return trimmed;
}

function checkPin(pin: string, field = 'pin'): string {
  if (!PIN_SHAPE.test(pin)) throw new StaffRefusal(PIN_SHAPE_MESSAGE, field);
  return pin;
}

/** What `by` may do to a person of `role` (and make someone `role`): a manager never an owner. */
function mayManage(by: StaffMember, role: Role) {
  if (!atLeast(by.role, 'manager'))
    throw new StaffRefusal('Only a manager or the owner can manage staff', 'role');
  if (role === 'owner' && by.role !== 'owner')
    throw new StaffRefusal('Only an owner can add or change an owner', 'role');
}

/** The staff table's statements. */
function statementsOf(db: Connection) {
  const rows = db.prepare<[], Row>(
    'SELECT id, name, role, salt, hash, cost_n, block_r, parallel_p FROM staff ORDER BY created_at, rowid',
  );
  const byId = db.prepare<[string], Row>(
    'SELECT id, name, role, salt, hash, cost_n, block_r, parallel_p FROM staff WHERE id = ?',
  );
  // Owners the kiosk keeps itself: pushed ones come and go with the merchant's changes.
  const owners = db.prepare<[], { n: number }>(
    "SELECT count(*) AS n FROM staff WHERE role = 'owner' AND central = 0",
  );
  const locals = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM staff WHERE central = 0');
  const centralIds = db.prepare<[], { id: string }>('SELECT id FROM staff WHERE central = 1');
  const upsertCentral = db.prepare(
    `INSERT INTO staff (id, name, role, salt, hash, cost_n, block_r, parallel_p, created_at,
       updated_at, central)
     VALUES (@id, @name, @role, @salt, @hash, @N, @r, @p, @at, @at, 1)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role,
       salt = excluded.salt, hash = excluded.hash, cost_n = excluded.cost_n,
       block_r = excluded.block_r, parallel_p = excluded.parallel_p, updated_at = excluded.updated_at
     WHERE staff.central = 1`,
  );
  const isCentral = db.prepare<[string], { central: number }>(
    'SELECT central FROM staff WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO staff (id, name, role, salt, hash, cost_n, block_r, parallel_p, created_at, updated_at)
     VALUES (@id, @name, @role, @salt, @hash, @N, @r, @p, @at, @at)`,
  );
  const setName = db.prepare('UPDATE staff SET name = ?, updated_at = ? WHERE id = ?');
  const setRole = db.prepare('UPDATE staff SET role = ?, updated_at = ? WHERE id = ?');
  const setHash = db.prepare(
    `UPDATE staff SET salt = @salt, hash = @hash, cost_n = @N, block_r = @r, parallel_p = @p,
       updated_at = @at WHERE id = @id`,
  );
  const deleteRow = db.prepare('DELETE FROM staff WHERE id = ?');
  return {
    rows,
    byId,
    owners,
    locals,
    centralIds,
    upsertCentral,
    isCentral,
    insert,
    setName,
    setRole,
    setHash,
    deleteRow,
  };
}

/**
 * Wrong PINs in a row, per person (their id) or for the whole kiosk ('*'), kept in the database
 * so a restart neither ends a lockout nor forgets the count.
 */
function lockouts(db: Connection, now: () => number) {
  const options = { now };
  const readLockout = db.prepare<[string], Lockout>(
    'SELECT failures, locked_until FROM staff_lockout WHERE subject = ?',
  );
  const writeLockout = db.prepare(
    `INSERT INTO staff_lockout (subject, failures, locked_until) VALUES (@subject, @failures, @locked_until)
     ON CONFLICT (subject) DO UPDATE SET failures = excluded.failures,
       locked_until = excluded.locked_until`,
  );
  const saveLockout = (subject: string, lockout: Lockout) =>
    writeLockout.run({ subject, ...lockout });

  /**
   * A lockout as kept. One that ends more than a minute from now was set by a clock that has
   * since gone back: it is cut to a minute from now rather than refusing staff for hours.
   */
  function lockoutOf(subject: string): Lockout {
    const now = options.now();
    const lockout = readLockout.get(subject) ?? { failures: 0, locked_until: 0 };
    if (lockout.locked_until > now + LOCKOUT_MS) {
      lockout.locked_until = now + LOCKOUT_MS;
      saveLockout(subject, lockout);
    }
    return lockout;
  }
  const locked = (subject: string) => options.now() < lockoutOf(subject).locked_until;
  /** Written before the answer goes back: a restart right after it still counts this one. */
  function countWrong(subject: string) {
    const failures = lockoutOf(subject).failures + 1;
    saveLockout(
      subject,
      failures >= MAX_TRIES
        ? { failures: 0, locked_until: options.now() + LOCKOUT_MS }
        : { failures, locked_until: lockoutOf(subject).locked_until },
    );
  }
  function countRight(subject: string) {
    const lockout = lockoutOf(subject);
    if (lockout.failures > 0) saveLockout(subject, { ...lockout, failures: 0 });
  }

  return {
    locked,
    countWrong,
    countRight,
    clear: (subject: string) => saveLockout(subject, { failures: 0, locked_until: 0 }),
  };
}

/** The store's staff as pushed replace those pushed before; the kiosk's own are untouched. */
function mergeCentral(
  db: Connection,
  sql: ReturnType<typeof statementsOf>,
  at: number,
  pushed: readonly CentralMember[],
) {
  const keep = new Set(pushed.map((m) => m.id));
  db.transaction(() => {
    for (const { id } of sql.centralIds.all()) if (!keep.has(id)) sql.deleteRow.run(id);
    for (const m of pushed)
      sql.upsertCentral.run({
        id: m.id,
        name: m.name,
        role: m.role,
        salt: Buffer.from(m.pinHash.salt, 'base64'),
        hash: Buffer.from(m.pinHash.hash, 'base64'),
        N: m.pinHash.N,
        r: m.pinHash.r,
        p: m.pinHash.p,
        at,
      });
  })();
}

export function createStaffPin(
  db: Connection,
  options: { now: () => number; preset?: string | undefined },
): StaffPin {
  const sql = statementsOf(db);
  const { rows, byId, owners, insert, setName, setRole, setHash, deleteRow } = sql;
  const { locked, countWrong, countRight, clear } = lockouts(db, options.now);

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

  const member = ({ id, name, role }: Row): StaffMember => ({ id, name, role });
  async function findByPin(pin: string, except?: string): Promise<Row | null> {
    for (const row of rows.all()) if (row.id !== except && (await matches(row, pin))) return row;
    return null;
  }
  async function hashed(pin: string) {
    const salt = randomBytes(16);
    return { salt, hash: await hashOf(pin, salt, COST), ...COST, at: options.now() };
  }
  async function unique(pin: string, except?: string) {
    if (await findByPin(pin, except)) throw new StaffRefusal(PIN_TAKEN, 'pin');
  }
  async function create(input: { name: string; role: Role; pin: string }): Promise<StaffMember> {
    const id = randomUUID();
    insert.run({ id, name: input.name, role: input.role, ...(await hashed(input.pin)) });
    return { id, name: input.name, role: input.role };
  }

  async function identify(attempt: string | undefined): Promise<StaffMember | StaffRefusal> {
    if (!rows.all().length) return new StaffRefusal(PIN_NOT_CHOSEN, 'pin');
    if (locked(KIOSK_WIDE)) return new StaffRefusal(PIN_LOCKED, 'pin');
    const row = attempt !== undefined && PIN_SHAPE.test(attempt) ? await findByPin(attempt) : null;
    if (!row) {
      countWrong(KIOSK_WIDE);
      return new StaffRefusal(PIN_WRONG, 'pin');
    }
    // A person locked out by wrong tries at their own PIN stays out until the minute is up.
    if (locked(row.id)) return new StaffRefusal(PIN_LOCKED, 'pin');
    countRight(KIOSK_WIDE);
    return member(row);
  }

  /** `attempt` as the PIN of a known person: wrong tries count against them alone. */
  async function verifyPerson(id: string, attempt: string): Promise<StaffMember | StaffRefusal> {
    const row = byId.get(id);
    if (!row) return new StaffRefusal(PIN_WRONG, 'pin');
    if (locked(row.id)) return new StaffRefusal(PIN_LOCKED, 'pin');
    if (!PIN_SHAPE.test(attempt) || !(await matches(row, attempt))) {
      countWrong(row.id);
      return new StaffRefusal(PIN_WRONG, 'pin');
    }
    countRight(row.id);
    return member(row);
  }

  function target(id: string): Row {
    const row = byId.get(id);
    if (!row) throw new StaffRefusal('That person is no longer on this kiosk', 'id');
    if (sql.isCentral.get(id)?.central === 1) throw new StaffRefusal(CENTRAL_REFUSAL, 'id');
    return row;
  }
  /** The last owner stays: a kiosk without one could never add staff again. */
  function keepAnOwner(row: Row, nextRole: Role | null) {
    if (row.role === 'owner' && nextRole !== 'owner' && owners.get()!.n <= 1)
      throw new StaffRefusal('The kiosk needs an owner: make someone else owner first', 'role');
  }

  const ready =
    options.preset !== undefined && sql.locals.get()!.n === 0
      ? serial(() => create({ name: 'Owner', role: 'owner', pin: checkPin(options.preset!) }))
      : Promise.resolve();
  const run = <T>(work: () => Promise<T>) => ready.then(() => serial(work));

  return {
    // The kiosk is set once it has staff of its own: pushed staff alone leave the first-start
    // owner to be chosen.
    isSet: () => options.preset !== undefined || sql.locals.get()!.n > 0,
    identify: (attempt) => run(() => identify(attempt)),
    check: (attempt) =>
      run(async () => {
        const found = await identify(attempt);
        return found instanceof StaffRefusal ? found.message : null;
      }),
    choose: (pin, name = 'Owner') =>
      run(async () => {
        try {
          if (sql.locals.get()!.n > 0)
            return new StaffRefusal('A staff PIN is already set; change it in Settings', 'newPin');
          return await create({
            name: checkName(name),
            role: 'owner',
            pin: checkPin(pin, 'newPin'),
          });
        } catch (error) {
          if (error instanceof StaffRefusal) return error;
          throw error;
        }
      }),
    change: (current, next, personId) =>
      run(async () => {
        const found =
          personId === undefined ? await identify(current) : await verifyPerson(personId, current);
        if (found instanceof StaffRefusal) return found.message;
        if (sql.isCentral.get(found.id)?.central === 1) return CENTRAL_REFUSAL;
        if (!PIN_SHAPE.test(next)) return 'The new PIN must be 4 to 8 digits';
        if (await findByPin(next, found.id)) return PIN_TAKEN;
        setHash.run({ id: found.id, ...(await hashed(next)) });
        return null;
      }),
    list: () => rows.all().map(member),
    fromDashboard: (id) => sql.isCentral.get(id)?.central === 1,
    get: (id) => {
      const row = byId.get(id);
      return row ? member(row) : null;
    },
    add: (by, input) =>
      run(async () => {
        mayManage(by, input.role);
        const name = checkName(input.name);
        await unique(checkPin(input.pin));
        return create({ name, role: input.role, pin: input.pin });
      }),
    update: (by, id, input) =>
      run(async () => {
        const row = target(id);
        mayManage(by, row.role);
        if (input.role) mayManage(by, input.role);
        const name = input.name === undefined ? undefined : checkName(input.name);
        if (input.role) keepAnOwner(row, input.role);
        if (input.pin !== undefined) await unique(checkPin(input.pin), id);
        // Checked in full above: nothing is written unless every change is allowed.
        const at = options.now();
        db.transaction(() => {
          if (name !== undefined) setName.run(name, at, id);
          if (input.role) setRole.run(input.role, at, id);
        })();
        if (input.pin !== undefined) setHash.run({ id, ...(await hashed(input.pin)) });
        if (input.pin !== undefined) clear(id);
        return member(byId.get(id)!);
      }),
    remove: (by, id) =>
      run(async () => {
        const row = target(id);
        mayManage(by, row.role);
        keepAnOwner(row, null);
        deleteRow.run(id);
      }),
    merge: (pushed) => run(async () => mergeCentral(db, sql, options.now(), pushed)),
  };
}
