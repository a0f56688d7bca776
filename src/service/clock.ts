/**
 * The service's clock. Time is injected so that the sandbox can move it forward (expiries and
 * webhook retries then fire) and tests never sleep for an expiry. The offset is persisted, so a
 * restarted sandbox keeps the time it was moved to.
 */
export interface Clock {
  now(): number;
  advance(ms: number): number;
  offset(): number;
}

export function createClock(initialOffset = 0, onChange?: (offset: number) => void): Clock {
  let offset = initialOffset;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      onChange?.(offset);
      return Date.now() + offset;
    },
    offset: () => offset,
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
