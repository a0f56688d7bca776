import { describe, expect, it } from 'vitest';
import { OptionsError, parseStartOptions } from './options';

describe('npm start options', () => {
  it('defaults to the newcomer setup: windows, embedded service, push, port 5180', () => {
    const options = parseStartOptions([], {});
    expect(options).toMatchObject({
      browser: false,
      open: true,
      port: 5180,
      serviceUrl: undefined,
      push: true,
      pollMs: 1000,
      lan: false,
      kiosk: false,
      staffPin: undefined,
      locale: 'en-GB',
      timeZone: 'Europe/London',
      printProductionSecret: false,
    });
    expect(options.dataDir).toMatch(/\.data$/);
  });

  it('reads the browser-mode flags the tests and docs use', () => {
    const options = parseStartOptions(
      [
        '--browser',
        '--no-open',
        '--port',
        '0',
        '--data-dir',
        '/tmp/x',
        '--no-push',
        '--poll-ms',
        '300',
      ],
      {},
    );
    expect(options).toMatchObject({
      browser: true,
      open: false,
      port: 0,
      dataDir: '/tmp/x',
      push: false,
      pollMs: 300,
    });
  });

  it.each([
    [['--port', 'abc'], /--port must be a port number/],
    [['--port', '70000'], /--port must be a port number/],
    [['--poll-ms', '5'], /--poll-ms must be 100-60000/],
    [['--service-url', 'ftp://x'], /--service-url must be an http\(s\) address/],
    [['--colour'], /Unknown option '--colour'/],
    [['--locale', 'not a locale'], /--locale must be a language tag/],
  ])('refuses %j with a message naming the option', (argv, message) => {
    expect(() => parseStartOptions(argv, {})).toThrow(OptionsError);
    expect(() => parseStartOptions(argv, {})).toThrow(message);
  });

  it('serves the LAN display on --lan-address (which implies --lan), an IP of this machine', () => {
    expect(parseStartOptions(['--lan'], {})).toMatchObject({ lan: true, lanAddress: undefined });
    expect(parseStartOptions(['--lan-address', '127.0.0.2'], {})).toMatchObject({
      lan: true,
      lanAddress: '127.0.0.2',
    });
    expect(parseStartOptions(['--lan', '--lan-address', '192.168.1.20'], {}).lanAddress).toBe(
      '192.168.1.20',
    );
    // Staff's own address, every address, or a name that DNS could re-point: refused.
    for (const address of ['127.0.0.1', '0.0.0.0', '::', 'kiosk.local', '192.168.1'])
      expect(() => parseStartOptions(['--lan-address', address], {})).toThrow(
        /--lan-address must be one IP address of this machine/,
      );
  });

  it('presets the staff PIN from COUNTER_KIOSK_PIN (only digits); --kiosk needs none', () => {
    expect(parseStartOptions([], { COUNTER_KIOSK_PIN: '2468' }).staffPin).toBe('2468');
    // The shop chooses its PIN in the console on first start; kiosk mode waits for it.
    expect(parseStartOptions(['--kiosk'], {})).toMatchObject({ kiosk: true, staffPin: undefined });
    expect(() => parseStartOptions(['--kiosk'], { COUNTER_KIOSK_PIN: 'abcd' })).toThrow(
      /4-8 digits/,
    );
  });

  it('takes the locale from --locale or COUNTER_LOCALE, in canonical form', () => {
    expect(parseStartOptions(['--locale', 'en-gb'], {}).locale).toBe('en-GB');
    expect(parseStartOptions([], { COUNTER_LOCALE: 'de-DE' }).locale).toBe('de-DE');
    expect(parseStartOptions(['--locale', 'fr-FR'], { COUNTER_LOCALE: 'de-DE' }).locale).toBe(
      'fr-FR',
    );
  });

  it("reads the shop's time zone, and refuses one it does not know", () => {
    expect(parseStartOptions(['--time-zone', 'America/New_York'], {}).timeZone).toBe(
      'America/New_York',
    );
    expect(parseStartOptions([], { COUNTER_TIME_ZONE: 'Europe/Paris' }).timeZone).toBe(
      'Europe/Paris',
    );
    expect(() => parseStartOptions(['--time-zone', 'Europe/Londn'], {})).toThrow(/--time-zone/);
  });
});
