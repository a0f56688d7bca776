/**
 * Steps the specs share with a payments service of their own in this process: starting it for a
 * shop, calling its API as the merchant, and an Agent Pay client with a key of its own.
 */
import { createService } from '../../src/service/app';

/** A payments service on a free loopback port, its data in memory, for `merchantName` if given. */
export async function startOwnService(
  secrets: { sandbox: string; production: string },
  merchantName?: string,
) {
  const service = await createService({
    dataDir: null,
    ...(merchantName === undefined ? {} : { merchantName }),
    secrets,
  });
  return { service, base: await service.listen(0) };
}

/** The merchant's API at `base` with `secret`: each call's status and JSON body. */
export const merchantApi =
  (base: () => string, secret: string) => async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base() + path, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };

/** An Agent Pay client of the service at `baseUrl`, signing with a new P-256 key, as an agent would. */
export async function agentPayWithNewKey(baseUrl: string, apiKey: string) {
  const { AgentPay } = await import('../../src/agent/index');
  const { subtle } = globalThis.crypto;
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const der = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return new AgentPay({
    baseUrl,
    apiKey,
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${der}\n-----END PRIVATE KEY-----\n`,
  });
}
