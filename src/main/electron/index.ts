/**
 * The thin Electron shell: windows, IPC and security. All kiosk logic lives in src/main/kiosk,
 * which runs under plain Node; this file only wires it to Electron.
 */
import { app, BrowserWindow, ipcMain, session } from 'electron';
import { join } from 'node:path';
import { BRIDGE_CHANNEL, BridgeCommand, type KioskState } from '../../shared/bridge';

const CSP =
  "default-src 'self'; img-src 'self' data: http://127.0.0.1:* http://localhost:*; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; style-src 'self' 'unsafe-inline'";

function createWindow(page: 'console' | 'display'): BrowserWindow {
  const win = new BrowserWindow({
    width: page === 'console' ? 1280 : 1024,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  // Navigation and new windows are denied: the kiosk shows only its own pages.
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void win.loadURL(`${devUrl}/${page}.html`);
  else void win.loadFile(join(__dirname, `../renderer/${page}.html`));
  return win;
}

void app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] },
    });
  });
  const console = createWindow('console');
  createWindow('display');
  const state: KioskState = {
    pairing: { paired: false },
    connection: 'offline',
    online: false,
    active: null,
    queue: [],
    takings: { count: 0, total: 0, tips: 0 },
  };
  ipcMain.handle(BRIDGE_CHANNEL, (event, raw: unknown) => {
    // Only our own windows may talk to the core.
    if (event.sender.id !== console.webContents.id && !BrowserWindow.fromWebContents(event.sender))
      throw new Error('unknown sender');
    const command = BridgeCommand.parse(raw);
    switch (command.type) {
      case 'getState':
        return { ok: true, result: state };
      default:
        return { ok: false, error: { message: `${command.type} is not available yet` } };
    }
  });
});

app.on('window-all-closed', () => app.quit());
