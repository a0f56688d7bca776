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
 *
 * Sessions are bounded per merchant, per client address and per instance, fairly (sessions.ts),
 * and a session ends when the secret that opened it is revoked, on whichever instance revokes it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Hono } from 'hono';
import { createFetchClient } from '../../shared/contract/fetch-client';
import type { RouteDef } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { McpContext } from './context';
import { hashSecret } from '../kernel/secrets';
import { mount } from '../http/mount';
import { createSessionTable, type HeldSession } from './sessions';

export const MCP_PATH = '/mcp';
const SESSION_HEADER = 'mcp-session-id';

interface Session extends HeldSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  secretHash: string;
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

/**
 * `response` with a body that calls `done` once it has been sent, or the client went away: a
 * session's request (a tool call streaming its answer, a confirmation being asked) is in flight
 * until then.
 */
function untilSent(response: Response, done: () => void): Response {
  if (!response.body) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (!next.done) return controller.enqueue(next.value);
        done();
        controller.close();
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

export const mcpRoutes: Area<McpContext> = (app: Hono, ctx) => {
  const sessions = createSessionTable<Session>();

  /** Runs one request of `session`, which counts as busy until its answer is sent. */
  async function handle(session: Session, request: Request): Promise<Response> {
    session.busy++;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      session.busy--;
      session.lastSeen = Date.now();
    };
    try {
      return untilSent(await session.transport.handleRequest(request), done);
    } catch (error) {
      done();
      throw error;
    }
  }

  async function open(request: Request, secret: string, merchantId: string, env: Session['env']) {
    // Loaded on the first session: the MCP SDK's schemas cost the service's start-up otherwise.
    const [{ WebStandardStreamableHTTPServerTransport }, { createCounterMcpServer, mcpFetch }] =
      await Promise.all([
        import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
        import('../../mcp/server'),
      ]);
    const now = Date.now();
    const address = env.incoming?.socket?.remoteAddress ?? 'unknown';
    // Room is made and the session counted in one step, before anything is awaited: sessions
    // opened at the same moment are each counted against the limits.
    sessions.makeRoom(merchantId, address, now);
    const id = randomUUID();
    const secretHash = hashSecret(secret);
    // Busy while it is being opened, so that no session opened meanwhile closes it to make room.
    const session = { merchantId, address, secretHash, lastSeen: now, busy: 1, env } as Session;
    const letGo = ctx.auth.untilRevoked(secretHash, () => sessions.drop(id));
    session.close = () => {
      letGo();
      void session.server?.close().catch(() => {});
    };
    sessions.add(id, session);
    let initialized = false;
    try {
      const client = createFetchClient({
        baseUrl: ctx.publicUrl(),
        secret,
        fetch: mcpFetch(async (input, init) => app.fetch(new Request(input, init), session.env)),
      });
      session.server = createCounterMcpServer({ merchant: client });
      session.transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        onsessioninitialized: () => void (initialized = true),
        onsessionclosed: () => sessions.drop(id),
      });
      await session.server.connect(session.transport);
      const response = await handle(session, request);
      session.busy--;
      // Anything but an initialize opens no session: its place is given back at once.
      if (!initialized) sessions.drop(id);
      return response;
    } catch (error) {
      sessions.drop(id);
      throw error;
    }
  }

  for (const method of ['get', 'post', 'delete'] as const)
    mount(app, ctx.auth, mcpRoute(method), async ({ c, caller }) => {
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
        return open(c.req.raw, secret, caller.merchantId, env);
      }
      const session = sessions.get(id);
      if (!session || session.secretHash !== hashSecret(secret))
        return jsonRpcError(404, 'No such MCP session: initialize a new one');
      session.lastSeen = Date.now();
      session.env = env;
      return handle(session, c.req.raw);
    });
};
