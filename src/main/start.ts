/**
 * `npm start`: the kiosk with its embedded payments service, on one machine with nothing else
 * running. The composition root: it starts the service (src/service), the kiosk core
 * (src/main/kiosk) and browser mode's server (src/main/browser), pairs the kiosk with the
 * service on first start, then opens the windows: Electron when its binary is installed,
 * Chromium app windows otherwise, or only prints the URLs (`--no-open`).
 */
import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { createKioskCore } from './kiosk/core';
import { createFileCredentialStore, credentialsPath } from './kiosk/credentials';
import { startKioskServer } from './browser/server';
import { createDisplayAccess, type DisplayCode } from './browser/display-access';
import { BRIDGE_SOCKET_PATH } from '../shared/bridge-socket';
import { startEmbeddedService, type EmbeddedService } from './launcher/embedded-service';
import { ensureBuilt, rendererDir } from './launcher/renderer-build';
import { builtDashboardDir, ensureDashboardBuilt } from '../service/site/dashboard-build';
import { productionSecretLines } from '../service/merchants/bootstrap';
import { findChromium, findLanAddress, openWindows } from './launcher/windows';
import { findElectron, startElectron } from './launcher/electron-binary';
import { OptionsError, USAGE, parseStartOptions } from './launcher/options';
import { pairWithEmbeddedService } from './launcher/auto-pair';

/** What the staff console shows of the LAN display: where the tablet opens it, and its code. */
const lanDisplay = (url: string, code: DisplayCode) => ({
  url,
  code: code.code,
  expiresAt: new Date(code.expiresAt).toISOString(),
});

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

async function main(argv: string[]) {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const options = parseStartOptions(argv);
  const log = (line: string) => console.error(line);
  await ensureBuilt(root, log);
  await ensureDashboardBuilt(root, log);
  // The embedded service serves the dashboard from this checkout whatever the working directory.
  process.env.COUNTER_DASHBOARD_DIR ??= builtDashboardDir(root);

  const lanAddress = options.lan ? (options.lanAddress ?? findLanAddress()) : undefined;
  if (options.lan && !lanAddress)
    log('--lan: this machine has no LAN address; serving loopback only');
  const kioskDir = join(options.dataDir, 'kiosk');
  mkdirSync(kioskDir, { recursive: true, mode: 0o700 });

  const core = createKioskCore({
    dataDir: kioskDir,
    credentials: createFileCredentialStore(credentialsPath(kioskDir)),
    push: options.push,
    pollFastMs: options.pollMs,
    kioskMode: options.kiosk,
    locale: options.locale,
    timeZone: options.timeZone,
    staffPin: options.staffPin,
    log: (line) => log(`[kiosk] ${line}`),
  });
  await core.start();

  // The kiosk's server first: with --lan its LAN address is the base of the payment links, and
  // it passes the customer pages through to the service, which stays on loopback.
  let embedded: EmbeddedService | null = null;
  let lanDisplayUrl = '';
  const access = lanAddress
    ? createDisplayAccess({
        onCode: (code) => core.setLanDisplay(lanDisplay(lanDisplayUrl, code)),
      })
    : undefined;
  const server = await startKioskServer({
    core,
    rendererDir: rendererDir(root),
    port: options.port,
    lan:
      access && lanAddress
        ? { access, address: lanAddress, service: () => embedded?.url ?? null }
        : undefined,
    log,
  }).catch(async (error: NodeJS.ErrnoException) => {
    access?.stop();
    await core.stop();
    if (error.code === 'EADDRNOTAVAIL')
      throw new OptionsError(
        `--lan-address ${lanAddress}: no network interface of this machine has that address`,
      );
    if (error.code !== 'EADDRINUSE') throw error;
    throw new OptionsError(
      `port ${options.port} is taken (is Counter already running?): choose another with --port`,
    );
  });
  const lanHost = lanAddress && isIP(lanAddress) === 6 ? `[${lanAddress}]` : lanAddress;
  const lanUrl = lanHost ? `http://${lanHost}:${new URL(server.url).port}` : undefined;
  if (access && lanUrl) {
    lanDisplayUrl = `${lanUrl}/display`;
    core.setLanDisplay(lanDisplay(lanDisplayUrl, access.current()));
  }

  if (!options.serviceUrl)
    embedded = await startEmbeddedService({
      dataDir: join(options.dataDir, 'service'),
      port: options.servicePort,
      publicUrl: lanUrl,
      log,
    }).catch(async (error: Error) => {
      await server.close();
      await core.stop();
      throw error;
    });
  if (embedded) await pairWithEmbeddedService(core, embedded, log);

  console.log(`kiosk console: ${server.consoleUrl}`);
  console.log(`customer display: ${server.displayUrl}`);
  const serviceUrl = embedded?.url ?? options.serviceUrl!;
  console.log(`dashboard: ${serviceUrl}/dashboard`);
  console.log(`service: ${serviceUrl}`);
  if (embedded) {
    console.log(`sandbox secret (sign in to the dashboard with it): ${embedded.sandboxSecret}`);
    for (const line of productionSecretLines(
      embedded.generatedProduction,
      options.printProductionSecret,
    ))
      console.log(line);
  }
  if (embedded && lanUrl) console.log(`payment pages for phones: ${embedded.publicUrl}`);
  if (access && lanUrl)
    console.log(
      `display code (open ${lanDisplayUrl} on the tablet; a new code after each use and every ` +
        `10 minutes, always in the console's Settings): ${access.current().code}`,
    );

  let children: ChildProcess[] = [];
  const electron = options.browser ? null : findElectron(root);
  const chromium = electron || !options.open ? null : findChromium();
  if (electron) {
    process.env.COUNTER_LOCALE = options.locale; // the shell's windows follow it too
    const child = startElectron(
      electron,
      root,
      `${server.url.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}`,
    );
    child.on('exit', () => void shutdown());
    children.push(child);
  } else if (chromium) {
    const open = (kiosk: boolean) => {
      for (const child of children) child.kill();
      children = openWindows(
        chromium,
        { console: server.consoleUrl, display: server.displayUrl },
        { profileDir: join(options.dataDir, 'chromium'), kiosk, locale: options.locale },
      );
    };
    open(core.state().kioskMode);
    // Chromium cannot leave --kiosk in place: when staff leave kiosk mode, reopen the windows.
    let kioskMode = core.state().kioskMode;
    core.subscribe((event) => {
      if (event.type !== 'state' || event.state.kioskMode === kioskMode) return;
      kioskMode = event.state.kioskMode;
      open(kioskMode);
    });
  } else if (options.open)
    log('no Chromium or Chrome to open here (or no desktop): open the two URLs above in a browser');

  let closing = false;
  async function shutdown() {
    if (closing) return;
    closing = true;
    for (const child of children) child.kill();
    access?.stop();
    await server.close();
    await core.stop();
    await embedded?.service.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(
    error instanceof OptionsError ? `${error.message}\n\n${USAGE}` : (error.stack ?? error.message),
  );
  process.exit(error instanceof OptionsError ? 2 : 1);
});
