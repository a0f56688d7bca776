import { describe, expect, it } from 'vitest';
import { environmentOf } from './environment';

describe('environmentOf', () => {
  it('reads the environment from the secret prefix', () => {
    expect(environmentOf('sk_sandbox_x').label).toBe('SANDBOX');
    expect(environmentOf('sk_live_x').label).toBe('PRODUCTION');
    expect(environmentOf('whatever').key).toBe('unknown');
  });
});
