/**
 * Ids for the rows the service writes at volume (payment requests, their transactions, events,
 * webhook deliveries, refunds, customers, messages): UUID version 7 (RFC 9562), a millisecond
 * timestamp followed by random bits. Any UUID parser accepts them, like the version 4 ids they
 * replace, but consecutive ids sort together, so each new row's index entry lands on the same
 * few B-tree pages instead of a random one: a commit writes far fewer pages (a saved-card charge
 * touches five id indexes; docs/benchmarks.md). 62 bits are random, so an id (which a hosted
 * page's address carries) still cannot be guessed; but the time is readable, so secrets and
 * tokens stay randomUUID/randomBytes.
 */
import { randomFillSync } from 'node:crypto';

const bytes = Buffer.alloc(16);
let lastMs = 0;
let sequence = 0;
// Random bytes fetched 8 KiB at a time: one randomFillSync call per id cost more than the rest
// of newId together.
const pool = Buffer.alloc(8192);
let poolOffset = pool.length;

/** A new UUIDv7; ids made in one millisecond still sort in the order they were made. */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or the wall clock stepped back): count on in the 12-bit sequence field,
    // borrowing the next millisecond when it is full, so the order never goes backwards.
    ms = lastMs;
    sequence++;
    if (sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  pool.copy(bytes, 8, poolOffset, (poolOffset += 8));
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8); // version 7 and the sequence's high bits
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
