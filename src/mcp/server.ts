/**
 * Builds Counter's MCP server: the merchant's payment tools, Agent Pay's tools, or both, over
 * whatever clients it is handed. The transports (stdio.ts; the service's /mcp) decide which
 * credentials those clients carry; nothing here reads a secret.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { FetchClient } from '../shared/contract/fetch-client';
import { CLIENT_HEADER } from '../shared/contract/terminals';
import { registerAgentTools, type AgentToolOptions } from './agent-tools';
import { registerMerchantTools } from './merchant-tools';

export interface CounterMcpOptions {
  /** The typed client with the merchant's access secret: the merchant's payment tools. */
  merchant?: FetchClient;
  /** The Agent Pay client with the agent's key: Agent Pay's tools. */
  agent?: AgentToolOptions;
}

export const SERVER_INFO = { name: 'counter', version: '0.1.0' };

/**
 * `fetch` for the merchant client of an MCP server: every call names its client as MCP
 * (Counter-Client), so a payment pushed to a terminal shows there as "From MCP (assistant)".
 */
export function mcpFetch(send: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(CLIENT_HEADER, 'mcp');
    return send(input, { ...init, headers });
  };
}

export function createCounterMcpServer(options: CounterMcpOptions): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Counter payments. Amounts are in pounds (12.5 is £12.50). Give every tool that moves money a fresh idempotencyKey (a UUID) and reuse it only to retry that same call. Refunds, and payments above the configured threshold, are confirmed by the person at the client before they run.',
  });
  strictArguments(server);
  if (options.merchant) registerMerchantTools(server, options.merchant);
  if (options.agent) registerAgentTools(server, options.agent);
  return server;
}

/**
 * Every tool refuses an argument it does not take, naming it and the ones it does: a model that
 * sends `orderId` to terminal_push_payment must hear that it was not used, not see the call succeed
 * without it. The input schemas become strict as the tools are registered (tools/list shows them
 * with `additionalProperties: false`); a tool with no input takes none.
 */
function strictArguments(server: McpServer): void {
  const register = server.registerTool.bind(server) as (...args: unknown[]) => unknown;
  const strict = (name: string, config: { inputSchema?: unknown }, ...rest: unknown[]) =>
    register(name, { ...config, inputSchema: strictSchema(name, config.inputSchema) }, ...rest);
  server.registerTool = strict as unknown as McpServer['registerTool'];
}

function strictSchema(tool: string, schema: unknown): unknown {
  if (schema !== undefined && !(schema instanceof z.ZodObject)) return schema;
  const object = (schema as z.ZodObject | undefined) ?? z.object({});
  const takes = Object.keys(object.shape);
  const said = takes.length ? `it takes ${takes.join(', ')}` : 'it takes none';
  // A clone with a catchall of never is what .strict() makes; the error names the keys.
  return object.clone({
    ...object._zod.def,
    catchall: z.never(),
    error: ((issue: z.core.$ZodRawIssue) =>
      issue.code === 'unrecognized_keys'
        ? `${tool} does not take ${(issue.keys as string[]).join(', ')} (${said}); nothing was done`
        : undefined) as z.core.$ZodErrorMap<never>,
  });
}
