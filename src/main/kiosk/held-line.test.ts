import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeldLine } from './held-line';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'held-line-'));
  dirs.push(dir);
  return dir;
};

describe('the held line', () => {
  it('keeps held counter payments in order across a restart', () => {
    const dir = tempDir();
    const line = createHeldLine(dir, () => 1_000);
    const a = line.add({ amountPence: 500, notes: 'A', method: null });
    const b = line.add({ amountPence: 750, notes: null, method: 'CARD' });
    line.fail(a.id, 'The payments service cannot be reached', true);
    const again = createHeldLine(dir, () => 2_000);
    expect(again.list()).toEqual([
      { ...a, error: 'The payments service cannot be reached', retryable: true },
      b,
    ]);
    expect(again.retry(a.id)).toBe(true);
    expect(again.list()[0]).toMatchObject({ error: null, retryable: false });
    expect(again.remove(a.id)).toBe(true);
    expect(again.remove(a.id)).toBe(false);
    expect(
      createHeldLine(dir, () => 0)
        .list()
        .map((h) => h.id),
    ).toEqual([b.id]);
    again.clear();
    expect(JSON.parse(readFileSync(join(dir, 'held-payments.json'), 'utf8'))).toEqual([]);
  });

  it('starts empty from a damaged file rather than failing the kiosk', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'held-payments.json'), '[{"id": 3}');
    expect(createHeldLine(dir, () => 0).list()).toEqual([]);
    expect(createHeldLine(null, () => 0).list()).toEqual([]);
  });
});
