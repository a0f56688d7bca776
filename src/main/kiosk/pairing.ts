/**
 * Connecting the kiosk to a payments service: redeem a pairing code from the dashboard (the
 * normal way: the kiosk gets a terminal secret that can only take payments for its store), or,
 * for a service without pairing, paste an access secret. Both verify against the service before
 * anything is saved, and both return only what may be shown (redact).
 */
import { ZodError } from 'zod';
import { ApiClientError, createClient, type ApiClient } from '../../client/http-client';
import { PairBody } from '../../shared/contract/terminals';
import {
  redact,
  type CredentialStore,
  type Credentials,
  type RedactedCredentials,
} from './credentials';

export class PairingError extends Error {
  constructor(
    message: string,
    /** The service's HTTP status; 0 when it could not be reached, undefined before any call. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PairingError';
  }
}

/** Checks and normalises the service URL the user typed. */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new PairingError(`"${baseUrl}" is not a web address (expected e.g. https://pay.example)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PairingError(`The payments service address must start with https:// or http://`);
  url.hash = '';
  url.search = '';
  return url.toString().replace(/\/+$/, '');
}

/** A client call's failure in words a shop assistant can act on. */
function explain(error: unknown, baseUrl: string, unauthorized?: string): PairingError {
  if (error instanceof ApiClientError) {
    if (error.status === 0)
      return new PairingError(`Cannot reach the payments service at ${baseUrl}`, 0);
    if (error.status === 401 && unauthorized) return new PairingError(unauthorized, 401);
    return new PairingError(error.message, error.status);
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    // A reply that is not the contract's shape means the address is not a Counter service.
    return new PairingError(
      issue
        ? `The service at ${baseUrl} did not answer as a payments service (${issue.path.join('.')}: ${issue.message})`
        : `The service at ${baseUrl} did not answer as a payments service`,
    );
  }
  if (error instanceof SyntaxError)
    return new PairingError(`The service at ${baseUrl} did not answer as a payments service`);
  return new PairingError(error instanceof Error ? error.message : String(error));
}

export interface PairOptions {
  baseUrl: string;
  code: string;
  /** The terminal's name on the dashboard, e.g. "Till 1". */
  name: string;
  store: CredentialStore;
  timeoutMs?: number;
}

/** Redeems a dashboard pairing code; saves the terminal secret it returns. */
export async function pairWithCode(options: PairOptions): Promise<RedactedCredentials> {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  // Check the shape here, so a typo gets the contract's own words without a round trip.
  const body = PairBody.safeParse({ code: options.code, name: options.name });
  if (!body.success) {
    const issue = body.error.issues[0]!;
    throw new PairingError(`${issue.path.join('.')}: ${issue.message}`);
  }
  const client = createClient({ baseUrl, timeoutMs: options.timeoutMs });
  let paired;
  try {
    paired = await client.call('pairTerminal', { body: body.data });
  } catch (error) {
    throw explain(error, baseUrl);
  }
  const credentials: Credentials = {
    baseUrl,
    secret: paired.secret,
    environment: paired.environment,
    kind: 'terminal',
    terminalId: paired.terminal.id,
    terminalName: paired.terminal.name,
    merchantName: paired.merchantName,
  };
  await options.store.save(credentials);
  return redact(credentials);
}

/** The environment a secret names by its prefix, or null when it does not say. */
export function environmentOfSecret(secret: string): Credentials['environment'] | null {
  if (/^(sk|tk)_sandbox_/.test(secret)) return 'sandbox';
  if (/^(sk|tk)_live_/.test(secret)) return 'production';
  return null;
}

export interface ManualOptions {
  baseUrl: string;
  secret: string;
  store: CredentialStore;
  /** For a secret whose prefix does not say; otherwise the prefix decides. */
  environment?: Credentials['environment'];
  timeoutMs?: number;
}

export const SECRET_NOT_ACCEPTED = 'The access secret was not accepted';

/**
 * Uses an access secret pasted by the merchant, after checking the service accepts it. A merchant
 * secret can list the stores; a terminal secret is refused that call with 403, which still
 * proves the service knows it.
 */
export async function configureManually(options: ManualOptions): Promise<RedactedCredentials> {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const secret = options.secret.trim();
  if (!secret) throw new PairingError('Enter the access secret');
  const client = createClient({ baseUrl, secret, timeoutMs: options.timeoutMs });
  let kind: Credentials['kind'] = 'merchant';
  try {
    await client.call('listStores');
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 403) kind = 'terminal';
    else throw explain(error, baseUrl, SECRET_NOT_ACCEPTED);
  }
  // The service offers no call that names a secret's environment without side effects, so an
  // unprefixed secret takes the caller's word, or production: the cautious reading, which shows
  // no sandbox controls and treats every payment as real.
  const environment = environmentOfSecret(secret) ?? options.environment ?? 'production';
  const credentials: Credentials = { baseUrl, secret, environment, kind };
  await options.store.save(credentials);
  return redact(credentials);
}

/**
 * Forgets the pairing. A terminal cannot revoke its own secret (only the merchant can, from the
 * dashboard); given a merchant client, the terminal is deleted on the service as well.
 */
export async function unpair(
  store: CredentialStore,
  merchantClient?: ApiClient,
): Promise<{ revokedOnService: boolean }> {
  const saved = await store.load().catch(() => null);
  let revokedOnService = false;
  if (merchantClient && saved?.kind === 'terminal' && saved.terminalId) {
    try {
      await merchantClient.call('deleteTerminal', { params: { id: saved.terminalId } });
      revokedOnService = true;
    } catch (error) {
      // Already gone is as good as deleted; anything else must not block forgetting locally.
      revokedOnService = error instanceof ApiClientError && error.status === 404;
    }
  }
  await store.clear();
  return { revokedOnService };
}
