/** Which environment an access secret belongs to, read from its prefix for the header badge. */
export type EnvironmentKey = 'sandbox' | 'production' | 'unknown';

export interface EnvironmentInfo {
  key: EnvironmentKey;
  label: string;
  title: string;
}

export function environmentOf(secret: string): EnvironmentInfo {
  if (secret.startsWith('sk_sandbox_'))
    return { key: 'sandbox', label: 'SANDBOX', title: 'Sandbox' };
  if (secret.startsWith('sk_live_'))
    return { key: 'production', label: 'PRODUCTION', title: 'Production' };
  return { key: 'unknown', label: 'ENVIRONMENT UNKNOWN', title: 'Unknown environment' };
}
