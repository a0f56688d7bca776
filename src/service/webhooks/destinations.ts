/**
 * Where a webhook may be delivered. Whoever holds a merchant secret chooses the URL and reads the
 * delivery log, so without this the service would POST into its own network on their behalf
 * (cloud metadata, admin ports on loopback) and tell them what answered.
 *
 * - Production: https only, to public addresses only.
 * - Sandbox: public addresses and loopback, so an integrator's receiver on their own machine
 *   (`http://localhost:3000/hooks`) keeps working; private, link-local (metadata) and reserved
 *   addresses are refused there too.
 *
 * The URL is checked when subscribing (literal addresses and names that can only be local), and
 * every address is checked again when connecting, after DNS: a name that resolves (or later
 * re-resolves) inward is refused at delivery. The URL parser has already turned every literal
 * form (`2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]`) into a canonical address by then.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { Environment } from '../kernel/caller';

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/** Raised at connect time for an address the subscription's environment may not reach. */
export class AddressNotAllowedError extends Error {
  readonly code = 'ADDRESS_NOT_ALLOWED';
  constructor() {
    super('refused: address not allowed');
  }
}

const subnets = (list: [string, number][], family: 'ipv4' | 'ipv6', into = new BlockList()) => {
  for (const [network, prefix] of list) into.addSubnet(network, prefix, family);
  return into;
};

/**
 * IPv4 that is not the public internet (IANA special-purpose registry). A BlockList matches an
 * IPv4-mapped IPv6 address (`::ffff:7f00:1`) against these too.
 */
const notPublic = subnets(
  [
    ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches loopback on Linux
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata, 100.100.100.200)
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local: cloud metadata at 169.254.169.254
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and 255.255.255.255
  ],
  'ipv4',
);
// Within global unicast IPv6 (2000::/3, the only public IPv6), what is not public either:
// protocol assignments (Teredo, benchmarking, ORCHID), documentation and 6to4 (which embeds an
// IPv4 address, possibly a private one).
subnets(
  [
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['3fff::', 20],
  ],
  'ipv6',
  notPublic,
);
const globalUnicast = subnets([['2000::', 3]], 'ipv6');
const loopback = subnets([['::1', 128]], 'ipv6', subnets([['127.0.0.0', 8]], 'ipv4'));

const isMappedIpv4 = (address: string) => /^::ffff:/i.test(address);

function isPublic(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  // Mapped IPv4 is judged as the IPv4 address it reaches; other IPv6 outside 2000::/3 (loopback,
  // unspecified, unique-local fc00::/7, link-local fe80::/10, multicast, NAT64) is not public.
  if (isMappedIpv4(address)) return !notPublic.check(address, 'ipv6');
  return globalUnicast.check(address, 'ipv6') && !notPublic.check(address, 'ipv6');
}

const isLoopback = (address: string) => {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** Whether a subscription of `environment` may connect to this IP address. */
export function addressAllowed(address: string, environment: Environment): boolean {
  if (isPublic(address)) return true;
  return environment === 'sandbox' && isLoopback(address);
}

/** Names that only ever mean this machine or a local network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/**
 * Why `url` cannot be subscribed in `environment`, or null. Names are resolved only at delivery:
 * a public-looking name is accepted here and its addresses are checked when connecting.
 */
export function urlProblem(url: string, environment: Environment): string | null {
  const parsed = new URL(url);
  if (environment === 'production' && parsed.protocol !== 'https:')
    return 'must be an https URL in production';
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host)) {
    if (addressAllowed(host, environment)) return null;
    return environment === 'production'
      ? 'must be a public address, not a loopback, private, link-local or reserved one'
      : 'must be a public or loopback address, not a private, link-local or reserved one';
  }
  // A name without a dot is looked up in the local search domains: an internal host.
  if (environment === 'production' && (LOCAL_NAME.test(host) || !host.includes('.')))
    return 'must be a public host name, not a local one';
  return null;
}

/**
 * A `lookup` for net/tls.connect that refuses a name unless every address it resolves to is
 * allowed, so what is checked is exactly what is connected to (no second lookup to rebind).
 */
export function guardedLookup(environment: Environment, resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (
          addresses.length === 0 ||
          addresses.some(({ address }) => !addressAllowed(address, environment))
        )
          return callback(new AddressNotAllowedError(), '', 0);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
        if (usable.length === 0)
          return callback(
            Object.assign(new Error(`${hostname} has no IPv${wanted} address`), {
              code: 'ENOTFOUND',
            }),
            '',
            0,
          );
        if (options.all) return (callback as AllCallback)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
type AllCallback = (error: null, addresses: { address: string; family: number }[]) => void;
