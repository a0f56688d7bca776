/**
 * The Customers area's pure logic: what an edit sends (only the fields that changed), how a
 * metadata table becomes the service's merge patch (an empty string removes a key), the list's
 * view in the address, the metadata filter typed as text, and a failed call turned into
 * messages next to the fields they are about.
 */
import type { z } from 'zod';
import { ApiClientError } from '../../shared/contract/call';
import type { Customer, CustomerCreate, CustomerUpdate } from '../../shared/contract/customers';
import { CardCancelBody, type SavedCard } from '../../shared/contract/cards';
import { fieldErrors } from '../../shared/contract/errors';
import type { PaymentStatusRecord } from '../../shared/contract/payments';
import { failureMessage } from './api';
import { pageNumberFromQuery, pageQuery } from './paging';

/** The editable text fields of a customer, in form order, with their labels. */
export const CUSTOMER_FIELDS = [
  ['fullName', 'Full name'],
  ['email', 'Email'],
  ['phoneCountryCode', 'Phone country code'],
  ['phoneNumber', 'Phone number'],
  ['address', 'Address'],
  ['city', 'City'],
  ['postcode', 'Postcode'],
  ['vatNumber', 'VAT number'],
] as const;
export type TextField = (typeof CUSTOMER_FIELDS)[number][0];

export type CustomerForm = Record<TextField, string> & { type: Customer['type'] };

export const emptyForm = (): CustomerForm => ({
  fullName: '',
  email: '',
  phoneCountryCode: '',
  phoneNumber: '',
  address: '',
  city: '',
  postcode: '',
  vatNumber: '',
  type: 'INDIVIDUAL',
});

export function formOf(customer: Customer): CustomerForm {
  const form = emptyForm();
  for (const [field] of CUSTOMER_FIELDS) form[field] = customer[field] ?? '';
  form.type = customer.type;
  return form;
}

/** Field → message, plus a summary for what is about no one field. */
export interface Problems {
  fields: Record<string, string>;
  message: string;
}

export const NO_PROBLEMS: Problems = { fields: {}, message: '' };

/**
 * A failed call as messages by field: the service's envelope names each field (body fields
 * bare, query ones prefixed "query."); whatever names no known field goes in the summary.
 */
export function problemsOf(error: unknown, known: readonly string[] = []): Problems {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  const errors = error instanceof ApiClientError ? error.envelope?.errors : undefined;
  if (Array.isArray(errors) && errors.length > 0) {
    for (const e of errors) {
      const field = e.field.replace(/^(query|body|params)\./, '');
      const top = field.split(/[.[]/)[0] ?? field;
      const name = known.includes(field) ? field : known.includes(top) ? top : '';
      if (name && !fields[name]) fields[name] = sentence(e.message);
      else rest.push(`${field}: ${e.message}`);
    }
    const message =
      Object.keys(fields).length > 0 && rest.length === 0
        ? fixIntro(error)
        : `${fixIntro(error)} ${rest.join('; ')}`.trim();
    return { fields, message };
  }
  return { fields, message: failureMessage(error) };
}

function fixIntro(error: unknown): string {
  if (error instanceof ApiClientError && error.status === 409) return error.message + '.';
  return 'Check the fields marked below.';
}

/** "must be 1-15 digits" → "Must be 1-15 digits." */
export function sentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** The body of a create: blank optional fields left out. */
export function createBody(
  form: CustomerForm,
  metadata: MetadataRow[],
): z.input<typeof CustomerCreate> {
  const body: Record<string, unknown> = { fullName: form.fullName.trim(), type: form.type };
  for (const [field] of CUSTOMER_FIELDS) {
    const value = form[field].trim();
    if (field !== 'fullName' && value) body[field] = value;
  }
  const pairs = metadataPatch({}, metadata);
  if (Object.keys(pairs).length) body.metadata = pairs;
  return body as z.input<typeof CustomerCreate>;
}

/**
 * What an edit sends: only the fields whose value changed. The interface cannot clear a field
 * (only supplied fields change, and an empty value breaks its rule), so emptying one is refused
 * here, next to the field, instead of sending something the service would reject.
 */
export function changedFields(
  customer: Customer,
  form: CustomerForm,
): { body: CustomerUpdate; problems: Problems } {
  const body: CustomerUpdate = {};
  const fields: Record<string, string> = {};
  for (const [field] of CUSTOMER_FIELDS) {
    const before = customer[field] ?? '';
    const after = form[field].trim();
    if (after === before) continue;
    if (after === '') fields[field] = 'Cannot be emptied: the service keeps the current value.';
    else body[field] = after;
  }
  if (form.type !== customer.type) body.type = form.type;
  const problems = Object.keys(fields).length
    ? { fields, message: 'Check the fields marked below.' }
    : NO_PROBLEMS;
  return { body, problems };
}

export interface MetadataRow {
  key: string;
  value: string;
}

export const rowsOf = (metadata: Record<string, string>): MetadataRow[] =>
  Object.entries(metadata).map(([key, value]) => ({ key, value }));

/** Metadata on one line, as the filter takes it: "tier=gold, 7=x" ("" when there is none). */
export const metadataText = (metadata: Record<string, string>): string =>
  Object.entries(metadata)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');

/**
 * The merge patch that turns `before` into the table's pairs: new or changed keys with their
 * value, removed keys with "" (the service's way to remove one), unchanged keys left out.
 * A row with an empty key is ignored; an emptied value removes the key.
 */
export function metadataPatch(
  before: Record<string, string>,
  rows: readonly MetadataRow[],
): Record<string, string> {
  const after = new Map<string, string>();
  for (const row of rows) if (row.key.trim()) after.set(row.key.trim(), row.value);
  const patch: Record<string, string> = {};
  for (const [key, value] of after) if (before[key] !== value) patch[key] = value;
  for (const key of Object.keys(before)) if (!after.has(key)) patch[key] = '';
  return patch;
}

/** Keys typed twice in one table: the second would silently win, so it is refused. */
export function duplicateKeys(rows: readonly MetadataRow[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return [...twice];
}

/**
 * The list's metadata filter as typed: "tier=gold, 7=x" → {tier: 'gold', 7: 'x'}. A key given
 * twice is refused in the service's words, as GET /api/customers would refuse it.
 */
export function parseMetadataFilter(
  text: string,
): { ok: true; filter: Record<string, string> } | { ok: false; error: string } {
  const filter: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const at = part.indexOf('=');
    if (at <= 0)
      return {
        ok: false,
        error: `Write each filter as key=value, such as tier=gold ("${part.trim()}").`,
      };
    const key = part.slice(0, at).trim();
    if (key in filter)
      return {
        ok: false,
        error: `metadata[${key}] is given more than once; give each metadata key once.`,
      };
    filter[key] = part.slice(at + 1).trim();
  }
  return { ok: true, filter };
}

export interface ListView {
  search: string;
  meta: string;
  pageNumber: number;
}

/** The list's view from the address ("search=hop&meta=tier%3Dgold&page=2", 1-based page). */
export function listViewFromQuery(query: string): ListView {
  const params = new URLSearchParams(query);
  return {
    search: params.get('search') ?? '',
    meta: params.get('meta') ?? '',
    pageNumber: pageNumberFromQuery(query),
  };
}

export function queryOfListView(view: ListView): Record<string, string | undefined> {
  return {
    search: view.search || undefined,
    meta: view.meta || undefined,
    page: pageQuery(view.pageNumber),
  };
}

/** "VISA credit ending 4242, expires 12/2029". The number itself is never known here. */
export function cardLabel(card: SavedCard): string {
  return `${card.brand} ${card.type} ending ${card.lastFourDigits}, expires ${card.expiryDate}`;
}

export const CAPTURE_TYPES = [
  ['AUTO_CAPTURE', 'Take the money now (auto capture)'],
  ['MANUAL_CAPTURE', 'Authorise now, capture later (manual capture)'],
  ['CAPTURE_BEFORE_EXPIRY', 'Authorise; captured by itself before the hold expires'],
] as const;

export const CANCEL_REASONS = ['Duplicate', 'Abandoned', 'Requested by customer', 'Other'] as const;

/** A saved-card charge's capture type, from its card transaction. */
export function captureTypeOf(payment: PaymentStatusRecord): string | undefined {
  return payment.transactions.find((t) => t.cardPaymentDetails)?.cardPaymentDetails?.captureType;
}

/** Only an authorisation still held can be captured or released. */
export const canSettle = (payment: PaymentStatusRecord) => payment.status === 'AUTHORIZED';

/** The cancel form checked with the contract's own rules, before the confirmation is asked. */
export function cancelProblems(reason: string, description: string): Problems {
  const checked = CardCancelBody.safeParse({
    ...(reason ? { cancelledReasonCode: reason } : {}),
    ...(description.trim() ? { cancelledReasonDescription: description.trim() } : {}),
  });
  if (checked.success) return NO_PROBLEMS;
  const fields: Record<string, string> = {};
  for (const e of fieldErrors(checked.error)) fields[e.field] ??= sentence(e.message);
  return { fields, message: '' };
}
