import { describe, expect, it } from 'vitest';
import { lastResponse } from './deliveries';

const base = {
  id: '00000000-0000-4000-8000-000000000001',
  eventId: 'evt_1',
  eventType: 'PAYMENTS_STATUS' as const,
  attempts: 1,
  createdAt: '2026-03-03T14:00:00.000Z',
  deliveredAt: null,
  attemptLog: [],
};

describe('lastResponse', () => {
  it('is a dash before any attempt', () => {
    expect(
      lastResponse({
        ...base,
        status: 'PENDING',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        nextAttemptAt: null,
      }),
    ).toBe('—');
  });

  it('names the HTTP status, the error and when it is tried next', () => {
    const now = new Date('2026-03-03T14:00:10.000Z');
    expect(
      lastResponse(
        {
          ...base,
          status: 'PENDING',
          lastStatusCode: 500,
          lastError: 'server error',
          nextAttemptAt: '2026-03-03T14:05:00.000Z',
        },
        now,
      ),
    ).toMatch(/^HTTP 500 · server error · next try \d\d:\d\d:\d\d$/);
    expect(
      lastResponse({
        ...base,
        status: 'DELIVERED',
        lastStatusCode: 204,
        lastError: null,
        nextAttemptAt: null,
      }),
    ).toBe('HTTP 204');
  });
});
