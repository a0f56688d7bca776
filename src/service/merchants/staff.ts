/**
 * Staff known to the service (docs/kiosk.md, Staff from the dashboard): each store's people, the
 * role and PIN the merchant sets, and whether they may sign in. A PIN is kept only as a scrypt
 * hash with a random salt, in the kiosk's own parameters (src/main/kiosk/staff-pin.ts), so the
 * kiosk checks a pushed hash exactly as it checks its own staff's. PINs are unique within a
 * store, as on a kiosk: a PIN names its person.
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type {
  StaffCreateBody,
  StaffMember,
  StaffRecord,
  StaffTakenBy,
  StaffUpdateBody,
  TerminalStaffPush,
} from '../../shared/contract/staff';
import type { Environment } from '../kernel/caller';
import { iso } from '../kernel/clock';
import { ApiError, badField, notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { staffStatements, type StaffRow } from './repo/staff';

/** scrypt's cost and key length: the kiosk's (staff-pin.ts), so a pushed hash checks there. */
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_BYTES = 32;

const hashOf = (pin: string, salt: Buffer, cost: typeof COST) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

async function pinColumns(pin: string) {
  const salt = randomBytes(16);
  const hash = await hashOf(pin, salt, COST);
  return {
    pin_salt: salt.toString('base64'),
    pin_hash: hash.toString('base64'),
    cost_n: COST.N,
    block_r: COST.r,
    parallel_p: COST.p,
  };
}

async function pinMatches(row: StaffRow, pin: string) {
  const want = Buffer.from(row.pin_hash, 'base64');
  const cost = { N: row.cost_n, r: row.block_r, p: row.parallel_p };
  const given = await hashOf(pin, Buffer.from(row.pin_salt, 'base64'), cost);
  return given.length === want.length && timingSafeEqual(given, want);
}

export const staffRecord = (row: StaffRow): z.input<typeof StaffMember> => ({
  id: row.id,
  storeId: row.store_id,
  name: row.name,
  role: row.role,
  active: row.active === 1,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

interface Owner {
  merchantId: string;
  environment: Environment;
}

export function createStaffBook(store: Store) {
  const sql = staffStatements(store);
  const ofStore = (owner: Owner, storeId: string) =>
    sql.ofStore.all(storeId, owner.merchantId, owner.environment);

  async function owned(owner: Owner, storeId: string, id: string) {
    const row = await sql.one.get(id);
    if (
      !row ||
      row.store_id !== storeId ||
      row.merchant_id !== owner.merchantId ||
      row.environment !== owner.environment
    )
      throw notFound('No staff member with this id in this store');
    return row;
  }

  /** Someone else in the store signs in with `pin` already: it would name two people. */
  async function uniquePin(owner: Owner, storeId: string, pin: string, except?: string) {
    for (const row of await ofStore(owner, storeId))
      if (row.id !== except && (await pinMatches(row, pin)))
        throw new ApiError(409, 'Someone in this store already has that PIN; choose another', [
          { field: 'pin', message: 'is already someone else’s in this store' },
        ]);
  }

  return {
    ofStore,
    /** A new member's row, its PIN checked and hashed: written by `insert`. */
    async draft(
      owner: Owner,
      storeId: string,
      body: z.output<typeof StaffCreateBody>,
      now: number,
    ) {
      await uniquePin(owner, storeId, body.pin);
      const row: StaffRow = {
        id: randomUUID(),
        merchant_id: owner.merchantId,
        environment: owner.environment,
        store_id: storeId,
        name: body.name,
        role: body.role,
        active: body.active ? 1 : 0,
        ...(await pinColumns(body.pin)),
        created_at: now,
        updated_at: now,
      };
      return row;
    },
    insert: (row: StaffRow) => sql.add.run(row).then(() => row),
    /**
     * A member's row as changed, its new PIN checked and hashed: written by `save`. The hashing
     * (tens of milliseconds a PIN) is done before the transaction that writes it.
     */
    async revise(
      owner: Owner,
      storeId: string,
      id: string,
      body: z.output<typeof StaffUpdateBody>,
      now: number,
    ) {
      const row = await owned(owner, storeId, id);
      if (body.pin !== undefined) await uniquePin(owner, storeId, body.pin, id);
      const next: StaffRow = {
        ...row,
        name: body.name ?? row.name,
        role: body.role ?? row.role,
        active: body.active === undefined ? row.active : body.active ? 1 : 0,
        ...(body.pin !== undefined ? await pinColumns(body.pin) : {}),
        updated_at: now,
      };
      return next;
    },
    save: (row: StaffRow) => sql.update.run(row).then(() => row),
    async remove(owner: Owner, storeId: string, id: string) {
      const row = await owned(owner, storeId, id);
      await sql.remove.run(id);
      return row;
    },
    /** What a kiosk of the store is pushed: its active staff, each with their PIN's hash. */
    async pushOf(owner: Owner, storeId: string, terminalId: string) {
      const staff = (await ofStore(owner, storeId)).filter((r) => r.active === 1);
      return {
        terminalId,
        storeId,
        staff: staff.map((r) => ({
          id: r.id,
          name: r.name,
          role: r.role,
          pinHash: {
            salt: r.pin_salt,
            hash: r.pin_hash,
            N: r.cost_n,
            r: r.block_r,
            p: r.parallel_p,
          },
        })),
      } satisfies TerminalStaffPush;
    },
    /**
     * Who took a payment or refund at a terminal of `storeId`, as recorded: a member of the
     * service's staff is recorded as the service knows them, and only from their own store's
     * kiosks; any other id is someone the kiosk alone knows, recorded as it names them.
     */
    async takenBy(
      owner: Owner,
      storeId: string | null,
      given: z.output<typeof StaffTakenBy>,
    ): Promise<StaffRecord> {
      const row = await sql.one.get(given.id);
      if (!row) return { id: given.id, name: given.name, role: given.role };
      const ours = row.merchant_id === owner.merchantId && row.environment === owner.environment;
      if (!ours || (storeId !== null && row.store_id !== storeId) || row.active !== 1)
        throw badField('staff.id', 'is not a member of this terminal’s store');
      return { id: row.id, name: row.name, role: row.role };
    },
  };
}
export type StaffBook = ReturnType<typeof createStaffBook>;
