/** `npm start` options: parsed once, with an error that says which option is wrong. */
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '../../shared/shop-day';

export interface StartOptions {
  /** Browser kiosk mode even when Electron is installed. */
  browser: boolean;
  /** Print the URLs; open no windows. */
  open: boolean;
  /** The kiosk's own port (pages and bridge). 0 picks a free one. */
  port: number;
  /** Holds kiosk/ (history, credentials) and service/ (the embedded service). */
  dataDir: string;
  /** The embedded service's port; default: remembered, else 4010, else any free port. */
  servicePort: number | undefined;
  /** Use this payments service instead of the embedded one (pair in the console). */
  serviceUrl: string | undefined;
  /** Without the push channel: everything by polling. */
  push: boolean;
  /** Poll interval while a payment is on the display. */
  pollMs: number;
  /** Also serve the customer display on the LAN, behind a display code. */
  lan: boolean;
  /**
   * The address the LAN display is served on (--lan-address, which implies --lan); undefined:
   * this machine's first LAN address.
   */
  lanAddress: string | undefined;
  /** Full-screen kiosk mode, which staff leave with the staff PIN. */
  kiosk: boolean;
  /** Dates and numbers in the windows (BCP 47, e.g. en-GB); --locale or COUNTER_LOCALE. */
  locale: string;
  /** The shop's time zone (IANA), whose day is "today"; --time-zone or COUNTER_TIME_ZONE. */
  timeZone: string;
  /**
   * Presets the staff PIN (COUNTER_KIOSK_PIN) when the kiosk has none yet; otherwise the shop
   * chooses it in the console on first start.
   */
  staffPin: string | undefined;
  /** Print the embedded service's production secret when its first start generates one. */
  printProductionSecret: boolean;
}

export class OptionsError extends Error {}

export const USAGE = `Usage: npm start -- [options]
  --browser            browser kiosk mode even when Electron is installed
  --no-open            open no windows; print the URLs
  --port P             the kiosk's own port (default 5180; 0 picks a free one)
  --data-dir DIR       where the kiosk's and the embedded service's data live (default .data)
  --service-port P     the embedded service's port (default: remembered, else 4010)
  --service-url URL    use this payments service instead of the embedded one
  --no-push            push turned off: everything by polling
  --poll-ms MS         poll interval while a payment is on the display (default 1000)
  --lan                serve the customer display on the LAN, behind a display code
  --lan-address A      the address (an IP of this machine) --lan serves on; implies --lan
                       (default: this machine's first LAN address)
  --kiosk              full-screen kiosk mode; staff leave it with the staff PIN
  --locale L           dates and numbers in the windows, e.g. en-GB (default; or COUNTER_LOCALE)
  --time-zone Z        the shop's time zone, whose day is "today" (default Europe/London; or
                       COUNTER_TIME_ZONE)
  --print-production-secret
                       on the first start, also print the generated production secret
  --help               this text`;

function port(name: string, text: string | undefined, fallback?: number): number | undefined {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new OptionsError(`--${name} must be a port number (0 picks a free one), not ${text}`);
  return value;
}

/**
 * An IP address of this machine, other than the one staff use (127.0.0.1, where every client is
 * staff) and other than "every address" (the display is served on one address only).
 */
function checkLanAddress(address: string): void {
  const unspecified = address === '0.0.0.0' || /^[0:]+$/.test(address);
  if (isIP(address) === 0 || unspecified || address === '127.0.0.1')
    throw new OptionsError(
      `--lan-address must be one IP address of this machine other than 127.0.0.1 (e.g. 192.168.1.20, or 127.0.0.2 to try it on this machine alone), not ${address}`,
    );
}

export function parseStartOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): StartOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', default: false },
        browser: { type: 'boolean', default: false },
        'no-open': { type: 'boolean', default: false },
        port: { type: 'string' },
        'data-dir': { type: 'string', default: '.data' },
        'service-port': { type: 'string' },
        'service-url': { type: 'string' },
        'no-push': { type: 'boolean', default: false },
        'poll-ms': { type: 'string' },
        lan: { type: 'boolean', default: false },
        'lan-address': { type: 'string' },
        kiosk: { type: 'boolean', default: false },
        locale: { type: 'string' },
        'time-zone': { type: 'string' },
        'print-production-secret': { type: 'boolean', default: false },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  const pollMs = values['poll-ms'] === undefined ? 1000 : Number(values['poll-ms']);
  if (!Number.isInteger(pollMs) || pollMs < 100 || pollMs > 60_000)
    throw new OptionsError(`--poll-ms must be 100-60000 milliseconds, not ${values['poll-ms']}`);
  const serviceUrl = values['service-url'];
  if (serviceUrl !== undefined && !/^https?:\/\/[^/]+/.test(serviceUrl))
    throw new OptionsError(`--service-url must be an http(s) address, not ${serviceUrl}`);
  const staffPin = env.COUNTER_KIOSK_PIN || undefined;
  if (staffPin !== undefined && !/^\d{4,8}$/.test(staffPin))
    throw new OptionsError('COUNTER_KIOSK_PIN must be 4-8 digits');
  const localeText = values.locale ?? (env.COUNTER_LOCALE || 'en-GB');
  let locale: string;
  try {
    [locale = 'en-GB'] = Intl.getCanonicalLocales(localeText);
  } catch {
    throw new OptionsError(`--locale must be a language tag such as en-GB, not ${localeText}`);
  }
  const lanAddress = values['lan-address'];
  if (lanAddress !== undefined) checkLanAddress(lanAddress);
  const timeZone = values['time-zone'] ?? (env.COUNTER_TIME_ZONE || DEFAULT_SHOP_TIME_ZONE);
  if (!isTimeZone(timeZone))
    throw new OptionsError(
      `--time-zone must be an IANA time zone such as Europe/London, not ${timeZone}`,
    );
  return {
    browser: values.browser,
    open: !values['no-open'],
    port: port('port', values.port, 5180)!,
    dataDir: resolve(values['data-dir']),
    servicePort: port('service-port', values['service-port']),
    serviceUrl,
    push: !values['no-push'],
    pollMs,
    lan: values.lan || lanAddress !== undefined,
    lanAddress,
    kiosk: values.kiosk,
    locale,
    timeZone,
    staffPin,
    printProductionSecret: values['print-production-secret'],
  };
}
