/**
 * What a tool answers: a one-line summary and the service's record as JSON, or a tool error
 * (`isError: true`) in the words of the service's error envelope, naming each field. Nothing
 * here ever holds a secret, a key or a signature: tools are handed records, never credentials.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiClientError } from '../shared/contract/call';
import { AgentPayError } from '../agent/index';

export function answer(summary: string, data?: unknown): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      ...(data === undefined
        ? []
        : [{ type: 'text' as const, text: JSON.stringify(data, null, 2) }]),
    ],
  };
}

export function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** A refusal a tool throws before anything moved (no elicitation, a declined person). */
export class ToolRefusal extends Error {}

/**
 * Any failure as a tool error: the envelope's name, status and message, then `field: message`
 * per field, as the HTTP API answers; a network failure says it could not reach the service.
 */
export function failure(error: unknown): CallToolResult {
  if (error instanceof ToolRefusal) return refusal(error.message);
  let head: string;
  let fields: { field: string; message: string }[] = [];
  if (error instanceof ApiClientError) {
    const envelope = error.envelope;
    head = envelope
      ? `${envelope.name} (${envelope.status}): ${envelope.message}`
      : `${error.status === 0 ? 'UNREACHABLE' : `HTTP ${error.status}`}: ${error.message}`;
    fields = Array.isArray(envelope?.errors) ? envelope.errors : [];
  } else if (error instanceof AgentPayError) {
    head = `${error.code}${error.status ? ` (${error.status})` : ''}: ${error.message}`;
    fields = error.errors;
  } else if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    head = `UNREACHABLE: could not reach the payments service (${String((error.cause as Error | undefined)?.message ?? error.message)})`;
  } else {
    head = `ERROR: ${error instanceof Error ? error.message : String(error)}`;
  }
  const lines = fields.map((f) => `${f.field}: ${f.message}`);
  return refusal([head, ...lines].join('\n'));
}

/** Runs a tool body; every throw becomes a tool error, so nothing escapes as a protocol error. */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return failure(error);
  }
}
