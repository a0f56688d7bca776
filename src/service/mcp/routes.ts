/**
 * MCP over Streamable HTTP at /mcp (docs/mcp.md): the merchant's payment tools, for the holder of
 * a merchant access secret, sent as `Authorization: Bearer` exactly as on the REST API (and
 * refused the same way: 401 in the error envelope, wrong secrets rate-limited per address).
 *
 * Each MCP session keeps its server in memory, because a refund's confirmation (elicitation) is
 * a request to the client answered by a later POST of the same session. A session belongs to the
 * secret that opened it: another secret naming it is told there is no such session. The tools
 * call this service's own HTTP API in process (app.fetch) with the session's secret, so they get
 * exactly its authentication, validation, idempotency and error envelope. Agent Pay's tools are
 * not served here: they sign with the agent's private key, which stays with the agent (stdio).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Hono } from 'hono';
import { createFetchClient } from '../../shared/contract/fetch-client';
import type { RouteDef } from '../../shared/contract/routes';
import type { Area } from '../context';
import { ApiError } from '../kernel/errors';
import { hashSecret } from '../kernel/secrets';
import { mount } from '../http/mount';

export const MCP_PATH = '/mcp';
/** A session nobody used for this long is closed (its client starts a new one). */
export const MCP_IDLE_MS = 30 * 60_000;
/** Sessions held at once per instance: beyond, new ones wait for idle ones to go. */
export const MCP_MAX_SESSIONS = 1000;
const SESSION_HEADER = 'mcp-session-id';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  secretHash: string;
  lastSeen: number;
  /** The latest request's connection: the in-process calls are rate-limited by its address. */
  env: { incoming?: IncomingMessage };
}

/** Not a contract operation (the body is JSON-RPC, which the MCP SDK validates). */
const mcpRoute = (method: 'get' | 'post' | 'delete') =>
  ({
    method,
    path: MCP_PATH,
    tag: 'MCP',
    auth: 'merchant',
    summary: 'Model Context Protocol (Streamable HTTP)',
    status: 200,
    response: null,
    contentType: 'application/json or text/event-stream',
    errors: [400, 404],
  }) satisfies RouteDef;

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';

export const mcpRoutes: Area = (app: Hono, ctx) => {
  const sessions = new Map<string, Session>();

  function closeIdle(now: number) {
    for (const [id, session] of sessions)
      if (now - session.lastSeen > MCP_IDLE_MS) {
        sessions.delete(id);
        void session.server.close().catch(() => {});
      }
  }

  async function open(request: Request, secret: string, env: Session['env']) {
    const now = Date.now();
    closeIdle(now);
    if (sessions.size >= MCP_MAX_SESSIONS)
      throw new ApiError(503, 'Too many MCP sessions are open; try again shortly');
    // Loaded on the first session: the MCP SDK's schemas cost the service's start-up otherwise.
    const [{ WebStandardStreamableHTTPServerTransport }, { createCounterMcpServer }] =
      await Promise.all([
        import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
        import('../../mcp/server'),
      ]);
    const session = { secretHash: hashSecret(secret), lastSeen: now, env } as Session;
    const client = createFetchClient({
      baseUrl: ctx.publicUrl(),
      secret,
      fetch: async (input, init) => app.fetch(new Request(input, init), session.env),
    });
    session.server = createCounterMcpServer({ merchant: client });
    session.transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    await session.server.connect(session.transport);
    return session.transport.handleRequest(request);
  }

  for (const method of ['get', 'post', 'delete'] as const)
    mount(app, ctx.auth, mcpRoute(method), async ({ c }) => {
      // Server-to-client messages ride on each POST's own stream (a refund's confirmation
      // included), so no standalone stream is offered: nothing long-lived holds a shutdown.
      if (method === 'get')
        return jsonRpcError(405, 'Method not allowed: this server streams on POST only', {
          Allow: 'POST, DELETE',
        });
      const secret = bearer(c.req.header('authorization'));
      const env = { incoming: (c.env as Session['env'] | undefined)?.incoming };
      const id = c.req.header(SESSION_HEADER);
      if (id === undefined) {
        if (method === 'delete') return jsonRpcError(400, 'Mcp-Session-Id header is required');
        return open(c.req.raw, secret, env);
      }
      const session = sessions.get(id);
      if (!session || session.secretHash !== hashSecret(secret))
        return jsonRpcError(404, 'No such MCP session: initialize a new one');
      session.lastSeen = Date.now();
      session.env = env;
      return session.transport.handleRequest(c.req.raw);
    });
};
