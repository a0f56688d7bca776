/**
 * A firebase-admin Credential for a Google service account that sends its OAuth2 token request
 * through our `httpAgent`. firebase-admin 13's own `cert(object, agent)` drops the agent for
 * service-account objects (firebase/firebase-admin-node#2960: google-auth-library's fromJSON is
 * called without the client options), so behind a proxy, or in tests, the token request would go
 * straight to oauth2.googleapis.com. firebase-admin caches the token and asks again near expiry.
 */
import { sign } from 'node:crypto';
import { request, type Agent } from 'node:https';
import type { Credential, GoogleOAuthAccessToken } from 'firebase-admin/app';
import { z } from 'zod';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPES = [
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/firebase.messaging',
];

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The signed JWT Google's token endpoint exchanges for an access token (RFC 7523). */
export function serviceAccountAssertion(account: ServiceAccountKey, audience: string): string {
  // Google checks iat/exp against real time, so the sandbox clock must not be used here.
  const now = Math.floor(Date.now() / 1000);
  const header = b64({
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id ? { kid: account.private_key_id } : {}),
  });
  const claims = b64({
    iss: account.client_email,
    scope: SCOPES.join(' '),
    aud: audience,
    iat: now,
    exp: now + 3600,
  });
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), account.private_key);
  return `${header}.${claims}.${signature.toString('base64url')}`;
}

export function serviceAccountCredential(account: ServiceAccountKey, agent?: Agent): Credential {
  const tokenUrl = new URL(account.token_uri ?? GOOGLE_TOKEN_URL);
  return {
    getAccessToken: () =>
      new Promise<GoogleOAuthAccessToken>((resolve, reject) => {
        const form = new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: serviceAccountAssertion(account, tokenUrl.href),
        }).toString();
        const req = request(
          tokenUrl,
          {
            method: 'POST',
            agent,
            timeout: 10_000,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(form),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
              const token = TokenAnswer.safeParse(json);
              if (res.statusCode === 200 && token.success) return resolve(token.data);
              reject(
                new Error(
                  `Google token endpoint answered ${res.statusCode}: ${text.slice(0, 300)}`,
                ),
              );
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('Google token endpoint timed out')));
        req.on('error', reject);
        req.end(form);
      }),
  };
}
