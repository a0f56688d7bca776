/**
 * The thin Electron shell: windows, IPC and security. All kiosk logic lives in src/main/kiosk,
 * which runs under plain Node; this file only wires it to Electron:
 * - the staff console window, and the customer display on a second screen when one is attached;
 * - contextIsolation and sandbox on, nodeIntegration off, a strict Content-Security-Policy,
 *   navigation and new windows denied;
 * - one IPC channel whose sender is checked and whose every message is parsed by the core
 *   with the bridge contract;
 * - credentials encrypted with safeStorage (the OS keychain).
 */
import { app, BrowserWindow, ipcMain, safeStorage, screen, session } from 'electron';
import { join } from 'node:path';
import { BRIDGE_CHANNEL, type BridgeEvent } from '../../shared/bridge';
import { createKioskCore, type KioskCore } from '../kiosk/core';
import { createFileCredentialStore, credentialsPath, type SecretBox } from '../kiosk/credentials';

const CSP = [
  "default-src 'self'",
  // QR codes and templates come from the payments service.
  "img-src 'self' data: http: https:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

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
    kiosk: page === 'console' && process.env.COUNTER_KIOSK_MODE === '1',
    backgroundColor: '#0f172a',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
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

function broadcast(event: BridgeEvent) {
  for (const win of windows) if (!win.isDestroyed()) win.webContents.send(BRIDGE_CHANNEL, event);
}

let core: KioskCore | null = null;

void app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });

  const dataDir = app.getPath('userData');
  core = createKioskCore({
    dataDir,
    credentials: createFileCredentialStore(
      credentialsPath(dataDir),
      safeStorage.isEncryptionAvailable() ? safeStorageBox : undefined,
    ),
    log: (line) => console.log(`[kiosk] ${line}`),
  });
  core.subscribe(broadcast);

  ipcMain.handle(BRIDGE_CHANNEL, (event, raw: unknown) => {
    // Only our own windows, showing our own pages, may talk to the core.
    const sender = BrowserWindow.fromWebContents(event.sender);
    const url = event.senderFrame?.url ?? '';
    const ours =
      url.startsWith('file://') ||
      (process.env.ELECTRON_RENDERER_URL && url.startsWith(process.env.ELECTRON_RENDERER_URL));
    if (!sender || !windows.has(sender) || !ours)
      return { ok: false, error: { message: 'Unknown sender' } };
    return core!.handle(raw);
  });

  await core.start();
  createWindow('console');
  // The customer display goes full screen on a second screen when one is attached.
  const primary = screen.getPrimaryDisplay();
  const second = screen.getAllDisplays().find((d) => d.id !== primary.id);
  createWindow('display', second?.bounds);
});

app.on('window-all-closed', () => {
  void core?.stop().finally(() => app.quit());
});
