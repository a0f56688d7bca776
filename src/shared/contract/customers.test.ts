import { describe, it, expect } from 'vitest';
import {
  Customer,
  CustomerCreate,
  CustomerIdParams,
  CustomerListQuery,
  CustomerPage,
  CustomerUpdate,
  collectMetadataFilter,
} from './customers';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const CUSTOMER_ID = '7c1e4b52-0d9a-4f3e-8b6a-2e5f9c3d1a70';

const create = {
  fullName: 'Jane Smith',
  email: 'jane.smith@example.co.uk',
  type: 'INDIVIDUAL',
  phoneCountryCode: '44',
  phoneNumber: '7700900123',
  address: '221B Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  metadata: { loyaltyId: 'LC-99812' },
};
const business = {
  fullName: 'Acme Widgets Ltd',
  email: 'accounts@acme-widgets.co.uk',
  type: 'BUSINESS',
  vatNumber: 'GB123456789',
};

describe('CustomerCreate', () => {
  it('accepts a full individual and a business customer', () => {
    expect(parse(CustomerCreate, create)).toEqual(create);
    expect(parse(CustomerCreate, business)).toEqual(business);
  });

  it('defaults type to INDIVIDUAL', () => {
    expect(parse(CustomerCreate, { fullName: 'Jane Smith', email: 'jane@example.com' }).type).toBe(
      'INDIVIDUAL',
    );
  });

  it('requires email or phone number, and either one alone is enough', () => {
    const found = issues(CustomerCreate, { fullName: 'Jane Smith' });
    expect(found.map((i) => i.path)).toEqual([['email']]);
    expect(found[0]?.message).toBe('email or phoneNumber is required');
    expect(paths(CustomerCreate, { fullName: 'Jane Smith', phoneCountryCode: '44' })).toEqual([
      ['email'],
    ]);
    expect(
      parse(CustomerCreate, { fullName: 'Jane Smith', email: 'jane@example.com' }),
    ).toBeTruthy();
    expect(
      parse(CustomerCreate, { fullName: 'Jane Smith', phoneNumber: '7700900123' }),
    ).toBeTruthy();
  });

  describe('fullName: required, 2-30 characters, not blank', () => {
    it('accepts 2 and 30 characters and trims', () => {
      expect(parse(CustomerCreate, { ...create, fullName: 'Al' }).fullName).toBe('Al');
      expect(parse(CustomerCreate, { ...create, fullName: 'x'.repeat(30) }).fullName).toHaveLength(
        30,
      );
      expect(parse(CustomerCreate, { ...create, fullName: '  Jane  ' }).fullName).toBe('Jane');
    });
    it('rejects 1 character', () => {
      expect(paths(CustomerCreate, { ...create, fullName: 'J' })).toEqual([['fullName']]);
    });
    it('rejects 31 characters', () => {
      expect(paths(CustomerCreate, { ...create, fullName: 'x'.repeat(31) })).toEqual([
        ['fullName'],
      ]);
    });
    it('rejects a blank name', () => {
      expect(paths(CustomerCreate, { ...create, fullName: '   ' })).toEqual([['fullName']]);
    });
    it('rejects a missing name', () => {
      const { fullName: _omit, ...rest } = create;
      expect(paths(CustomerCreate, rest)).toEqual([['fullName']]);
    });
  });

  it('rejects a malformed email', () => {
    expect(paths(CustomerCreate, { ...create, email: 'jane.smith@' })).toEqual([['email']]);
  });

  it('rejects an unknown type', () => {
    expect(paths(CustomerCreate, { ...create, type: 'PERSON' })).toEqual([['type']]);
  });

  describe('phoneCountryCode: digits only, max 5', () => {
    it('accepts 1-5 digits', () => {
      expect(parse(CustomerCreate, { ...create, phoneCountryCode: '1' })).toBeTruthy();
      expect(parse(CustomerCreate, { ...create, phoneCountryCode: '12345' })).toBeTruthy();
    });
    it('rejects a letter', () => {
      expect(paths(CustomerCreate, { ...create, phoneCountryCode: '4a' })).toEqual([
        ['phoneCountryCode'],
      ]);
    });
    it('rejects a plus sign and 6 digits', () => {
      expect(paths(CustomerCreate, { ...create, phoneCountryCode: '+44' })).toEqual([
        ['phoneCountryCode'],
      ]);
      expect(paths(CustomerCreate, { ...create, phoneCountryCode: '123456' })).toEqual([
        ['phoneCountryCode'],
      ]);
    });
  });

  describe('phoneNumber: digits only, max 15', () => {
    it('accepts 15 digits', () => {
      expect(parse(CustomerCreate, { ...create, phoneNumber: '1'.repeat(15) })).toBeTruthy();
    });
    it('rejects 16 digits, spaces and dashes', () => {
      for (const bad of ['1'.repeat(16), '07700 900123', '07700-900123'])
        expect(paths(CustomerCreate, { ...create, phoneNumber: bad })).toEqual([['phoneNumber']]);
    });
  });

  it('accepts an address of 100 characters and rejects 101', () => {
    expect(parse(CustomerCreate, { ...create, address: 'a'.repeat(100) })).toBeTruthy();
    expect(paths(CustomerCreate, { ...create, address: 'a'.repeat(101) })).toEqual([['address']]);
  });

  it('accepts a city of 30 characters and rejects 31', () => {
    expect(parse(CustomerCreate, { ...create, city: 'c'.repeat(30) })).toBeTruthy();
    expect(paths(CustomerCreate, { ...create, city: 'c'.repeat(31) })).toEqual([['city']]);
  });

  describe('postcode: 4-8 letters, numbers and spaces', () => {
    it('accepts UK postcodes with and without the space', () => {
      for (const ok of ['SW1A 1AA', 'EC1A1BB', 'M1 1AE', 'NW16'])
        expect(parse(CustomerCreate, { ...create, postcode: ok }).postcode).toBe(ok);
    });
    it('rejects punctuation', () => {
      expect(paths(CustomerCreate, { ...create, postcode: 'SW1A-1AA' })).toEqual([['postcode']]);
      expect(paths(CustomerCreate, { ...create, postcode: 'M1.1AE' })).toEqual([['postcode']]);
    });
    it('rejects 3 and 9 characters', () => {
      expect(paths(CustomerCreate, { ...create, postcode: 'M11' })).toEqual([['postcode']]);
      expect(paths(CustomerCreate, { ...create, postcode: 'SW1A  1AA' })).toEqual([['postcode']]);
    });
  });

  describe('vatNumber: 9 digits, optionally prefixed GB', () => {
    it('accepts GB + 9 digits and 9 digits', () => {
      expect(parse(CustomerCreate, { ...business, vatNumber: 'GB123456789' }).vatNumber).toBe(
        'GB123456789',
      );
      expect(parse(CustomerCreate, { ...business, vatNumber: '123456789' }).vatNumber).toBe(
        '123456789',
      );
    });
    it('rejects GB + 8 digits', () => {
      expect(paths(CustomerCreate, { ...business, vatNumber: 'GB12345678' })).toEqual([
        ['vatNumber'],
      ]);
    });
    it('rejects 8 and 10 digits and another prefix', () => {
      for (const bad of ['12345678', '1234567890', 'FR123456789', 'GB 123456789'])
        expect(paths(CustomerCreate, { ...business, vatNumber: bad })).toEqual([['vatNumber']]);
    });
  });

  it('applies the metadata rules', () => {
    expect(paths(CustomerCreate, { ...create, metadata: { 'tier[1]': 'gold' } })).toEqual([
      ['metadata', 'tier[1]'],
    ]);
    expect(paths(CustomerCreate, { ...create, metadata: { note: 'x'.repeat(501) } })).toEqual([
      ['metadata', 'note'],
    ]);
  });
});

describe('CustomerUpdate', () => {
  it('accepts an empty body and any subset of fields', () => {
    expect(parse(CustomerUpdate, {})).toEqual({});
    expect(parse(CustomerUpdate, { city: 'Leeds' })).toEqual({ city: 'Leeds' });
    expect(parse(CustomerUpdate, { vatNumber: 'GB123456789', type: 'BUSINESS' })).toBeTruthy();
  });

  it('does not default type, so an update never changes it unasked', () => {
    expect(parse(CustomerUpdate, { city: 'Leeds' }).type).toBeUndefined();
  });

  it('applies the same validation as create', () => {
    expect(paths(CustomerUpdate, { fullName: 'J' })).toEqual([['fullName']]);
    expect(paths(CustomerUpdate, { fullName: '   ' })).toEqual([['fullName']]);
    expect(paths(CustomerUpdate, { fullName: 'x'.repeat(31) })).toEqual([['fullName']]);
    expect(paths(CustomerUpdate, { email: 'nope' })).toEqual([['email']]);
    expect(paths(CustomerUpdate, { phoneCountryCode: '4a' })).toEqual([['phoneCountryCode']]);
    expect(paths(CustomerUpdate, { phoneNumber: '1'.repeat(16) })).toEqual([['phoneNumber']]);
    expect(paths(CustomerUpdate, { address: 'a'.repeat(101) })).toEqual([['address']]);
    expect(paths(CustomerUpdate, { city: 'c'.repeat(31) })).toEqual([['city']]);
    expect(paths(CustomerUpdate, { postcode: 'NW1!6XE' })).toEqual([['postcode']]);
    expect(paths(CustomerUpdate, { vatNumber: 'GB12345678' })).toEqual([['vatNumber']]);
    expect(paths(CustomerUpdate, { type: 'PERSON' })).toEqual([['type']]);
    expect(paths(CustomerUpdate, { metadata: { ['k'.repeat(41)]: 'v' } })).toEqual([
      ['metadata', 'k'.repeat(41)],
    ]);
  });
});

describe('Customer', () => {
  // The customer `create` made, as the service answers it.
  const customer = { id: CUSTOMER_ID, ...create, createdAt: '2026-03-14T09:30:00.000Z' };

  it('accepts a customer as get and list return it', () => {
    expect(parse(Customer, customer)).toEqual(customer);
    expect(
      parse(Customer, { ...customer, type: 'BUSINESS', vatNumber: 'GB123456789' }),
    ).toBeTruthy();
  });

  it('rejects a non-UUID id, an unknown type, a bad timestamp and missing metadata', () => {
    expect(paths(Customer, { ...customer, id: 'CUST-1042' })).toEqual([['id']]);
    expect(paths(Customer, { ...customer, type: 'PERSON' })).toEqual([['type']]);
    expect(paths(Customer, { ...customer, createdAt: '14/03/2026' })).toEqual([['createdAt']]);
    const { metadata: _omit, ...rest } = customer;
    expect(paths(Customer, rest)).toEqual([['metadata']]);
  });

  it('CustomerPage wraps customers in the offset envelope', () => {
    const page = { data: [customer], totalCount: 1, page: 0, size: 20 };
    expect(parse(CustomerPage, page)).toEqual(page);
    expect(paths(CustomerPage, { ...page, data: [{ ...customer, id: 'x' }] })).toEqual([
      ['data', 0, 'id'],
    ]);
    expect(paths(CustomerPage, { data: [], page: 0, size: 20 })).toEqual([['totalCount']]);
  });
});

describe('CustomerIdParams', () => {
  it('requires a UUID', () => {
    expect(parse(CustomerIdParams, { customerId: CUSTOMER_ID })).toEqual({
      customerId: CUSTOMER_ID,
    });
    expect(paths(CustomerIdParams, { customerId: 'not-a-uuid' })).toEqual([['customerId']]);
  });
});

describe('CustomerListQuery', () => {
  it('defaults page and size and coerces them from the query string', () => {
    expect(parse(CustomerListQuery, {})).toEqual({ page: 0, size: 20 });
    expect(parse(CustomerListQuery, { page: '2', size: '50', search: 'smith' })).toEqual({
      page: 2,
      size: 50,
      search: 'smith',
    });
  });

  it('rejects a negative page and text pages', () => {
    expect(paths(CustomerListQuery, { page: '-1' })).toEqual([['page']]);
    expect(paths(CustomerListQuery, { page: 'abc' })).toEqual([['page']]);
  });

  it('accepts a metadata filter, including digit-only keys', () => {
    expect(parse(CustomerListQuery, { metadata: { tier: 'gold', '123': 'x' } }).metadata).toEqual({
      tier: 'gold',
      '123': 'x',
    });
  });

  it('rejects a metadata filter key with brackets or of 41 characters', () => {
    expect(paths(CustomerListQuery, { metadata: { 'a][b': 'x' } })).toEqual([['metadata', 'a][b']]);
    expect(paths(CustomerListQuery, { metadata: { ['k'.repeat(41)]: 'x' } })).toEqual([
      ['metadata', 'k'.repeat(41)],
    ]);
  });

  it('rejects a search over 100 characters', () => {
    expect(paths(CustomerListQuery, { search: 's'.repeat(101) })).toEqual([['search']]);
  });
});

describe('collectMetadataFilter', () => {
  it('collects metadata[key]=value pairs and ignores other parameters', () => {
    expect(
      collectMetadataFilter({
        'metadata[tier]': ['gold'],
        'metadata[region]': ['north'],
        page: ['0'],
        search: ['smith'],
      }),
    ).toEqual({ filter: { tier: 'gold', region: 'north' } });
  });

  it('returns an empty filter when no metadata parameter is given', () => {
    expect(collectMetadataFilter({ page: ['1'] })).toEqual({ filter: {} });
  });

  it('accepts digit-only keys', () => {
    const result = collectMetadataFilter({ 'metadata[123]': ['x'], 'metadata[0]': ['y'] });
    expect(result).toEqual({ filter: { '123': 'x', '0': 'y' } });
    if (!('filter' in result)) throw new Error('expected a filter');
    expect(parse(CustomerListQuery, { metadata: result.filter }).metadata).toEqual({
      '123': 'x',
      '0': 'y',
    });
  });

  it('detects the same key given with more than one value', () => {
    expect(
      collectMetadataFilter({
        'metadata[tier]': ['gold', 'silver'],
        'metadata[region]': ['north'],
      }),
    ).toEqual({ duplicateKey: 'tier' });
  });

  it('keeps an empty value as an exact-match filter', () => {
    expect(collectMetadataFilter({ 'metadata[tier]': [''] })).toEqual({ filter: { tier: '' } });
  });

  it('hands a nested key to the schema, which rejects its brackets', () => {
    const result = collectMetadataFilter({ 'metadata[a][b]': ['x'] });
    expect(result).toEqual({ filter: { 'a][b': 'x' } });
    if (!('filter' in result)) throw new Error('expected a filter');
    expect(paths(CustomerListQuery, { metadata: result.filter })).toEqual([['metadata', 'a][b']]);
  });
});
