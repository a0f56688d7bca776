/**
 * Where the kiosk keeps the id of the last terminal event it handled (push stream or event
 * feed): `DIR/push-cursor`, so a restarted kiosk asks the service for what happened while it was
 * away; in memory when the kiosk keeps nothing on disk.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LastEventIdStore } from './push-channel';

export function createPushCursor(dataDir: string | null): LastEventIdStore {
  const file = dataDir ? join(dataDir, 'push-cursor') : null;
  let memory: string | null = null;
  return {
    get(): string | null {
      if (!file) return memory;
      try {
        return readFileSync(file, 'utf8').trim() || null;
      } catch {
        return null;
      }
    },
    set(id: string) {
      if (file) writeFileSync(file, id);
      else memory = id;
    },
  };
}
