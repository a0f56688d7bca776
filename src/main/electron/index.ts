/**
 * The thin Electron shell: windows, IPC and security. All kiosk logic lives in src/main/kiosk,
 * which runs under plain Node; this file only wires it to Electron:
 * - the staff console window, and the customer display on a second screen when one is attached;
 * - contextIsolation and sandbox on, nodeIntegration off, a strict Content-Security-Policy,
 *   navigation and new windows denied;
 * - one IPC channel whose sender is checked and whose every message is parsed by the core
 *   with the bridge contract;
 * - credentials encrypted with safeStorage (the OS keychain);
 * - optional full-screen kiosk mode (COUNTER_KIOSK_PIN), which staff leave with that PIN.
 *
 * Where the core runs: `npm start` runs it under Node and sets COUNTER_BRIDGE_URL, and this shell
 * relays IPC to it over the bridge socket. A packaged app has no such process and runs the core
 * here, in the main process, where src/sqlite loads better-sqlite3 13's Node-API binary (Electron
 * 45 embeds Node 22+): nothing is rebuilt for Electron.
 */
import { app, BrowserWindow, ipcMain, safeStorage, screen, session } from 'electron';
import { join } from 'node:path';
import {
  BRIDGE_CHANNEL,
  parseReply,
  type BridgeEvent,
  type BridgeReply,
} from '../../shared/bridge';
import { connectBridge } from '../browser/bridge-client';
import { KIOSK_CSP } from '../../shared/kiosk-csp';
import { createKioskCore } from '../kiosk/core';
import { createFileCredentialStore, credentialsPath, type SecretBox } from '../kiosk/credentials';

const safeStorageBox: SecretBox = {
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (sealed) => safeStorage.decryptString(sealed),
};

const windows = new Set<BrowserWindow>();

function createWindow(page: 'console' | 'display', bounds?: Electron.Rectangle): BrowserWindow {
  const win = new BrowserWindow({
    ...(bounds ?? { width: page === 'console' ? 1280 : 1024, height: 800 }),
    show: false,
    fullscreen: page === 'display' && bounds !== undefined,
    kiosk: kioskMode,
    backgroundColor: '#0f172a',
    webPreferences: {
      // The one preload exposes exactly the bridge contract through contextBridge (src/preload);
      // electronegativity's PRELOAD_JS_CHECK asks for this review, nothing more.
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      // A middle click must not open a window (AUXCLICK_JS_CHECK); new windows are refused anyway.
      disableBlinkFeatures: 'Auxclick',
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  windows.add(win);
  win.on('closed', () => windows.delete(win));
  win.once('ready-to-show', () => win.show());
  // The kiosk shows only its own pages: no navigation, no new windows, no permissions.
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void win.loadURL(`${devUrl}/${page}.html`);
  else void win.loadFile(join(__dirname, `../renderer/${page}.html`));
  return win;
}

let kioskMode = false;

function broadcast(event: BridgeEvent) {
  // The windows follow the core's kiosk mode: staff left it with the PIN, or entered it again.
  if (event.type === 'state' && event.state.kioskMode !== kioskMode) {
    kioskMode = event.state.kioskMode;
    for (const win of windows) if (!win.isDestroyed()) win.setKiosk(kioskMode);
  }
  for (const win of windows) if (!win.isDestroyed()) win.webContents.send(BRIDGE_CHANNEL, event);
}

interface Core {
  handle(raw: unknown): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  stop(): Promise<void> | void;
  /** Only a core in this process: over the bridge socket, the kiosk's server counts displays. */
  attachDisplay?(): () => void;
  /** The merchant's "reload the customer display" (docs/fleet.md), for a core in this process. */
  central?: { onReload(reload: () => void): () => void };
}

/** The windows' locale (`npm start --locale` passes it on as COUNTER_LOCALE); before ready. */
const LOCALE = process.env.COUNTER_LOCALE || 'en-GB';
app.commandLine.appendSwitch('lang', LOCALE);

/** The core in the `npm start` process (over the bridge socket), or here in a packaged app. */
async function openCore(): Promise<Core> {
  const url = process.env.COUNTER_BRIDGE_URL;
  if (url) {
    const relay = connectBridge(url, { log: (line) => console.log(`[bridge] ${line}`) });
    await relay.ready;
    return { handle: relay.handle, subscribe: relay.subscribe, stop: relay.close };
  }
  const dataDir = app.getPath('userData');
  const local = createKioskCore({
    dataDir,
    credentials: createFileCredentialStore(
      credentialsPath(dataDir),
      safeStorage.isEncryptionAvailable() ? safeStorageBox : undefined,
    ),
    // A packaged app set up with a staff PIN in its environment starts in kiosk mode, as before.
    kioskMode: Boolean(process.env.COUNTER_KIOSK_PIN),
    locale: LOCALE,
    staffPin: process.env.COUNTER_KIOSK_PIN || undefined,
    log: (line) => console.log(`[kiosk] ${line}`),
  });
  await local.start();
  kioskMode = local.state().kioskMode;
  return local;
}

let core: Core | null = null;

const isPrintReceipt = (raw: unknown): raw is { type: 'printReceipt'; paymentRequestId: string } =>
  typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'printReceipt';

/**
 * Prints the console's receipt (its print stylesheet shows only the receipt, sized for 80 mm
 * paper) to the system printer: silently when a default printer is set, otherwise through the
 * print dialog. The core checks the payment first, so a bad id prints nothing.
 */
async function printReceipt(
  sender: Electron.WebContents,
  raw: { type: 'printReceipt'; paymentRequestId: string },
): Promise<BridgeReply> {
  const checked = parseReply('printReceipt', await core!.handle(raw));
  // A failure, or a receipt the core already sent to the network receipt printer.
  if (!checked.ok || checked.result.printed) return checked;
  const printers = await sender.getPrintersAsync();
  // CUPS (and Windows) mark the default printer in the platform options.
  const defaultPrinter = printers.find(
    (p) => (p.options as Record<string, string> | undefined)?.['is-default'] === 'true',
  );
  return new Promise((resolve) => {
    sender.print(
      {
        silent: defaultPrinter !== undefined,
        ...(defaultPrinter ? { deviceName: defaultPrinter.name } : {}),
        printBackground: false,
        margins: { marginType: 'none' },
        pageSize: { width: 80_000, height: 297_000 },
      },
      (success, failureReason) =>
        resolve(
          success
            ? { ok: true, result: { printed: true } }
            : { ok: false, error: { message: `The receipt was not printed: ${failureReason}` } },
        ),
    );
  });
}
// Every web contents, not only the two windows made below (Electron's security checklist, items
// 12-14): no <webview>, no navigation away, no new windows. Asserted by security.test.ts.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

void app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [KIOSK_CSP] },
    });
  });

  core = await openCore();
  core.subscribe(broadcast);
  // The relay's first state event sets kioskMode before any window exists.
  await core.handle({ type: 'getState' }).then((raw) => {
    const reply = parseReply('getState', raw);
    if (reply.ok) kioskMode = reply.result.kioskMode;
  });

  ipcMain.handle(BRIDGE_CHANNEL, (event, raw: unknown) => {
    // Only our own windows, showing our own pages, may talk to the core.
    const sender = BrowserWindow.fromWebContents(event.sender);
    const url = event.senderFrame?.url ?? '';
    const ours =
      url.startsWith('file://') ||
      (process.env.ELECTRON_RENDERER_URL && url.startsWith(process.env.ELECTRON_RENDERER_URL));
    if (!sender || !windows.has(sender) || !ours)
      return { ok: false, error: { message: 'Unknown sender' } };
    if (isPrintReceipt(raw)) return printReceipt(event.sender, raw);
    return core!.handle(raw);
  });

  createWindow('console');
  // The customer display goes full screen on a second screen when one is attached.
  const primary = screen.getPrimaryDisplay();
  const second = screen.getAllDisplays().find((d) => d.id !== primary.id);
  const display = createWindow('display', second?.bounds);
  // The customer display's window is there until it closes (the kiosk's health report).
  const detach = core?.attachDisplay?.();
  const stopReload = core?.central?.onReload(() => display.webContents.reload());
  display.on('closed', () => {
    detach?.();
    stopReload?.();
  });
});

app.on('window-all-closed', () => {
  void Promise.resolve(core?.stop()).finally(() => app.quit());
});
