/**
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security),
 * asserted over the shell's real code: src/main/electron/index.ts is loaded with `electron`
 * replaced by a recorder (Electron's binary cannot run here), so every window option, session
 * handler and IPC check it sets is what this test reads. The kiosk core behind it is the real one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KIOSK_CSP } from '../../shared/kiosk-csp';

type Listener = (...args: unknown[]) => unknown;

const recorded = vi.hoisted(() => {
  const state = {
    windows: [] as {
      options: Record<string, unknown> & { webPreferences: Record<string, unknown> };
      events: Map<string, Listener>;
      openHandler?: Listener;
      loaded: string[];
    }[],
    appEvents: new Map<string, Listener>(),
    permissionRequest: undefined as Listener | undefined,
    permissionCheck: undefined as Listener | undefined,
    headers: undefined as Listener | undefined,
    ipc: new Map<string, Listener>(),
    userData: '',
  };
  return state;
});

vi.mock('electron', () => {
  class BrowserWindow {
    static all: BrowserWindow[] = [];
    static fromWebContents = (wc: unknown) =>
      BrowserWindow.all.find((w) => w.webContents === wc) ?? null;
    record: (typeof recorded.windows)[number];
    webContents: Record<string, unknown>;
    constructor(options: (typeof recorded.windows)[number]['options']) {
      this.record = { options, events: new Map(), loaded: [] };
      recorded.windows.push(this.record);
      BrowserWindow.all.push(this);
      const record = this.record;
      this.webContents = {
        setWindowOpenHandler: (handler: Listener) => (record.openHandler = handler),
        on: (event: string, listener: Listener) => record.events.set(event, listener),
        send: () => {},
      };
    }
    on() {}
    once() {}
    show() {}
    isDestroyed() {
      return false;
    }
    setKiosk() {}
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    loadFile(file: string) {
      this.record.loaded.push(`file:${file}`);
      return Promise.resolve();
    }
  }
  const session = {
    defaultSession: {
      setPermissionRequestHandler: (h: Listener) => (recorded.permissionRequest = h),
      setPermissionCheckHandler: (h: Listener) => (recorded.permissionCheck = h),
      webRequest: { onHeadersReceived: (h: Listener) => (recorded.headers = h) },
    },
  };
  const app = {
    whenReady: () => Promise.resolve(),
    on: (event: string, listener: Listener) => recorded.appEvents.set(event, listener),
    getPath: () => recorded.userData,
    quit: () => {},
    // The shell passes the kiosk's locale to Chromium (--lang) before anything else.
    commandLine: { appendSwitch: () => {} },
  };
  const display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } };
  return {
    app,
    BrowserWindow,
    session,
    ipcMain: { handle: (channel: string, h: Listener) => recorded.ipc.set(channel, h) },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
    },
    screen: { getPrimaryDisplay: () => display, getAllDisplays: () => [display] },
    default: {},
  };
});

beforeAll(async () => {
  recorded.userData = mkdtempSync(join(tmpdir(), 'counter-electron-'));
  delete process.env.COUNTER_BRIDGE_URL;
  delete process.env.ELECTRON_RENDERER_URL;
  (globalThis as { __dirname?: string }).__dirname = '/app/out/main';
  await import('./index');
  await vi.waitFor(() => expect(recorded.windows).toHaveLength(2), { timeout: 10_000 });
});

afterAll(async () => {
  await recorded.appEvents.get('window-all-closed')?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  rmSync(recorded.userData, { recursive: true, force: true });
});

describe("the Electron shell's security settings", () => {
  it('isolates, sandboxes and keeps Node out of both windows (checklist 2-4, 6, 8-10)', () => {
    for (const { options } of recorded.windows) {
      const prefs = options.webPreferences;
      expect(prefs).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      });
      for (const risky of [
        'nodeIntegrationInWorker',
        'nodeIntegrationInSubFrames',
        'allowRunningInsecureContent',
        'experimentalFeatures',
        'enableBlinkFeatures',
        'webviewTag',
      ])
        expect(prefs[risky], risky).toBeFalsy();
      // The preload is the CommonJS bundle a sandboxed preload needs.
      expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/);
    }
  });

  it('loads only its own pages from disk (checklist 1, 18)', () => {
    const loaded = recorded.windows.flatMap((w) => w.loaded);
    expect(loaded).toHaveLength(2);
    for (const url of loaded) expect(url).toMatch(/^file:.*renderer[/\\](console|display)\.html$/);
  });

  it('refuses navigation and new windows in every web contents (checklist 13, 14)', () => {
    for (const w of recorded.windows) {
      expect(w.openHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
      const event = { preventDefault: vi.fn() };
      w.events.get('will-navigate')?.(event, 'https://evil.example');
      expect(event.preventDefault).toHaveBeenCalled();
    }
    // Any other web contents (a devtools page, a future window) gets the same rules, and no webview.
    const created = recorded.appEvents.get('web-contents-created');
    expect(created).toBeTypeOf('function');
    const events = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    created!(
      {},
      {
        on: (e: string, l: Listener) => events.set(e, l),
        setWindowOpenHandler: (h: Listener) => (openHandler = h),
      },
    );
    expect(openHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      events.get(name)?.(event);
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
  });

  it('denies every permission request and check (checklist 5)', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const callback = vi.fn();
      recorded.permissionRequest?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(recorded.permissionCheck?.({}, permission)).toBe(false);
    }
  });

  it('sets a strict Content-Security-Policy on every response (checklist 7)', () => {
    const callback = vi.fn();
    recorded.headers?.({ responseHeaders: { 'X-Other': ['1'] } }, callback);
    const headers = callback.mock.calls[0]?.[0].responseHeaders as Record<string, string[]>;
    expect(headers['Content-Security-Policy']).toEqual([KIOSK_CSP]);
    expect(headers['X-Other']).toEqual(['1']);
    expect(KIOSK_CSP).toMatch(/default-src 'self'/);
    expect(KIOSK_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(KIOSK_CSP).toMatch(/object-src 'none'/);
    expect(KIOSK_CSP).not.toMatch(/unsafe-eval/);
  });

  it('answers IPC only from its own windows showing its own pages (checklist 17)', async () => {
    const [channel, handler] = [...recorded.ipc.entries()][0]!;
    expect(channel).toBeTruthy();
    const stranger = await handler(
      { sender: {}, senderFrame: { url: 'file:///app.html' } },
      {
        type: 'getState',
      },
    );
    expect(stranger).toEqual({ ok: false, error: { message: 'Unknown sender' } });
    const { BrowserWindow } = (await import('electron')) as unknown as {
      BrowserWindow: { all: { webContents: unknown }[] };
    };
    const ours = BrowserWindow.all[0]!.webContents;
    const remote = await handler(
      { sender: ours, senderFrame: { url: 'https://evil.example/' } },
      {
        type: 'getState',
      },
    );
    expect(remote).toEqual({ ok: false, error: { message: 'Unknown sender' } });
    const fromPage = (await handler(
      { sender: ours, senderFrame: { url: 'file:///app/out/renderer/console.html' } },
      { type: 'getState' },
    )) as { ok: boolean };
    expect(fromPage.ok).toBe(true);
  });
});
