/** Customers: the record, create, update, search and list (docs/customers.md). */
import { z } from 'zod';
import {
  CustomerType,
  Metadata,
  MetadataKey,
  PageQuery,
  Timestamp,
  Uuid,
  nonBlank,
  safeText,
  offsetPage,
} from './common';

const customerFields = {
  fullName: nonBlank(2, 30),
  email: z.email('must be a valid email address'),
  type: CustomerType,
  phoneCountryCode: z.string().regex(/^\d{1,5}$/, 'must be 1-5 digits'),
  phoneNumber: z.string().regex(/^\d{1,15}$/, 'must be 1-15 digits, without the country code'),
  address: safeText().max(100, 'must be at most 100 characters'),
  city: safeText().max(30, 'must be at most 30 characters'),
  postcode: z
    .string()
    .regex(/^[A-Za-z0-9 ]{4,8}$/, 'must be 4-8 characters of letters, numbers and spaces'),
  vatNumber: z.string().regex(/^(GB)?\d{9}$/, 'must be 9 digits, optionally prefixed GB'),
  metadata: Metadata,
};

export const CustomerCreate = z
  .object({
    ...customerFields,
    email: customerFields.email.optional(),
    type: customerFields.type.default('INDIVIDUAL'),
    phoneCountryCode: customerFields.phoneCountryCode.optional(),
    phoneNumber: customerFields.phoneNumber.optional(),
    address: customerFields.address.optional(),
    city: customerFields.city.optional(),
    postcode: customerFields.postcode.optional(),
    vatNumber: customerFields.vatNumber.optional(),
    metadata: customerFields.metadata.optional(),
  })
  .refine((c) => c.email !== undefined || c.phoneNumber !== undefined, {
    message: 'email or phoneNumber is required',
    path: ['email'],
  });
export type CustomerCreate = z.infer<typeof CustomerCreate>;

/** Same fields and rules as create, every one optional; only supplied fields change. */
export const CustomerUpdate = z.object(customerFields).partial();
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

export const Customer = z.object({
  id: Uuid,
  fullName: z.string(),
  email: z.string().optional(),
  type: CustomerType,
  phoneCountryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  postcode: z.string().optional(),
  vatNumber: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
  createdAt: Timestamp,
});
export type Customer = z.infer<typeof Customer>;

export const CustomerPage = offsetPage(Customer);
export type CustomerPage = z.infer<typeof CustomerPage>;

/**
 * GET /api/customers query. `metadata[key]=value` pairs arrive as a deepObject and are collected
 * by `collectMetadataFilter`; a key given twice is a 400.
 */
export const CustomerListQuery = PageQuery.extend({
  search: safeText().max(100).optional(),
  metadata: z.record(MetadataKey, z.string()).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const CustomerIdParams = z.object({ customerId: Uuid });

/**
 * Reads `metadata[key]=value` entries out of a raw query multimap (name → every value given).
 * Returns the filter, or the key given more than once.
 */
export function collectMetadataFilter(
  query: Record<string, string[]>,
): { filter: Record<string, string> } | { duplicateKey: string } {
  const filter: Record<string, string> = {};
  for (const [name, values] of Object.entries(query)) {
    const match = /^metadata\[(.*)\]$/.exec(name);
    if (!match) continue;
    const key = match[1] ?? '';
    if (values.length > 1) return { duplicateKey: key };
    filter[key] = values[0] ?? '';
  }
  return { filter };
}

/**
 * Extension: a terminal looks one customer up by exact email or exact phone number (never a
 * fragment, never a list), so a stolen kiosk cannot page through customers.
 */
export const TerminalLookupQuery = z
  .object({
    email: z.email('must be a whole email address').optional(),
    phone: z
      .string()
      .transform((s) => s.replace(/[\s()-]/g, ''))
      .pipe(z.string().regex(/^\+?\d{4,20}$/, 'must be a whole phone number'))
      .optional(),
  })
  .refine((q) => (q.email === undefined) !== (q.phone === undefined), {
    message: 'give exactly one of email or phone',
    path: ['email'],
  });
export type TerminalLookupQuery = z.infer<typeof TerminalLookupQuery>;

/** What a terminal sees of the customer it looked up: contact and masked cards, nothing else. */
export const TerminalCustomer = z.object({
  id: Uuid,
  fullName: z.string(),
  email: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
});

/** Extension: the merchant's log of terminal customer lookups. */
export const TerminalLookupRecord = z.object({
  id: Uuid,
  terminalId: Uuid,
  by: z.enum(['email', 'phone']),
  query: z.string(),
  found: z.boolean(),
  customerId: Uuid.optional(),
  createdAt: Timestamp,
});
export const TerminalLookupPage = offsetPage(TerminalLookupRecord);
