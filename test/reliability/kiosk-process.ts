/**
 * The kiosk as a process of its own, for tests that kill it: the kiosk core over a data
 * directory (history, credentials, push cursor) and browser mode's bridge server, composed as
 * src/main/start.ts composes them, without the embedded service and windows (the test brings
 * its own service; the windows are not what a crash test looks at). Prints
 * `kiosk bridge: ws://…` once the bridge accepts connections.
 *   usage: kiosk-process.ts <data dir>
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKioskServer } from '../../src/main/browser/server';
import { createKioskCore } from '../../src/main/kiosk/core';
import { createFileCredentialStore, credentialsPath } from '../../src/main/kiosk/credentials';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/bridge-socket';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: kiosk-process.ts <data dir>');
const log = (line: string) => console.error(`[kiosk] ${line}`);
const core = createKioskCore({
  dataDir,
  credentials: createFileCredentialStore(credentialsPath(dataDir)),
  pollFastMs: 200,
  pollSlowMs: 500,
  finishedHoldMs: 60_000,
  staffPin: '2468',
  log,
});
await core.start();
const server = await startKioskServer({
  core,
  rendererDir: mkdtempSync(join(tmpdir(), 'kiosk-renderer-')),
  port: 0,
  log,
});
console.log(`kiosk bridge: ${server.url.replace(/^http/, 'ws')}${BRIDGE_SOCKET_PATH}`);
