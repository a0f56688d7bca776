/**
 * Customer records: rows, their wire shape, search and metadata filters. Every
 * read and write is scoped to one merchant and one environment, so sandbox and production
 * customers never meet.
 */
import type { z } from 'zod';
import type { Customer, CustomerCreate, CustomerUpdate } from '../../shared/contract/customers';
import { MAX_METADATA_PAIRS } from '../../shared/contract/common';
import type { Clock } from '../kernel/clock';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { ApiError, badField, notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { customerStatements } from './repo/customers';
import { newId } from '../kernel/ids';

export interface Scope {
  merchantId: string;
  environment: Environment;
}

export interface CustomerRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  full_name: string;
  email: string | null;
  type: 'INDIVIDUAL' | 'BUSINESS';
  phone_country_code: string | null;
  phone_number: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  vat_number: string | null;
  metadata: string;
  created_at: number;
}

export const NO_CUSTOMER = 'No customer with this id';

export function customerRecord(row: CustomerRow): z.input<typeof Customer> {
  const field = (name: string, value: string | null) => (value === null ? {} : { [name]: value });
  return {
    id: row.id,
    fullName: row.full_name,
    ...field('email', row.email),
    type: row.type,
    ...field('phoneCountryCode', row.phone_country_code),
    ...field('phoneNumber', row.phone_number),
    ...field('address', row.address),
    ...field('city', row.city),
    ...field('postcode', row.postcode),
    ...field('vatNumber', row.vat_number),
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    createdAt: iso(row.created_at),
  };
}

/**
 * Merges a metadata patch the way card metadata merges: a key is added or
 * overwritten, an empty string removes it, other keys stay. The result keeps the 50-pair limit.
 */
export function mergeMetadata(
  current: Record<string, string>,
  patch: Record<string, string>,
): Record<string, string> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > MAX_METADATA_PAIRS)
    throw badField('metadata', `at most ${MAX_METADATA_PAIRS} metadata pairs (after merging)`);
  return next;
}

export type { ListInput } from './repo/customers';

export function createCustomerStore(store: Store, clock: Clock) {
  const { byId, byEmail, insert, update, clearPairs, insertPair, list } = customerStatements(store);

  async function writePairs(row: CustomerRow, metadata: Record<string, string>) {
    await clearPairs.run(row.id);
    for (const [key, value] of Object.entries(metadata))
      await insertPair.run(row.id, row.merchant_id, row.environment, key, value, row.created_at);
  }

  async function conflictIfTaken(scope: Scope, email: string | null, exceptId?: string) {
    if (email === null) return;
    const other = await byEmail.get(scope.merchantId, scope.environment, email);
    if (other && other.id !== exceptId)
      throw new ApiError(409, 'A customer with this email already exists', [
        { field: 'email', message: 'is already used by another customer' },
      ]);
  }

  async function get(scope: Scope, id: string): Promise<CustomerRow> {
    const row = await byId.get(id, scope.merchantId, scope.environment);
    if (!row) throw notFound(NO_CUSTOMER);
    return row;
  }

  async function create(scope: Scope, body: CustomerCreate): Promise<CustomerRow> {
    return await store.tx(async () => {
      const email = body.email ?? null;
      await conflictIfTaken(scope, email);
      const metadata = mergeMetadata({}, body.metadata ?? {});
      const row: CustomerRow = {
        id: newId(),
        merchant_id: scope.merchantId,
        environment: scope.environment,
        full_name: body.fullName,
        email,
        type: body.type,
        phone_country_code: body.phoneCountryCode ?? null,
        phone_number: body.phoneNumber ?? null,
        address: body.address ?? null,
        city: body.city ?? null,
        postcode: body.postcode ?? null,
        vat_number: body.vatNumber ?? null,
        metadata: JSON.stringify(metadata),
        created_at: clock.now(scope.environment, scope.merchantId),
      };
      await insert.run(row);
      await writePairs(row, metadata);
      return row;
    });
  }

  /** Only the fields present in `body` change; metadata is merged, not replaced. */
  async function change(scope: Scope, id: string, body: CustomerUpdate): Promise<CustomerRow> {
    return await store.tx(async () => {
      const row = await get(scope, id);
      const next: CustomerRow = {
        ...row,
        full_name: body.fullName ?? row.full_name,
        email: body.email ?? row.email,
        type: body.type ?? row.type,
        phone_country_code: body.phoneCountryCode ?? row.phone_country_code,
        phone_number: body.phoneNumber ?? row.phone_number,
        address: body.address ?? row.address,
        city: body.city ?? row.city,
        postcode: body.postcode ?? row.postcode,
        vat_number: body.vatNumber ?? row.vat_number,
      };
      if (body.email !== undefined) await conflictIfTaken(scope, next.email, row.id);
      if (body.metadata !== undefined) {
        const metadata = mergeMetadata(JSON.parse(row.metadata), body.metadata);
        next.metadata = JSON.stringify(metadata);
        await writePairs(next, metadata);
      }
      await update.run(next);
      return next;
    });
  }

  return {
    get,
    create,
    change,
    list,
    findByEmail: async (scope: Scope, email: string) =>
      await byEmail.get(scope.merchantId, scope.environment, email),
  };
}
export type CustomerStore = ReturnType<typeof createCustomerStore>;
