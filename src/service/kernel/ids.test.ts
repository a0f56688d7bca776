import { describe, expect, it } from 'vitest';
import { Uuid } from '../../shared/contract/common';
import { newId } from './ids';

describe('newId', () => {
  it('makes RFC 9562 version 7 UUIDs that the contract accepts', () => {
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Uuid.safeParse(id).success).toBe(true);
  });

  it('carries the time it was made in its first 48 bits', () => {
    const before = Date.now();
    const ms = parseInt(newId().replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('sorts in the order ids were made, also within one millisecond, and never repeats', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
