/**
 * A merchant's access secrets, as the merchant manages them (GET/POST/DELETE
 * /api/merchant/secrets): listed by id, environment, kind and last four characters, never the
 * secret or its hash; a new one is shown once, in the answer that creates it (docs/security.md).
 */
import { z } from 'zod';
import { Environment, Timestamp } from './common';

/** A random id (a UUID; secrets kept before ids existed got 32 hex digits). */
export const SecretId = z
  .string()
  .regex(/^[0-9a-f-]{32,36}$/, 'must be an access secret id (from GET /api/merchant/secrets)');

export const AccessSecret = z.object({
  id: z.string(),
  environment: Environment,
  /** `merchant`: the API and dashboard; `terminal`: a paired terminal's (unpair to revoke it). */
  kind: z.enum(['merchant', 'terminal']),
  terminalId: z.string().nullable(),
  /** The secret's last four characters; null for a secret kept before they were recorded. */
  lastFour: z.string().nullable(),
  createdAt: Timestamp,
  /** To the minute: a secret's use is recorded at most once a minute. Null: never used since. */
  lastUsedAt: Timestamp.nullable(),
  /** Whether it is the secret this request was made with (which cannot revoke itself). */
  current: z.boolean(),
});
export type AccessSecret = z.infer<typeof AccessSecret>;

export const AccessSecretCreate = z.object({
  environment: Environment,
});

/** The new secret, the only time it is shown: only its hash is kept. */
export const CreatedAccessSecret = AccessSecret.extend({ secret: z.string() });
export type CreatedAccessSecret = z.infer<typeof CreatedAccessSecret>;
