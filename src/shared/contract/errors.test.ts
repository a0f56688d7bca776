import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  ErrorEnvelope,
  ErrorName,
  FieldError,
  STATUS_NAMES,
  errorEnvelope,
  fieldErrors,
  validationEnvelope,
} from './errors';
import { CustomerCreate } from './customers';
import { RemotePaymentBody } from './terminals';
import { parse, paths } from '../../../test/helpers/schema-test-kit';

/** The ZodError of an input the schema rejects. */
function zodError(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be rejected');
  return result.error;
}

describe('ErrorName', () => {
  it('holds every error name, including the bank feed NOT FOUND with a space', () => {
    for (const name of [
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'NOT_FOUND',
      'NOT FOUND',
      'CONFLICT',
      'GONE',
      'INTERNAL_SERVER_ERROR',
    ])
      expect(parse(ErrorName, name)).toBe(name);
    expect(ErrorName.safeParse('NOTFOUND').success).toBe(false);
  });
});

describe('ErrorEnvelope', () => {
  const envelope = {
    name: 'BAD_REQUEST',
    message: 'fullName: must be 2-30 characters and not blank',
    status: 400,
    errors: [{ field: 'fullName', message: 'must be 2-30 characters and not blank' }],
  };

  it('parses with errors as an array', () => {
    expect(parse(ErrorEnvelope, envelope)).toEqual(envelope);
    expect(parse(ErrorEnvelope, { ...envelope, errors: [] }).errors).toEqual([]);
  });

  it('parses with errors as the string "[]"', () => {
    expect(
      parse(ErrorEnvelope, {
        name: 'NOT_FOUND',
        message: 'Customer not found',
        status: 404,
        errors: '[]',
      }).errors,
    ).toBe('[]');
  });

  it('parses with no errors', () => {
    expect(
      parse(ErrorEnvelope, { name: 'UNAUTHORIZED', message: 'Unauthorized', status: 401 }),
    ).toEqual({
      name: 'UNAUTHORIZED',
      message: 'Unauthorized',
      status: 401,
    });
  });

  it('parses the bank feed 404 named NOT FOUND with a space', () => {
    expect(
      parse(ErrorEnvelope, {
        name: 'NOT FOUND',
        message: 'Consent not found',
        status: 404,
        errors: [],
      }).name,
    ).toBe('NOT FOUND');
  });

  it('parses 409 CONFLICT and 410 GONE', () => {
    expect(
      parse(ErrorEnvelope, {
        name: 'CONFLICT',
        message: 'Email already exists',
        status: 409,
        errors: '[]',
      }),
    ).toBeTruthy();
    expect(
      parse(ErrorEnvelope, { name: 'GONE', message: 'Cursor expired', status: 410 }),
    ).toBeTruthy();
  });

  it('rejects an unknown name, a success status and other errors strings', () => {
    expect(paths(ErrorEnvelope, { ...envelope, name: 'Bad Request' })).toEqual([['name']]);
    expect(paths(ErrorEnvelope, { ...envelope, status: 200 })).toEqual([['status']]);
    expect(paths(ErrorEnvelope, { ...envelope, status: 600 })).toEqual([['status']]);
    expect(paths(ErrorEnvelope, { ...envelope, status: '400' })).toEqual([['status']]);
    expect(paths(ErrorEnvelope, { ...envelope, errors: '' })).toEqual([['errors']]);
    expect(paths(ErrorEnvelope, { ...envelope, errors: '{}' })).toEqual([['errors']]);
    expect(paths(ErrorEnvelope, { ...envelope, errors: [{ message: 'x' }] })).toEqual([['errors']]);
    expect(paths(ErrorEnvelope, { ...envelope, message: undefined })).toEqual([['message']]);
  });

  it('FieldError has a field and a message', () => {
    expect(parse(FieldError, { field: 'amount', message: 'must be at least 1' })).toBeTruthy();
    expect(paths(FieldError, { field: 'amount' })).toEqual([['message']]);
  });
});

describe('errorEnvelope', () => {
  it('names each status as the error envelope does', () => {
    expect(STATUS_NAMES).toMatchObject({
      400: 'BAD_REQUEST',
      401: 'UNAUTHORIZED',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      410: 'GONE',
      500: 'INTERNAL_SERVER_ERROR',
    });
    expect(errorEnvelope(404, 'Customer not found')).toEqual({
      name: 'NOT_FOUND',
      message: 'Customer not found',
      status: 404,
      errors: [],
    });
    expect(errorEnvelope(410, 'Cursor expired').name).toBe('GONE');
  });

  it('takes an explicit name for the bank feed spelling', () => {
    expect(errorEnvelope(404, 'Consent not found', [], 'NOT FOUND').name).toBe('NOT FOUND');
  });

  it('falls back to INTERNAL_SERVER_ERROR for a status it does not name', () => {
    expect(errorEnvelope(502, 'Bad gateway').name).toBe('INTERNAL_SERVER_ERROR');
  });

  it('produces envelopes that ErrorEnvelope accepts', () => {
    for (const status of Object.keys(STATUS_NAMES).map(Number))
      expect(parse(ErrorEnvelope, errorEnvelope(status, 'x'))).toBeTruthy();
  });
});

describe('fieldErrors and validationEnvelope', () => {
  it('gives 400 BAD_REQUEST with a message naming the field and errors [{field, message}]', () => {
    const envelope = validationEnvelope(
      zodError(CustomerCreate, { fullName: 'J', email: 'jane@example.com' }),
    );
    expect(envelope.status).toBe(400);
    expect(envelope.name).toBe('BAD_REQUEST');
    expect(envelope.message).toContain('fullName');
    expect(envelope.message).toBe('fullName: must be 2-30 characters and not blank');
    expect(envelope.errors).toEqual([
      { field: 'fullName', message: 'must be 2-30 characters and not blank' },
    ]);
    expect(parse(ErrorEnvelope, envelope)).toEqual(envelope);
  });

  it('names every offending field, nested ones as dotted paths', () => {
    const envelope = validationEnvelope(
      zodError(RemotePaymentBody, {
        amount: 1.234,
        consumerDetails: { phoneCountryCode: '+44', phoneNumber: '12' },
      }),
    );
    const fields = (envelope.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['id', 'amount']));
    for (const field of fields) expect(envelope.message).toContain(`${field}:`);
    const details = validationEnvelope(
      zodError(RemotePaymentBody, {
        id: 't',
        amount: 1,
        consumerDetails: { phoneCountryCode: '+44', phoneNumber: '12' },
      }),
    );
    expect(details.errors).toEqual([
      {
        field: 'consumerDetails.phoneNumber',
        message: 'must be a phone number of digits only, at most 15 with the country code',
      },
    ]);
  });

  it('reports the rule a bad metadata key broke, not just that the key is invalid', () => {
    const envelope = validationEnvelope(
      zodError(CustomerCreate, {
        fullName: 'Jane Smith',
        email: 'jane@example.com',
        metadata: { 'a[b': 'x' },
      }),
    );
    expect(envelope.errors).toEqual([
      { field: 'metadata.a[b', message: 'metadata keys must not contain [ or ]' },
    ]);
    expect(envelope.message).toBe('metadata.a[b: metadata keys must not contain [ or ]');
  });

  it('reports an issue with no path against the body', () => {
    expect(fieldErrors(zodError(z.object({ a: z.string() }), 'not an object'))).toEqual([
      { field: '(body)', message: expect.any(String) },
    ]);
  });

  it('joins paths with dots, array indexes included', () => {
    const schema = z.object({ items: z.array(z.object({ sku: z.string() })) });
    expect(
      fieldErrors(zodError(schema, { items: [{ sku: 'a' }, {}] })).map((e) => e.field),
    ).toEqual(['items.1.sku']);
  });

  it('falls back to a generic message when there are no issues', () => {
    expect(validationEnvelope(new z.ZodError([]))).toEqual({
      name: 'BAD_REQUEST',
      message: 'Invalid request',
      status: 400,
      errors: [],
    });
  });
});
