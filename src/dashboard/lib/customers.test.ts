import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../shared/contract/call';
import type { Customer } from '../../shared/contract/customers';
import {
  cancelProblems,
  changedFields,
  createBody,
  duplicateKeys,
  formOf,
  listViewFromQuery,
  metadataPatch,
  metadataText,
  parseMetadataFilter,
  problemsOf,
  queryOfListView,
} from './customers';

const ada: Customer = {
  id: '8b0c7f6e-4b1a-4a57-9a44-6f1d3c2b1a00',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  type: 'INDIVIDUAL',
  city: 'London',
  metadata: { tier: 'gold' },
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('customer edits send only what changed', () => {
  it('sends the changed fields and nothing else', () => {
    const form = { ...formOf(ada), city: 'Leeds', phoneNumber: '7700900123' };
    expect(changedFields(ada, form)).toEqual({
      body: { city: 'Leeds', phoneNumber: '7700900123' },
      problems: { fields: {}, message: '' },
    });
    expect(changedFields(ada, formOf(ada)).body).toEqual({});
    expect(changedFields(ada, { ...formOf(ada), type: 'BUSINESS' }).body).toEqual({
      type: 'BUSINESS',
    });
  });

  it('refuses emptying a field, next to that field, since the interface cannot clear one', () => {
    const { body, problems } = changedFields(ada, { ...formOf(ada), city: '  ' });
    expect(body).toEqual({});
    expect(problems.fields.city).toMatch(/cannot be emptied/i);
  });

  it('creates with blank optional fields left out', () => {
    const form = { ...formOf(ada), email: ' ada@example.com ', city: '' };
    expect(createBody(form, [{ key: 'tier', value: 'gold' }])).toEqual({
      fullName: 'Ada Lovelace',
      type: 'INDIVIDUAL',
      email: 'ada@example.com',
      metadata: { tier: 'gold' },
    });
  });
});

describe('metadata', () => {
  it('reads on one line as the filter takes it, and is empty when there is none', () => {
    expect(metadataText({ tier: 'gold', 7: 'x' })).toBe('7=x, tier=gold');
    expect(metadataText({})).toBe('');
  });

  it('turns the table into the merge patch: added, overwritten, removed as ""', () => {
    const before = { tier: 'gold', room: '12', keep: 'x' };
    const rows = [
      { key: 'tier', value: 'platinum' },
      { key: 'keep', value: 'x' },
      { key: '7', value: 'seven' },
      { key: ' ', value: 'ignored' },
    ];
    expect(metadataPatch(before, rows)).toEqual({ tier: 'platinum', 7: 'seven', room: '' });
    expect(
      metadataPatch(
        before,
        [...Object.entries(before)].map(([key, value]) => ({ key, value })),
      ),
    ).toEqual({});
  });

  it('finds a key typed twice', () => {
    expect(
      duplicateKeys([
        { key: 'a', value: '1' },
        { key: 'b', value: '' },
        { key: 'a ', value: '2' },
      ]),
    ).toEqual(['a']);
    expect(duplicateKeys([{ key: 'a', value: '1' }])).toEqual([]);
  });

  it('reads the list filter; the same key twice is refused in the service’s words', () => {
    expect(parseMetadataFilter('tier=gold, 7 = x')).toEqual({
      ok: true,
      filter: { tier: 'gold', 7: 'x' },
    });
    expect(parseMetadataFilter('')).toEqual({ ok: true, filter: {} });
    expect(parseMetadataFilter('tier=gold,tier=silver')).toEqual({
      ok: false,
      error: 'metadata[tier] is given more than once; give each metadata key once.',
    });
    expect(parseMetadataFilter('gold')).toMatchObject({ ok: false });
  });
});

describe('errors by field', () => {
  it('puts each field error of the envelope next to its field', () => {
    const error = new ApiClientError(
      400,
      {
        name: 'BAD_REQUEST',
        message: 'x',
        status: 400,
        errors: [
          { field: 'phoneNumber', message: 'must be 1-15 digits' },
          { field: 'metadata.a[b', message: 'must not contain [ or ]' },
          { field: 'query.search', message: 'too long' },
        ],
      },
      'x',
    );
    expect(problemsOf(error, ['phoneNumber', 'metadata', 'search'])).toEqual({
      fields: {
        phoneNumber: 'Must be 1-15 digits.',
        metadata: 'Must not contain [ or ].',
        search: 'Too long.',
      },
      message: 'Check the fields marked below.',
    });
  });

  it('keeps the 409 message and puts what names no known field in the summary', () => {
    const conflict = new ApiClientError(
      409,
      {
        name: 'CONFLICT',
        message: 'A customer with this email already exists',
        status: 409,
        errors: [{ field: 'email', message: 'is already used by another customer' }],
      },
      'A customer with this email already exists',
    );
    expect(problemsOf(conflict, ['email'])).toEqual({
      fields: { email: 'Is already used by another customer.' },
      message: 'A customer with this email already exists.',
    });
    const other = new ApiClientError(
      400,
      {
        name: 'BAD_REQUEST',
        message: 'm',
        status: 400,
        errors: [{ field: 'storeId', message: 'bad' }],
      },
      'm',
    );
    expect(problemsOf(other, ['amount']).message).toContain('storeId: bad');
    const unreachable = new ApiClientError(0, null, 'down');
    expect(problemsOf(unreachable).message).toMatch(/Could not reach the payments service/);
  });

  it('checks a cancel with the contract’s rule before asking to confirm', () => {
    expect(cancelProblems('Other', ' ').fields.cancelledReasonDescription).toMatch(/required/);
    expect(cancelProblems('Other', 'Guest left')).toEqual({ fields: {}, message: '' });
    expect(cancelProblems('', '')).toEqual({ fields: {}, message: '' });
  });
});

describe('the list view in the address', () => {
  it('round-trips search, filter and page, leaving defaults out', () => {
    const view = listViewFromQuery('search=hop&meta=tier%3Dgold&page=3');
    expect(view).toEqual({ search: 'hop', meta: 'tier=gold', pageNumber: 2 });
    expect(queryOfListView(view)).toEqual({ search: 'hop', meta: 'tier=gold', page: '3' });
    expect(queryOfListView(listViewFromQuery('page=-4'))).toEqual({
      search: undefined,
      meta: undefined,
      page: undefined,
    });
  });
});
