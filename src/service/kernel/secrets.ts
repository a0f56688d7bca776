/** Access secrets: made here, stored and looked up only as their SHA-256 hash. */
import { hash, randomBytes } from 'node:crypto';
import type { Environment } from './caller';

// One-shot crypto.hash (Node 20.12+): every request hashes its secret, and a Hash object each time
// cost twice as much.
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** `sk_sandbox_…`, `sk_live_…` for merchants; `tk_sandbox_…`, `tk_live_…` for terminals. */
export function newSecret(kind: 'merchant' | 'terminal', environment: Environment): string {
  const prefix = `${kind === 'merchant' ? 'sk' : 'tk'}_${environment === 'sandbox' ? 'sandbox' : 'live'}_`;
  return prefix + randomBytes(24).toString('base64url');
}
