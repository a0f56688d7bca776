/** The id of the last terminal event handled: kept on disk, so a restarted kiosk misses nothing. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPushCursor } from './push-cursor';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'push-cursor-'));
  dirs.push(dir);
  return dir;
};

describe('the push cursor', () => {
  it('survives a restart in the data folder, and reads as none until the first event', () => {
    const dir = tempDir();
    expect(createPushCursor(dir).get()).toBeNull();
    createPushCursor(dir).set('evt_42');
    expect(createPushCursor(dir).get()).toBe('evt_42');
    // Unpairing stores an empty id: the next pairing starts from its own beginning.
    createPushCursor(dir).set('');
    expect(createPushCursor(dir).get()).toBeNull();
  });

  it('reads a blank file as none, never as an id', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'push-cursor'), ' \n');
    expect(createPushCursor(dir).get()).toBeNull();
  });

  it('keeps the id in memory when the kiosk keeps nothing on disk', () => {
    const cursor = createPushCursor(null);
    expect(cursor.get()).toBeNull();
    cursor.set('evt_7');
    expect(cursor.get()).toBe('evt_7');
    expect(createPushCursor(null).get()).toBeNull();
  });
});
