import { describe, it, expect } from 'vitest';
import {
  PairBody,
  PairResponse,
  PairingCode,
  PairingCodeBody,
  PushTokenBody,
  RemotePaymentBody,
  RemotePaymentResponse,
  Store,
  StoreCreateBody,
  StoreUpdateBody,
  Terminal,
  TerminalName,
  TerminalParams,
  TerminalUpdateBody,
  overTerminalLimit,
} from './terminals';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const TERMINAL_ID = '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d';
const STORE_ID = 'b6d0f7a2-3c4e-4a5b-9d8e-1f2a3b4c5d6e';
const PAYMENT_REQUEST_ID = 'e2a1c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d';

const remote = {
  id: TERMINAL_ID,
  amount: 12.5,
  paymentMethod: 'CARD',
  notes: 'Table 7',
  consumerDetails: {
    phoneCountryCode: '+44',
    phoneNumber: '7700900123',
    email: 'jane.smith@example.co.uk',
    firstName: 'Jane',
    lastName: 'Smith',
  },
  metadata: { till: '3' },
};

describe('RemotePaymentBody', () => {
  it('accepts every field, and just id and amount', () => {
    expect(parse(RemotePaymentBody, remote)).toEqual(remote);
    expect(parse(RemotePaymentBody, { id: TERMINAL_ID, amount: 5 })).toEqual({
      id: TERMINAL_ID,
      amount: 5,
    });
  });

  it('accepts any paymentMethod value (anything but the two offers both)', () => {
    for (const paymentMethod of ['PAY_BY_BANK', 'CARD', 'BOTH', 'cash'])
      expect(parse(RemotePaymentBody, { ...remote, paymentMethod }).paymentMethod).toBe(
        paymentMethod,
      );
  });

  it('drops fields the service sets itself', () => {
    const parsed = parse(RemotePaymentBody, { ...remote, orderId: 'ORD-1', expiresIn: 5 });
    expect(parsed).not.toHaveProperty('orderId');
    expect(parsed).not.toHaveProperty('expiresIn');
  });

  it('requires id', () => {
    const { id: _omit, ...rest } = remote;
    const found = issues(RemotePaymentBody, rest);
    expect(found.map((i) => i.path)).toEqual([['id']]);
    expect(found[0]?.message).toBe('is required');
    expect(paths(RemotePaymentBody, { ...remote, id: '' })).toEqual([['id']]);
  });

  it('accepts an amount of 1.23 and rejects 1.234', () => {
    expect(parse(RemotePaymentBody, { ...remote, amount: 1.23 }).amount).toBe(1.23);
    const found = issues(RemotePaymentBody, { ...remote, amount: 1.234 });
    expect(found.map((i) => i.path)).toEqual([['amount']]);
    expect(found[0]?.message).toBe('must have at most 2 decimal places');
  });

  it('rejects a missing, zero or negative amount', () => {
    expect(paths(RemotePaymentBody, { ...remote, amount: undefined })).toEqual([['amount']]);
    expect(paths(RemotePaymentBody, { ...remote, amount: 0 })).toEqual([['amount']]);
    expect(paths(RemotePaymentBody, { ...remote, amount: -2 })).toEqual([['amount']]);
  });

  describe('notes: trimmed, max 30', () => {
    it('accepts 30 characters padded with spaces, and trims them', () => {
      const notes = `  ${'n'.repeat(30)}  `;
      expect(parse(RemotePaymentBody, { ...remote, notes }).notes).toBe('n'.repeat(30));
    });
    it('rejects 31 characters after trimming', () => {
      expect(paths(RemotePaymentBody, { ...remote, notes: ` ${'n'.repeat(31)} ` })).toEqual([
        ['notes'],
      ]);
    });
  });

  describe('consumerDetails phone: validated when both code and number are given', () => {
    it('accepts a code with or without the plus', () => {
      for (const phoneCountryCode of ['+44', '44', '+1', '+1234'])
        expect(
          parse(RemotePaymentBody, {
            ...remote,
            consumerDetails: { phoneCountryCode, phoneNumber: '7700900123' },
          }),
        ).toBeTruthy();
    });

    it('rejects a country code with a letter', () => {
      expect(
        paths(RemotePaymentBody, {
          ...remote,
          consumerDetails: { phoneCountryCode: '+4a', phoneNumber: '7700900123' },
        }),
      ).toEqual([['consumerDetails', 'phoneCountryCode']]);
    });

    it('rejects a number with spaces, too short, or over 15 digits with the code', () => {
      for (const [phoneCountryCode, phoneNumber] of [
        ['+44', '7700 900123'],
        ['+44', '123'],
        ['+4444', '123456789012'], // 16 digits in all
      ])
        expect(
          paths(RemotePaymentBody, {
            ...remote,
            consumerDetails: { phoneCountryCode, phoneNumber },
          }),
        ).toEqual([['consumerDetails', 'phoneNumber']]);
    });

    it('does not check a code or number given alone', () => {
      expect(
        parse(RemotePaymentBody, { ...remote, consumerDetails: { phoneCountryCode: 'UK' } }),
      ).toBeTruthy();
      expect(
        parse(RemotePaymentBody, { ...remote, consumerDetails: { phoneNumber: '07700 900123' } }),
      ).toBeTruthy();
    });

    it('rejects a malformed consumer email', () => {
      expect(paths(RemotePaymentBody, { ...remote, consumerDetails: { email: 'jane@' } })).toEqual([
        ['consumerDetails', 'email'],
      ]);
    });
  });

  it('applies the metadata rules', () => {
    expect(paths(RemotePaymentBody, { ...remote, metadata: { 'x[1]': 'v' } })).toEqual([
      ['metadata', 'x[1]'],
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(paths(RemotePaymentBody, { ...remote, metadata: many })).toEqual([['metadata']]);
  });

  it('RemotePaymentResponse carries a UUID', () => {
    expect(parse(RemotePaymentResponse, { paymentRequestId: PAYMENT_REQUEST_ID })).toBeTruthy();
    expect(paths(RemotePaymentResponse, { paymentRequestId: 'PR-1' })).toEqual([
      ['paymentRequestId'],
    ]);
  });
});

const terminal = {
  id: TERMINAL_ID,
  name: 'Front counter',
  storeId: STORE_ID,
  tokenMissing: false,
  remotePaymentsEnabled: true,
  maxAmount: 10_000,
  lastSeenAt: '2026-03-14T09:29:58.000Z',
  online: true,
  createdAt: '2026-03-01T08:00:00.000Z',
};

describe('Terminal', () => {
  it('accepts a terminal, and one never seen', () => {
    expect(parse(Terminal, terminal)).toEqual(terminal);
    expect(
      parse(Terminal, { ...terminal, lastSeenAt: null, online: false, tokenMissing: true }),
    ).toBeTruthy();
  });

  it('rejects non-UUID ids, a string tokenMissing and a missing lastSeenAt', () => {
    expect(paths(Terminal, { ...terminal, id: 'kiosk-1' })).toEqual([['id']]);
    expect(paths(Terminal, { ...terminal, storeId: 'main' })).toEqual([['storeId']]);
    expect(paths(Terminal, { ...terminal, tokenMissing: 'false' })).toEqual([['tokenMissing']]);
    expect(paths(Terminal, { ...terminal, lastSeenAt: undefined })).toEqual([['lastSeenAt']]);
  });

  it('TerminalParams requires a UUID', () => {
    expect(parse(TerminalParams, { id: TERMINAL_ID })).toEqual({ id: TERMINAL_ID });
    expect(paths(TerminalParams, { id: 'kiosk-1' })).toEqual([['id']]);
  });
});

describe('TerminalName', () => {
  it('trims and accepts 1-50 characters', () => {
    expect(parse(TerminalName, '  Till 2  ')).toBe('Till 2');
    expect(parse(TerminalName, 't'.repeat(50))).toHaveLength(50);
  });
  it('rejects blank and 51 characters', () => {
    expect(issues(TerminalName, '   ')[0]?.message).toBe('must not be blank');
    expect(issues(TerminalName, 't'.repeat(51))[0]?.message).toBe('must be at most 50 characters');
  });
});

describe('pairing', () => {
  it('PairingCodeBody takes an optional store UUID', () => {
    expect(parse(PairingCodeBody, {})).toEqual({});
    expect(parse(PairingCodeBody, { storeId: STORE_ID })).toEqual({ storeId: STORE_ID });
    expect(paths(PairingCodeBody, { storeId: 'main' })).toEqual([['storeId']]);
  });

  it('PairingCode is six digits for a store with an expiry', () => {
    const code = { code: '482913', storeId: STORE_ID, expiresAt: '2026-03-14T09:40:00.000Z' };
    expect(parse(PairingCode, code)).toEqual(code);
    expect(paths(PairingCode, { ...code, code: '48291' })).toEqual([['code']]);
    expect(paths(PairingCode, { ...code, code: 'abc123' })).toEqual([['code']]);
    expect(paths(PairingCode, { ...code, expiresAt: 'soon' })).toEqual([['expiresAt']]);
  });

  it('PairBody trims the code and requires a name', () => {
    expect(parse(PairBody, { code: ' 482913 ', name: 'Front counter' })).toEqual({
      code: '482913',
      name: 'Front counter',
    });
    expect(paths(PairBody, { code: '48291', name: 'Front counter' })).toEqual([['code']]);
    expect(paths(PairBody, { code: '4829134', name: 'Front counter' })).toEqual([['code']]);
    expect(paths(PairBody, { code: '482913', name: '  ' })).toEqual([['name']]);
    expect(paths(PairBody, { code: '482913' })).toEqual([['name']]);
  });

  it('PairResponse carries the terminal, its secret and the environment', () => {
    const response = {
      terminal,
      secret: 'term_sk_test_2b8f0c1d9e7a',
      environment: 'sandbox',
      merchantName: 'Corner Café',
    };
    expect(parse(PairResponse, response)).toEqual(response);
    expect(paths(PairResponse, { ...response, environment: 'staging' })).toEqual([['environment']]);
    expect(paths(PairResponse, { ...response, terminal: { ...terminal, id: 'x' } })).toEqual([
      ['terminal', 'id'],
    ]);
  });
});

describe('TerminalUpdateBody', () => {
  it('accepts a new name, a switch, or both', () => {
    expect(parse(TerminalUpdateBody, { name: 'Till 2' })).toEqual({ name: 'Till 2' });
    expect(parse(TerminalUpdateBody, { remotePaymentsEnabled: false })).toEqual({
      remotePaymentsEnabled: false,
    });
    expect(parse(TerminalUpdateBody, { name: 'Till 2', remotePaymentsEnabled: true })).toBeTruthy();
    expect(parse(TerminalUpdateBody, { maxAmount: 250.5 })).toEqual({ maxAmount: 250.5 });
  });

  it('takes a largest payment in pounds, above 0 and within the service limit', () => {
    expect(paths(TerminalUpdateBody, { maxAmount: 0 })).toEqual([['maxAmount']]);
    expect(paths(TerminalUpdateBody, { maxAmount: 10.001 })).toEqual([['maxAmount']]);
    expect(issues(TerminalUpdateBody, { maxAmount: 1e8 })[0]?.message).toBe(
      'is too large: the largest amount is £99,999,999.99',
    );
  });

  it('words a payment over the limit the same for the service and the kiosk', () => {
    expect(overTerminalLimit(9_999_999_999, 1_000_000)).toBe(
      "Amount £99,999,999.99 is more than this terminal's largest payment, £10,000.00",
    );
  });

  it('rejects an empty body', () => {
    const found = issues(TerminalUpdateBody, {});
    expect(found.map((i) => i.path)).toEqual([['name']]);
    expect(found[0]?.message).toBe('name, remotePaymentsEnabled, maxAmount or storeId is required');
  });

  it('rejects a blank name and a string switch', () => {
    expect(paths(TerminalUpdateBody, { name: '  ' })).toEqual([['name']]);
    expect(paths(TerminalUpdateBody, { remotePaymentsEnabled: 'no' })).toEqual([
      ['remotePaymentsEnabled'],
    ]);
  });
});

describe('PushTokenBody', () => {
  it('accepts a token and null (removal)', () => {
    expect(parse(PushTokenBody, { fcmToken: 'dQw4w9WgXcQ:APA91bH' })).toBeTruthy();
    expect(parse(PushTokenBody, { fcmToken: null })).toEqual({ fcmToken: null });
  });
  it('rejects an empty, over-long or missing token', () => {
    expect(paths(PushTokenBody, { fcmToken: '' })).toEqual([['fcmToken']]);
    expect(paths(PushTokenBody, { fcmToken: 't'.repeat(4097) })).toEqual([['fcmToken']]);
    expect(paths(PushTokenBody, {})).toEqual([['fcmToken']]);
  });
});

describe('Store', () => {
  const store = {
    id: STORE_ID,
    name: 'High Street',
    merchantName: 'Corner Café',
    isPrimary: true,
    address: '12 High Street, York',
    archived: false,
    terminals: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  it('accepts a store, with and without an address, open or archived', () => {
    expect(parse(Store, store)).toEqual(store);
    const { address: _a, ...bare } = store;
    expect(parse(Store, { ...bare, isPrimary: false })).toBeTruthy();
    const archived = { ...store, archived: true, archivedAt: '2026-02-01T00:00:00.000Z' };
    expect(parse(Store, archived)).toEqual(archived);
  });
  it('rejects a non-UUID id and a missing isPrimary', () => {
    expect(paths(Store, { ...store, id: 'main' })).toEqual([['id']]);
    expect(paths(Store, { ...store, isPrimary: undefined })).toEqual([['isPrimary']]);
  });
});

describe('StoreCreateBody and StoreUpdateBody', () => {
  it('takes a name and an optional address, trimmed', () => {
    expect(parse(StoreCreateBody, { name: ' Station Road ' })).toEqual({ name: 'Station Road' });
    expect(paths(StoreCreateBody, { name: '  ' })).toEqual([['name']]);
    expect(paths(StoreCreateBody, { name: 'x'.repeat(81) })).toEqual([['name']]);
    expect(paths(StoreCreateBody, { name: 'A', address: 'x'.repeat(201) })).toEqual([['address']]);
  });
  it('needs something to change, and archived as a boolean', () => {
    expect(paths(StoreUpdateBody, {})).toEqual([['name']]);
    expect(paths(StoreUpdateBody, { archived: 'yes' })).toEqual([['archived']]);
    expect(parse(StoreUpdateBody, { address: null })).toEqual({ address: null });
  });
});
