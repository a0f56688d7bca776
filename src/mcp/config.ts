/**
 * The stdio server's configuration, from its environment (docs/mcp.md): where the service is,
 * the merchant's access secret, and the agent's signing key, given as PEM or as a file. None of
 * it is ever a tool argument, and none of it is printed.
 */
import { readFileSync } from 'node:fs';

export type ToolSet = 'agent' | 'merchant';

export interface McpConfig {
  serviceUrl: string;
  secret: string;
  agentKeyPem?: string;
  agentId?: string;
  agentName?: string;
  confirmAbovePence: number;
  tools: Set<ToolSet>;
}

export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:4010';

/** A configuration problem, said without echoing any value that might be a secret. */
export class ConfigError extends Error {}

/** A credential given in a variable, or in the file another variable names. */
function fromEnvOrFile(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name];
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    throw new ConfigError(
      `${name}_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): McpConfig {
  const secret = fromEnvOrFile(env, 'COUNTER_SECRET') || env.SERVICE_API_KEY;
  if (!secret)
    throw new ConfigError(
      "Set COUNTER_SECRET (or COUNTER_SECRET_FILE) to the merchant's access secret (sk_sandbox_… or sk_live_…)",
    );
  const agentKeyPem = fromEnvOrFile(env, 'COUNTER_AGENT_KEY');
  const threshold = env.COUNTER_MCP_CONFIRM_ABOVE ?? '0';
  if (!/^\d{1,12}$/.test(threshold))
    throw new ConfigError('COUNTER_MCP_CONFIRM_ABOVE must be a whole number of pence, e.g. 5000');
  const listed = (env.COUNTER_MCP_TOOLS ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const t of listed)
    if (t !== 'agent' && t !== 'merchant')
      throw new ConfigError('COUNTER_MCP_TOOLS lists agent, merchant or both, comma-separated');
  // By default an agent's server has the agent's tools only: its spending is bounded by the
  // contracts a person approved, and it is given nothing more.
  const tools = new Set<ToolSet>(
    listed.length ? (listed as ToolSet[]) : agentKeyPem ? ['agent'] : ['merchant'],
  );
  if (tools.has('agent') && !agentKeyPem)
    throw new ConfigError(
      "The agent tools need the agent's private key: set COUNTER_AGENT_KEY_FILE (or COUNTER_AGENT_KEY)",
    );
  return {
    serviceUrl: (env.COUNTER_URL || DEFAULT_SERVICE_URL).replace(/\/+$/, ''),
    secret,
    ...(agentKeyPem ? { agentKeyPem } : {}),
    ...(env.COUNTER_AGENT_ID ? { agentId: env.COUNTER_AGENT_ID } : {}),
    ...(env.COUNTER_AGENT_NAME ? { agentName: env.COUNTER_AGENT_NAME } : {}),
    confirmAbovePence: Number(threshold),
    tools,
  };
}
