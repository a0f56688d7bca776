/**
 * MCP over Streamable HTTP as raw requests, for tests that need what the SDK client hides: many
 * sessions at once, a session id to reuse, or an answer's stream left open (a confirmation the
 * person never gives) to see when the server ends it.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export function mcpPost(
  url: string,
  secret: string,
  message: unknown,
  sessionId?: string,
): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify(message),
  });
}

/**
 * Opens a session (initialize, then initialized unless `initializedToo` is false: the server
 * holds the session from the initialize on): its id, or the refusal's status.
 */
export async function mcpSession(
  url: string,
  secret: string,
  capabilities: Record<string, unknown> = {},
  initializedToo = true,
): Promise<{ status: number; sessionId: string | null }> {
  const res = await mcpPost(url, secret, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities,
      clientInfo: { name: 'counter-test', version: '1.0.0' },
    },
  });
  await res.text();
  const sessionId = res.headers.get('mcp-session-id');
  if (res.status === 200 && sessionId && initializedToo)
    await (
      await mcpPost(url, secret, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)
    ).text();
  return { status: res.status, sessionId };
}

/** tools/list in a session: its status (200, or 404 for a session the server no longer has). */
export async function mcpListTools(url: string, secret: string, sessionId: string) {
  const res = await mcpPost(
    url,
    secret,
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    sessionId,
  );
  const text = await res.text();
  return { status: res.status, text };
}
