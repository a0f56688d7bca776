/**
 * What a kiosk test stands on: a real payments service on loopback and a kiosk core paired with
 * it as a terminal, the way staff pair one (a pairing code from the dashboard, given with the
 * staff PIN). The kiosk has the tests' defaults: polling slowed to an hour (so only what a test
 * drives, or push, moves a payment), a finished payment off the display after 50 ms, the staff
 * PIN preset as COUNTER_KIOSK_PIN would. Everything started is stopped by the test's cleanups,
 * newest first.
 */
import { createService, type Service, type ServiceOptions } from '../../src/service/app';
import { createKioskCore, type KioskCore, type KioskCoreOptions } from '../../src/main/kiosk/core';
import {
  createFileCredentialStore,
  createMemoryCredentialStore,
  credentialsPath,
} from '../../src/main/kiosk/credentials';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KioskState } from '../../src/shared/bridge';
import type { z } from 'zod';
import { PairResponse } from '../../src/shared/contract/terminals';
import { ok } from './kiosk-command';
import { callOnce, PRODUCTION, SANDBOX } from './service';
import { poll } from './webhook-receiver';
import { startServiceProcess } from '../reliability/service-process';

/** The staff PIN the test kiosks are preset with: pairing and every staff screen need it. */
export const PIN = '2468';

/** What a test runs after it, newest first (its afterEach empties the list). */
export type Cleanups = (() => unknown)[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
export type Json = any;

/** A JSON call to the service with the sandbox secret, on a connection of its own: its body. */
export async function api(url: string, method: string, path: string, body?: unknown) {
  return (await callOnce(url, method, path, body)).body as Json;
}

/** The same call answering `{status, ...body}`, for tests that check the status too. */
export async function apiWithStatus(url: string, method: string, path: string, body?: unknown) {
  const res = await callOnce(url, method, path, body);
  return { status: res.status, ...(res.body as object) } as Json;
}

export interface RunningService {
  url: string;
  service: Service;
  /** Stops the service (once: a test may stop it early, the cleanup then does nothing). */
  close(): Promise<void>;
}

/**
 * The payments service on loopback: in memory unless `dataDir` is given, on a free port unless
 * `port` is (a test restarting it on the same address passes both).
 */
export async function runningService(
  cleanups: Cleanups,
  options: Partial<ServiceOptions> & { port?: number } = {},
): Promise<RunningService> {
  const { port = 0, ...rest } = options;
  const service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
    ...rest,
  });
  const url = await service.listen(port);
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= service.close());
  cleanups.push(close);
  return { url, service, close };
}

/** A fresh folder under the system's temp folder, removed by the cleanups. */
export function cleanedTempDir(cleanups: Cleanups, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A kiosk keeping its history and pairing in `dir`, as a restart finds them, that soon notices
 * the service going and coming back (health checks and polls every fraction of a second).
 */
export const kioskKeepingIn = (cleanups: Cleanups, dir: string) =>
  testKiosk(cleanups, {
    health: { checkMs: 200 },
    dataDir: dir,
    credentials: createFileCredentialStore(credentialsPath(dir)),
    pollFastMs: 200,
    pollSlowMs: 500,
  });

/**
 * The payments service as a child process keeping its data in a folder of its own, which a test
 * stops and starts again on the same address (`url`); the cleanups stop it if it still runs.
 */
export async function stoppableService(cleanups: Cleanups, prefix: string) {
  const env = { SERVICE_SANDBOX_SECRET: SANDBOX, SERVICE_PRODUCTION_SECRET: PRODUCTION };
  const dir = cleanedTempDir(cleanups, prefix);
  let service = await startServiceProcess(dir, env);
  const port = Number(new URL(service.url).port);
  const stop = async () => {
    service.proc.child.kill('SIGTERM');
    await service.proc.exited;
  };
  cleanups.push(() => (service.proc.child.exitCode === null ? stop() : undefined));
  const start = async () => {
    service = await startServiceProcess(dir, env, port);
  };
  return { url: service.url, stop, start };
}

/** A kiosk core with the tests' defaults, stopped by the cleanups unless the test stopped it. */
export function testKiosk(cleanups: Cleanups, options: Partial<KioskCoreOptions> = {}): KioskCore {
  const core = createKioskCore({
    dataDir: null,
    credentials: createMemoryCredentialStore(),
    pollFastMs: 3_600_000,
    pollSlowMs: 3_600_000,
    finishedHoldMs: 50,
    staffPin: PIN,
    ...options,
  });
  const stop = core.stop.bind(core);
  let stopping: Promise<void> | null = null;
  core.stop = () => (stopping ??= stop());
  cleanups.push(() => core.stop());
  return core;
}

/** A pairing code as the dashboard makes one. */
export async function pairingCode(url: string): Promise<string> {
  return (await api(url, 'POST', '/api/terminal/pairing-codes', {})).code as string;
}

type Paired = Extract<KioskState['pairing'], { paired: true }>;

/**
 * Pairs the kiosk with the service as the terminal "Till", as staff do in Settings; with
 * `connected` (the default) it also waits for the push channel (or, without push, the service
 * answering the poller).
 */
export async function pairKiosk(
  core: KioskCore,
  url: string,
  options: { connected?: boolean } = {},
): Promise<Paired> {
  const code = await pairingCode(url);
  await ok(core, { type: 'pairWithCode', pin: PIN, baseUrl: url, code, name: 'Till' });
  if (options.connected ?? true)
    await poll(() => core.state().connection === 'connected', 10_000, 'the kiosk to connect');
  return core.state().pairing as Paired;
}

/** A running service and a started kiosk paired with it (see `pairKiosk`). */
export async function pairedKiosk(
  cleanups: Cleanups,
  options: {
    service?: Partial<ServiceOptions>;
    kiosk?: Partial<KioskCoreOptions>;
    connected?: boolean;
  } = {},
) {
  const service = await runningService(cleanups, options.service);
  const core = testKiosk(cleanups, options.kiosk);
  await core.start();
  const pairing = await pairKiosk(core, service.url, { connected: options.connected });
  return { service, url: service.url, core, pairing };
}

/**
 * A terminal paired over the API, for a test of one part of the kiosk (the push channel, the
 * poller) that needs a terminal's secret rather than a whole kiosk.
 */
export async function pairTerminal(
  url: string,
  name = 'Till',
): Promise<z.infer<typeof PairResponse>> {
  const code = await pairingCode(url);
  const res = await callOnce(url, 'POST', '/api/terminal/pair', { code, name }, null);
  if (res.status !== 201) throw new Error(`pairing answered ${res.status}`);
  return PairResponse.parse(res.body);
}
