/**
 * Opening the kiosk's windows without Electron: Chromium (or Chrome) in app mode, one window for
 * the staff console and one for the customer display, in a profile of their own. When no such
 * browser is installed, `npm start` prints the URLs instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  // A Linux machine without a desktop (a server, CI) has nowhere to show a window.
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Opens each URL as an app window; `kiosk` makes both full screen with no way out but the PIN. */
export function openWindows(
  chromium: string,
  urls: { console: string; display: string },
  options: { profileDir: string; kiosk: boolean; locale?: string },
): ChildProcess[] {
  const locale = options.locale ?? 'en-GB';
  const common = [
    `--user-data-dir=${join(options.profileDir)}`,
    // The kiosk's locale, not the machine's: native date fields and number formats follow it.
    `--lang=${locale}`,
    `--accept-lang=${locale}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Root cannot use Chromium's sandbox (CI machines and containers run as root).
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  const open = (url: string, extra: string[]) => {
    const child = spawn(chromium, [...common, ...extra, `--app=${url}`], { stdio: 'ignore' });
    // A browser that cannot start must not take the kiosk down: the URLs are printed anyway.
    child.on('error', (error) => console.error(`could not open ${chromium}: ${error.message}`));
    return child;
  };
  return [
    open(urls.console, [
      '--window-size=1280,800',
      ...(options.kiosk ? ['--start-fullscreen'] : []),
    ]),
    open(urls.display, [
      '--new-window',
      '--window-size=1024,768',
      ...(options.kiosk ? ['--kiosk'] : []),
    ]),
  ];
}

/** This machine's first LAN (non-internal IPv4) address, for a tablet or a phone to reach it. */
export function findLanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}
